// /trash: 'Papperskorg' (issue 41). Protected like /move-in (a signed-out visitor is sent to login and back); a
// signed-in visitor who is not an editor is told in Swedish that the trash is for editors, with no retry (issue 54),
// and so is one the API refuses (403); a session that ended on the way (401) is offered 'Logga in'. Each deleted recipe with who deleted it and when, and
// when it goes for good; 'Återställ' brings it back under its address, 'Radera permanent' asks first. What happened
// is said in a polite live region; a failure is said where it happened and changes nothing.
import * as Dialog from '@radix-ui/react-dialog';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { ApiError, logApiError, userMessage } from '../../client/api.ts';
import { eraseTrashed, listTrash, restoreTrashed, type TrashedRecipe } from '../../client/keeping-api.ts';
import BackButton from '../../components/back-button.tsx';
import { DialogOverlay } from '../../components/dialog-overlay.tsx';
import Spinner from '../../components/spinner.tsx';
import { recipeHref } from '../../lib/routes.ts';
import { $auth, apiTokens, ensureSignedIn, login } from '../../stores/auth.ts';
import { TRASH_TEXT as TEXT } from './trash-texts.ts';
import './trash.css';

type State =
  | { kind: 'checking' }
  | { kind: 'loading' }
  | { kind: 'failed'; message: string }
  | { kind: 'refused'; why: 'not-editor' | 'signed-out' }
  | { kind: 'ready'; recipes: TrashedRecipe[] };
type Done = { text: string; href?: string };

export default function TrashScreen({ children }: { children?: ReactNode }) {
  const [state, setState] = useState<State>({ kind: 'checking' });
  const [done, setDone] = useState<Done | undefined>();
  const [rowError, setRowError] = useState<{ id: number; message: string } | undefined>();
  const [busy, setBusy] = useState<number | undefined>();
  const status = useRef<HTMLDivElement>(null);

  const load = async () => {
    setState({ kind: 'loading' });
    try {
      setState({ kind: 'ready', recipes: await listTrash(apiTokens) });
    } catch (error) {
      logApiError(error);
      const status = error instanceof ApiError ? error.status : 0;
      if (status === 403 || status === 401)
        setState({ kind: 'refused', why: status === 403 ? 'not-editor' : 'signed-out' });
      else setState({ kind: 'failed', message: userMessage(error) });
    }
  };

  useEffect(() => {
    ensureSignedIn().then(
      (signedIn) => {
        if (!signedIn) return; // on the way to the login page
        const auth = $auth.get();
        // The token already says the role: no request that can only be refused.
        if (auth.status === 'signed-in' && !auth.isEditor) setState({ kind: 'refused', why: 'not-editor' });
        else void load();
      },
      (e: unknown) => setState({ kind: 'failed', message: e instanceof Error ? e.message : String(e) }),
    );
  }, []);

  const act = async (recipe: TrashedRecipe, what: 'restore' | 'erase') => {
    setBusy(recipe.id);
    setRowError(undefined);
    try {
      if (what === 'restore') await restoreTrashed(apiTokens, recipe.id);
      else await eraseTrashed(apiTokens, recipe.id);
      setState((now) =>
        now.kind === 'ready' ? { kind: 'ready', recipes: now.recipes.filter((r) => r.id !== recipe.id) } : now,
      );
      setDone(
        what === 'restore'
          ? { text: TEXT.restored(recipe.name), href: recipeHref(recipe.id) }
          : { text: TEXT.erased(recipe.name) },
      );
      status.current?.focus();
    } catch (error) {
      logApiError(error);
      setRowError({ id: recipe.id, message: userMessage(error) });
    } finally {
      setBusy(undefined);
    }
  };

  return (
    <>
      <div className="toolbar">
        <BackButton href="/" />
      </div>
      {children}
      <div className="trash-status" role="status" aria-live="polite" tabIndex={-1} ref={status}>
        {done ? (
          <p className="flash-message">
            {done.text}
            {done.href ? (
              <>
                {' '}
                <a href={done.href}>{TEXT.open}</a>
              </>
            ) : null}
          </p>
        ) : null}
      </div>
      {state.kind === 'checking' ? <Spinner label={TEXT.checkingAccess} /> : null}
      {state.kind === 'loading' ? <Spinner label={TEXT.loading} /> : null}
      {state.kind === 'failed' ? (
        <div className="trash-failure">
          <p className="error-text" role="alert">
            {state.message}
          </p>
          <button type="button" className="button" onClick={() => void load()}>
            {TEXT.tryAgain}
          </button>
        </div>
      ) : null}
      {state.kind === 'refused' ? <Refused why={state.why} /> : null}
      {state.kind === 'ready' && state.recipes.length === 0 ? <p className="notice">{TEXT.empty}</p> : null}
      {state.kind === 'ready' && state.recipes.length > 0 ? (
        <section aria-labelledby="trash-count">
          <h2 id="trash-count">{TEXT.count(state.recipes.length)}</h2>
          <ul className="trash-list">
            {state.recipes.map((recipe) => (
              <li key={recipe.id} className="card trash-item">
                <h3 className="trash-name">{recipe.name}</h3>
                <p className="trash-meta">
                  {TEXT.deleted(recipe.deletedAt, recipe.deletedBy)} {TEXT.erasedAfter(recipe.erasedAfter)}
                </p>
                {rowError?.id === recipe.id ? (
                  <p className="error-text" role="alert">
                    {rowError.message}
                  </p>
                ) : null}
                <div className="trash-actions">
                  <button
                    type="button"
                    className="button button-primary"
                    aria-label={TEXT.restoreName(recipe.name)}
                    disabled={busy !== undefined}
                    onClick={() => void act(recipe, 'restore')}
                  >
                    {TEXT.restore}
                  </button>
                  <EraseDialog recipe={recipe} disabled={busy !== undefined} onErase={() => act(recipe, 'erase')} />
                </div>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </>
  );
}

/** Why the trash is not shown, and the one thing that can help: the profile (its rights) or signing in. */
function Refused({ why }: { why: 'not-editor' | 'signed-out' }) {
  if (why === 'signed-out')
    return (
      <div className="trash-failure">
        <p className="notice">{TEXT.signedOut}</p>
        <button type="button" className="button button-primary" onClick={() => void login()}>
          {TEXT.signIn}
        </button>
      </div>
    );
  return (
    <p className="notice">
      {TEXT.notEditor} {TEXT.notEditorProfile} <a href="/profile">{TEXT.notEditorProfileLink}</a>.
    </p>
  );
}

function EraseDialog({
  recipe,
  disabled,
  onErase,
}: {
  recipe: TrashedRecipe;
  disabled: boolean;
  onErase(): Promise<void>;
}) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger className="button button-danger" disabled={disabled} aria-label={TEXT.eraseName(recipe.name)}>
        {TEXT.erase}
      </Dialog.Trigger>
      <Dialog.Portal>
        <DialogOverlay className="editor-overlay" />
        <Dialog.Content className="editor-dialog editor-dialog-small" role="alertdialog">
          <Dialog.Title>{TEXT.eraseTitle}</Dialog.Title>
          <Dialog.Description>{TEXT.eraseQuestion(recipe.name)}</Dialog.Description>
          <div className="editor-dialog-actions">
            <Dialog.Close className="button">{TEXT.cancel}</Dialog.Close>
            <button
              type="button"
              className="button button-danger-solid"
              onClick={() => {
                setOpen(false);
                void onErase();
              }}
            >
              {TEXT.erase}
            </button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
