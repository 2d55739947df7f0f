// Swedish strings the editor shows beyond the field rules (those live in src/lib/recipe-schema.ts).
// Spec strings are copied verbatim; {product} is 'recept'.
import { MAX_PHOTOS } from '../../lib/photo-schema.ts';
import { RECIPE_LABELS as LABEL } from '../../lib/recipe-labels.ts';

export const TEXT = {
  newHeading: 'Nytt recept',
  editHeading: 'Redigera recept',
  saveNew: 'Spara nytt recept',
  save: 'Spara',
  deleteRecipe: 'Ta bort recept',
  name: LABEL.name,
  servings: LABEL.servings,
  instructions: LABEL.instructions,
  ingredients: LABEL.ingredients,
  addIngredient: 'Lägg till ingrediens',
  noIngredients: 'Inga ingredienser än.',
  saving: 'Sparar receptet…',
  loading: 'Hämtar receptet…',
  notFound: 'Receptet hittades inte.',
  // Ingredient dialog
  addIngredientTitle: 'Lägg till ingrediens',
  editIngredientTitle: 'Redigera ingrediens',
  ingredientName: 'Ingrediens',
  quantity: 'Mängd',
  unit: 'Enhet',
  noUnit: 'Ingen',
  note: 'Anteckning',
  cancel: 'Avbryt',
  add: 'Lägg till',
  edit: 'Redigera',
  remove: 'Ta bort',
  // Delete dialog
  deleteQuestion: (name: string) => `Vill du ta bort ${name}?`,
  deleteTitle: 'Ta bort recept',
  // Conflict on save (HTTP 409)
  conflict: 'Receptet har ändrats av någon annan sedan du öppnade det.',
  conflictHint:
    'Dina ändringar finns kvar i formuläret. Kopiera det du vill behålla innan du hämtar den senaste versionen.',
  loadLatest: 'Hämta senaste versionen',
  // Leaving with unsaved changes
  confirmLeave: 'Du har ändringar som inte är sparade. Vill du lämna sidan ändå?',
  // Import dialog (POST /recipe-imports)
  importRecipe: 'Importera recept',
  importHint:
    'Klistra in adressen till en receptsida, sidans HTML, eller ett recept som text (från ett mejl, en anteckning eller en PDF). Inget sparas förrän du sparar receptet.',
  importSource: 'Adress eller HTML, eller receptet som text',
  importButton: 'Importera',
  importing: 'Hämtar receptet…',
  importEmpty: 'Skriv en adress eller klistra in HTML eller text.',
  importNoRecipe: 'Sidan innehåller inget recept.',
  importNotFetched: 'Sidan kunde inte hämtas.',
  importTooSlow: 'Sidan svarade inte i tid.',
  importNotAllowed: 'Adressen är inte tillåten.',
  importBadAddress: 'Adressen går inte att läsa. Den ska börja med http:// eller https://.',
  importTooLarge: 'Sidan är för stor för att importeras.',
  importTooLargeLimit: (limit: string) => `Sidan är för stor (över ${limit}) för att importeras.`,
  importTextTooLarge: (limit: string) => `Texten är för stor (över ${limit}) för att importeras.`,
  importNoRecipeInText: 'Texten innehåller inget recept.',
  importNotices: 'Om importen',
  importTooComplex: 'Sidan är för stor eller för invecklad för att läsas. Prova att klistra in en mindre del av den.',
  importBusy: 'Många sidor importeras just nu. Försök igen om en stund.',
  // Categories, times and source (issue 25)
  categories: LABEL.categories,
  chosenCategories: 'Valda kategorier',
  addCategory: 'Lägg till kategori',
  categoriesHint: 'Tryck Enter eller komma för att lägga till en kategori.',
  removeCategory: (name: string) => `Ta bort kategorin ${name}`,
  prepTime: LABEL.prepTime,
  totalTime: LABEL.totalTime,
  minutes: 'min',
  minutesLong: 'minuter',
  source: LABEL.source,
  sourceUrl: 'Webbadress',
  sourceName: 'Titel eller upphov',
  // Ingredient sections and don't-scale (issue 25)
  addHeading: 'Lägg till rubrik',
  addHeadingTitle: 'Lägg till rubrik',
  editHeadingTitle: 'Redigera rubrik',
  heading: 'Rubrik',
  headingRowPrefix: 'Rubrik',
  headingRowName: (heading: string) => `Rubrik ${heading}`,
  doNotScale: 'Skala inte med portionerna',
  doesNotScale: 'skalas inte',
  // Drag handle and list
  dragHandle: (name: string) => `Flytta ${name}`,
  // Photos (issue 23)
  photos: LABEL.photos,
  photosHint: `Högst ${MAX_PHOTOS} bilder. Den första är huvudbild. Du kan också klistra in en bild.`,
  choosePhotos: 'Välj bilder',
  dropPhotos: 'Släpp bilderna här',
  dragPhotosHere: 'Dra bilder hit eller',
  mainPhoto: 'Huvudbild',
  photoName: (position: number) => `Bild ${position}`,
  removePhoto: 'Ta bort bild',
  photoAlt: 'Bildtext',
  photoAltHint: 'Beskriv bilden för den som inte ser den. Lämnas fältet tomt används receptets namn.',
  photoUploading: (name: string) => `Laddar upp ${name}`,
  photoWaiting: (name: string) => `Väntar: ${name}`,
  photoRefused: (name: string, why: string) => `${name}: ${why}`,
  photoUploadFailed: 'Bilden kunde inte laddas upp. Försök igen.',
  tooManyPhotos: (left: number) =>
    `Ett recept kan ha högst ${MAX_PHOTOS} bilder. ${left === 1 ? '1 bild' : `${left} bilder`} lades inte till.`,
  photosStillUploading: 'Vänta tills bilderna har laddats upp och spara sedan.',
  // A refused save (issue 39): 'fält' is the same word in the singular and the plural.
  fieldsToFix: (count: number) => `${count} fält behöver rättas`,
  // A signed-in user without the editor role (issue 39), before the form; the profile link ends the notice.
  roleNoticeNew:
    'Att spara recept kräver rollen editor, som ditt konto inte har. Du kan fylla i formuläret, men det går inte att spara.',
  roleNoticeEdit:
    'Att spara eller ta bort recept kräver rollen editor, som ditt konto inte har. Du kan ändra i formuläret, men det går inte att spara.',
  roleNoticeProfile: 'Dina behörigheter står på',
  roleNoticeProfileLink: 'din profil',
} as const;
