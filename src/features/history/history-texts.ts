// The Swedish strings of 'Historik' (issue 41): a recipe's saved versions on its edit page.

import { dateTimeText as when } from '../../lib/date-text.ts';
import { RECIPE_LABELS as LABEL } from '../../lib/recipe-labels.ts';

export const HISTORY_TEXT = {
  open: 'Historik',
  title: 'Historik',
  intro:
    'Varje sparad version av receptet, den senaste först. Öppna en version för att se den och vad som har ändrats sedan dess.',
  loading: 'Hämtar versionerna…',
  loadingVersion: 'Hämtar versionen…',
  tryAgain: 'Försök igen',
  close: 'Stäng',
  back: 'Alla versioner',
  version: (n: number) => `Version ${n}`,
  current: 'nuvarande',
  saved: (at: string, by: string | null) => `Sparad ${when(at)}${by ? ` av ${by}` : ''}`,
  show: 'Visa',
  showVersion: (n: number) => `Visa version ${n}`,
  onlyOne: 'Receptet har inte ändrats sedan det skapades: det finns bara den här versionen.',
  changesHeading: 'Ändrat sedan den här versionen',
  noChanges: 'Den här versionen är likadan som den nuvarande.',
  contentHeading: 'Så här såg receptet ut',
  // The fields are named as the form names them.
  servings: LABEL.servings,
  prepTime: LABEL.prepTime,
  totalTime: LABEL.totalTime,
  categories: LABEL.categories,
  source: LABEL.source,
  photos: LABEL.photos,
  ingredients: LABEL.ingredients,
  instructions: LABEL.instructions,
  restore: 'Återställ den här versionen',
  unsaved: 'Du har ändringar här som inte är sparade. De försvinner om du återställer en version.',
  restoring: 'Återställer…',
  /** The recipe page's confirmation after a restore. */
  restored: 'Versionen är återställd och sparad som receptets nyaste.',
} as const;
