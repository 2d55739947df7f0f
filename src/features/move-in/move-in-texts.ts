// The Swedish strings of 'Flytta in recept' (/move-in). The page's static introduction reads them too.

const recipes = (n: number) => `${n} recept`; // "recept" is the same in the singular and the plural
const photos = (n: number) => (n === 1 ? '1 bild' : `${n} bilder`);

export const MOVE_IN_TEXT = {
  heading: 'Flytta in recept',
  intro:
    'Har du dina recept i en annan app? Exportera dem därifrån och läs in exportfilen här. Receptboken läser ' +
    'exportfiler från Paprika, Mealie, Tandoor, Nextcloud Cookbook och RecipeSage, och alla filer med recept ' +
    'i schema.org-format (JSON eller JSON-LD).',
  introSafe:
    'Först ser du vad filen innehåller. Inget sparas förrän du väljer att läsa in recepten, och recept som ' +
    'redan finns i receptboken läses inte in en gång till.',
  // Choosing the file
  fileHeading: 'Exportfil',
  chooseFile: 'Välj fil',
  chooseOtherFile: 'Välj en annan fil',
  dragFileHere: 'Dra exportfilen hit eller',
  dropFile: 'Släpp filen här',
  oneFileOnly: 'Släpp en fil i taget.',
  chosenFile: (name: string, size: string) => `Vald fil: ${name} (${size})`,
  reading: 'Läser filen…',
  // The preview
  previewHeading: 'Det här finns i filen',
  format: 'Format',
  recipesFound: 'Recept',
  withPhotos: 'Med bilder',
  alreadyHere: 'Finns redan',
  cannotImport: 'Kan inte läsas in',
  recipeList: 'Recepten i filen',
  photos,
  alreadyHereTag: 'Finns redan i receptboken',
  fileNotes: 'Om filen',
  toReview: 'Bör granskas',
  previewReviewIntro: (n: number) =>
    `${recipes(n)} bör granskas efter inläsningen. Under Granska vid receptet står vad som kan behöva ändras.`,
  importButton: (n: number) => `Läs in ${recipes(n)}`,
  allHere: 'Alla recept i filen finns redan i receptboken.',
  noneImportable: 'Inget av recepten i filen går att läsa in.',
  noRecipes: 'Filen innehåller inga recept.',
  // The import
  importing: 'Läser in recepten',
  imported: 'Inläsningen är klar',
  progress: (done: number, total: number) => `${done} av ${total}`,
  leaveWhileImporting: 'Recepten läses in. Lämnar du sidan avbryts inläsningen.',
  // The result
  resultHeading: 'Resultat',
  importedCount: (n: number) => (n === 0 ? 'Inga recept lästes in.' : `${recipes(n)} lästes in.`),
  skippedCount: (n: number) => `${recipes(n)} lästes inte in.`,
  reviewCount: (n: number) => `${recipes(n)} bör granskas.`,
  reviewHeading: 'Granska',
  reviewIntro:
    'De här recepten lästes in, men något i dem kan behöva ändras. Öppna receptet och kontrollera det som står under namnet.',
  importedHeading: 'Inlästa recept',
  skippedHeading: 'Lästes inte in',
  importAnother: 'Läs in en annan fil',
  // What went wrong; the file stays chosen, so trying again needs nothing more
  tryAgain: 'Försök igen',
  tooLarge: 'Filen är för stor för att läsas in här.',
  tooLargeLimit: (limit: string) => `Filen är för stor. Den får vara högst ${limit}.`,
  unreadable: 'Filen gick inte att läsa. Kontrollera att det är en exportfil från någon av apparna ovan.',
  signedOut: 'Du är inte inloggad längre. Logga in igen och välj sedan filen på nytt.',
  notEditor: 'Ditt konto får inte lägga till recept. Be en administratör om redaktörsbehörighet.',
  busy: 'Servern har mycket att göra just nu. Försök igen om en stund.',
  network: 'Servern gick inte att nå. Kontrollera anslutningen och försök igen.',
  interrupted: 'Inläsningen avbröts. Läs in samma fil igen så läses resten in.',
  other: 'Något gick fel. Försök igen om en stund.',
} as const;
