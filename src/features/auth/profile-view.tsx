// Profile (/profile, protected): who is signed in and what they may do.
import { Fragment, useEffect, useState, type ReactNode } from 'react';
import {
  $auth,
  PRERENDERED_AUTH,
  ensureSignedIn,
  loadProfile,
  manageAccount,
  ACCESS_VALIDATION_ERROR,
} from '../../stores/auth.ts';
import { useIslandStore } from '../../stores/use-island-store.ts';
import BackButton from '../../components/back-button.tsx';
import Spinner from '../../components/spinner.tsx';
import SaveOfflinePanel from '../offline/save-offline-panel.tsx';

type Guard = 'checking' | 'allowed' | 'redirecting' | 'failed';

export default function ProfileView() {
  const auth = useIslandStore($auth, PRERENDERED_AUTH);
  const [guard, setGuard] = useState<Guard>('checking');

  useEffect(() => {
    ensureSignedIn()
      .then(async (ok) => {
        setGuard(ok ? 'allowed' : 'redirecting');
        if (ok) await loadProfile();
      })
      .catch(() => setGuard('failed'));
  }, []);

  if (guard === 'failed') {
    return (
      <div className="card">
        <h1>Profil</h1>
        <p role="alert" className="error-text">
          {ACCESS_VALIDATION_ERROR}
        </p>
        <BackButton href="/" />
      </div>
    );
  }
  if (guard !== 'allowed' || auth.status !== 'signed-in') return <Spinner />;

  const { profile, isEditor } = auth;
  const rows: Array<[string, ReactNode]> = [
    ['Användarnamn', profile.username || '–'],
    ['Förnamn', profile.firstName || '–'],
    ['Efternamn', profile.lastName || '–'],
    ['E-post', profile.email ? <EmailAddress address={profile.email} /> : '–'],
  ];
  return (
    <>
      <div className="toolbar">
        <BackButton href="/" />
      </div>
      <div className="card profile">
        <h1>Profil</h1>
        <dl className="facts">
          {rows.map(([term, value]) => (
            <div key={term}>
              <dt>{term}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
        <h2>Behörigheter</h2>
        <table className="permissions">
          <tbody>
            <tr>
              <th scope="row">Se recept</th>
              <td>Ja</td>
            </tr>
            <tr>
              <th scope="row">Skapa och redigera</th>
              <td>{isEditor ? 'Ja' : 'Nej'}</td>
            </tr>
          </tbody>
        </table>
        <button
          type="button"
          className="button"
          onClick={() =>
            void manageAccount().catch((e: unknown) => console.error('Could not open the account page', e))
          }
        >
          Redigera
        </button>
      </div>
      <SaveOfflinePanel />
    </>
  );
}

/**
 * An e-mail address that a narrow column breaks only before its @ and its dots ('redaktor' / '@example.se'),
 * never inside a word ('exampl' / 'e.se'): <wbr> marks those places; a part longer than the whole column is
 * still broken rather than overflowing (.facts dd).
 */
function EmailAddress({ address }: { address: string }) {
  return address.split(/(?=[@.])/).map((part, i) => (
    <Fragment key={i}>
      {i > 0 && <wbr />}
      {part}
    </Fragment>
  ));
}
