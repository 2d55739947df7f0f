// The Swedish strings of 'Papperskorg' (/trash, issue 41). The page's static introduction reads them too.

import { dateText as day, dateTimeText as when } from '../../lib/date-text.ts';

export const TRASH_TEXT = {
  heading: 'Papperskorg',
  intro:
    'Här finns recept som har tagits bort. Du kan återställa dem som de var, med samma adress, bilder och ' +
    'kategorier. Efter en tid raderas de för gott.',
  checkingAccess: 'Kontrollerar inloggningen…',
  loading: 'Hämtar papperskorgen…',
  empty: 'Papperskorgen är tom.',
  count: (n: number) => (n === 1 ? '1 borttaget recept' : `${n} borttagna recept`),
  deleted: (at: string, by: string | null) => `Borttaget ${when(at)}${by ? ` av ${by}` : ''}.`,
  erasedAfter: (at: string) => `Raderas för gott ${day(at)}.`,
  restore: 'Återställ',
  restoreName: (name: string) => `Återställ ${name}`,
  erase: 'Radera permanent',
  eraseName: (name: string) => `Radera permanent: ${name}`,
  eraseTitle: 'Radera permanent',
  eraseQuestion: (name: string) => `Vill du radera ${name} för gott? Det går inte att ångra.`,
  cancel: 'Avbryt',
  restored: (name: string) => `${name} är återställt.`,
  open: 'Öppna receptet',
  erased: (name: string) => `${name} är raderat för gott.`,
  loadFailed: 'Papperskorgen kunde inte hämtas just nu.',
  tryAgain: 'Försök igen',
  // Not an editor (issue 54 item 8): the trash is no screen of the specification, so its English 403 sentence is
  // not owed here; trying again would get the same answer, so there is nothing to retry.
  notEditor:
    'Papperskorgen är bara för redaktörer. Ditt konto har inte rollen editor, så här finns inget för dig att se.',
  notEditorProfile: 'Dina behörigheter står på',
  notEditorProfileLink: 'din profil',
  signedOut: 'Du är inte inloggad. Papperskorgen är bara för redaktörer: logga in med ett konto som har rollen editor.',
  signIn: 'Logga in',
} as const;
