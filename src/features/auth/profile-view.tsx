// Profile (/profile, protected): who is signed in and what they may do.
import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import { $auth, ensureSignedIn, loadProfile, manageAccount, ACCESS_VALIDATION_ERROR } from '../../stores/auth.ts';
import BackButton from '../../components/back-button.tsx';
import Spinner from '../../components/spinner.tsx';

type Guard = 'checking' | 'allowed' | 'redirecting' | 'failed';

export default function ProfileView() {
  const auth = useStore($auth);
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
  const rows: Array<[string, string]> = [
    ['Användarnamn', profile.username],
    ['Förnamn', profile.firstName],
    ['Efternamn', profile.lastName],
    ['E-post', profile.email],
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
              <dd>{value || '–'}</dd>
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
    </>
  );
}
