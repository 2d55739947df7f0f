// Swedish strings the editor shows beyond the field rules (those live in src/lib/recipe-schema.ts).
// Spec strings are copied verbatim; {product} is 'recept'.
import { MAX_PHOTOS } from '../../lib/photo-schema.ts';

export const TEXT = {
  newHeading: 'Nytt recept',
  editHeading: 'Redigera recept',
  saveNew: 'Spara nytt recept',
  save: 'Spara',
  deleteRecipe: 'Ta bort recept',
  name: 'Namn',
  servings: 'Portioner',
  instructions: 'Instruktioner',
  ingredients: 'Ingredienser',
  addIngredient: 'Lägg till ingrediens',
  noIngredients: 'Inga ingredienser än.',
  saving: 'Sparar receptet…',
  loading: 'Hämtar receptet…',
  checkingAccess: 'Kontrollerar inloggningen…',
  notFound: 'Receptet hittades inte.',
  // Ingredient dialog
  addIngredientTitle: 'Lägg till ingrediens',
  editIngredientTitle: 'Redigera ingrediens',
  ingredientName: 'Ingrediens',
  quantity: 'Mängd',
  unit: 'Enhet',
  noUnit: 'Ingen',
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
  importHint: 'Klistra in adressen till en receptsida, eller sidans HTML. Inget sparas förrän du sparar receptet.',
  importSource: 'Adress eller HTML',
  importButton: 'Importera',
  importing: 'Hämtar receptet…',
  importEmpty: 'Skriv en adress eller klistra in HTML.',
  importNoRecipe: 'Sidan innehåller inget recept.',
  importNotFetched: 'Sidan kunde inte hämtas.',
  importTooSlow: 'Sidan svarade inte i tid.',
  importNotAllowed: 'Adressen är inte tillåten.',
  importBadAddress: 'Adressen går inte att läsa. Den ska börja med http:// eller https://.',
  importTooLarge: 'Sidan är för stor för att importeras.',
  importTooComplex: 'Sidan är för stor eller för invecklad för att läsas. Prova att klistra in en mindre del av den.',
  importBusy: 'Många sidor importeras just nu. Försök igen om en stund.',
  // Drag handle and list
  dragHandle: (name: string) => `Flytta ${name}`,
  // Photos (issue 23)
  photos: 'Bilder',
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
} as const;
