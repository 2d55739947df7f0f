// The Swedish of the import dialog's photo part (issue 56): choosing photos of a paper recipe, reading them, and the
// text read beside the form. The API's refusals come with their own Swedish sentence, shown as they are.

/** The API reads at most this many pages at once (MAX_SCAN_PAGES in server/api/routes/recipe-imports.ts). */
export const MAX_SCAN_PAGES = 4;

export const SCAN_TEXT = {
  photos: 'Eller ett foto av receptet',
  choose: 'Fotografera eller välj bilder',
  chooseHint: `Ett recept över flera sidor: ta eller välj sidorna i ordning, högst ${MAX_SCAN_PAGES}.`,
  pages: 'Valda sidor',
  page: (n: number, name: string) => `Sida ${n}: ${name}`,
  remove: 'Ta bort',
  removePage: (n: number) => `Ta bort sida ${n}`,
  read: (count: number) => (count > 1 ? 'Läs bilderna' : 'Läs bilden'),
  reading: (count: number) => (count > 1 ? 'Läser bilderna …' : 'Läser bilden …'),
  tooMany: `Högst ${MAX_SCAN_PAGES} sidor åt gången. Ta bort en sida innan du lägger till fler.`,
  notAPicture: (name: string) => `${name} är ingen bild. Välj foton (JPEG, PNG, WebP eller HEIC).`,
  noAnswer: 'Bilderna kunde inte läsas just nu. Kontrollera anslutningen och försök igen.',
  scannedText: 'Läst text',
  scannedTextHint: 'Texten som lästes ur bilderna, bredvid bilderna. Jämför den med fälten innan du sparar.',
  photoOfPage: (n: number) => `Foto av sida ${n}`,
  keep: (count: number) => (count > 1 ? 'Spara fotona med receptet' : 'Spara fotot med receptet'),
  keepHint: 'Till exempel ett kort med handskrivet recept: fotot blir ett av receptets foton.',
  keeping: (count: number) => (count > 1 ? 'Sparar fotona …' : 'Sparar fotot …'),
  /** The kept photo's text alternative: what it shows, since the recipe's name alone would say a dish. */
  keptAlt: (n: number, count: number) => (count > 1 ? `Receptet på papper, sida ${n}` : 'Receptet på papper'),
  /** By its place, not its file name: a phone names every photo it takes 'image.jpg'. */
  notKept: (page: number, of: number, why: string) =>
    `${of === 1 ? 'Fotot' : `Sida ${page}`} kunde inte sparas med receptet: ${why}`,
} as const;
