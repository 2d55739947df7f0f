// The start of an editor-only page ('Nytt recept', 'Flytta in recept'): whether the signed-in person may use it, and
// its top: 'Tillbaka' to the list, the page's heading and search bar, then the check's spinner or why it was refused.
// A signed-out visitor is sent to the login page and back (ensureSignedIn); the API still decides every write.
import { useEffect, useState, type ReactNode } from 'react';
import { ensureSignedIn } from '../stores/auth.ts';
import BackButton from './back-button.tsx';
import Spinner from './spinner.tsx';

const CHECKING = 'Kontrollerar inloggningen…';

/** 'checking', 'granted' or the reason access was refused (said as it is). */
export function useEditorAccess(): string {
  const [access, setAccess] = useState<string>('checking');
  useEffect(() => {
    ensureSignedIn().then(
      (signedIn) => signedIn && setAccess('granted'), // else on the way to the login page
      (e: unknown) => setAccess(e instanceof Error ? e.message : String(e)),
    );
  }, []);
  return access;
}

/** `children`: the page's heading and search bar, placed after the toolbar. */
export function EditorPageTop({ access, children }: { access: string; children?: ReactNode }) {
  return (
    <>
      <div className="toolbar">
        <BackButton href="/" />
      </div>
      {children}
      {access === 'checking' ? <Spinner label={CHECKING} /> : null}
      {access !== 'checking' && access !== 'granted' ? (
        <p className="error-text" role="alert">
          {access}
        </p>
      ) : null}
    </>
  );
}
