// 'Historik' on the edit page (issue 41): the recipe's saved versions, newest first (the first is the recipe as it
// is). Opening one shows it read-only with what has changed since, as a cook reads it (src/lib/recipe-changes.ts),
// and 'Återställ den här versionen' saves it as the newest version (If-Match: a save by someone else since the list
// was read answers 409 and the list is read again). Unsaved edits in the form are named before they are replaced.
import * as Dialog from '@radix-ui/react-dialog';
import { Fragment, useState } from 'react';
import { logApiError, userMessage, type Recipe } from '../../client/api.ts';
import { getVersion, listVersions, restoreVersion, type VersionSummary } from '../../client/keeping-api.ts';
import { DialogOverlay } from '../../components/dialog-overlay.tsx';
import Spinner from '../../components/spinner.tsx';
import {
  changeText,
  ingredientText,
  NOTHING,
  PART_MARK,
  recipeChanges,
  type RecipeChange,
} from '../../lib/recipe-changes.ts';
import { apiTokens } from '../../stores/auth.ts';
import { HISTORY_TEXT as TEXT } from './history-texts.ts';
import './history.css';

type Props = {
  recipeId: number;
  /** The form holds edits not saved: restoring would replace them. */
  unsaved: boolean;
  /** Called once the restored version is saved as the newest. */
  onRestored(): void;
};
type Loaded<T> = { kind: 'loading' } | { kind: 'failed'; message: string } | { kind: 'ready'; value: T };
type Shown = { version: number; content: Loaded<{ recipe: Recipe; current: Recipe }> };

export default function HistoryDialog({ recipeId, unsaved, onRestored }: Props) {
  const [open, setOpen] = useState(false);
  const [versions, setVersions] = useState<Loaded<VersionSummary[]>>({ kind: 'loading' });
  const [shown, setShown] = useState<Shown | undefined>();
  const [restoring, setRestoring] = useState(false);
  const [error, setError] = useState<string | undefined>();

  const loadList = async () => {
    setVersions({ kind: 'loading' });
    try {
      setVersions({ kind: 'ready', value: await listVersions(apiTokens, recipeId) });
    } catch (e) {
      logApiError(e);
      setVersions({ kind: 'failed', message: userMessage(e) });
    }
  };

  const show = async (version: number, newest: number) => {
    setError(undefined);
    setShown({ version, content: { kind: 'loading' } });
    try {
      const [saved, current] = await Promise.all([
        getVersion(apiTokens, recipeId, version),
        version === newest ? undefined : getVersion(apiTokens, recipeId, newest),
      ]);
      const value = { recipe: saved.recipe, current: (current ?? saved).recipe };
      setShown({ version, content: { kind: 'ready', value } });
    } catch (e) {
      logApiError(e);
      setShown({ version, content: { kind: 'failed', message: userMessage(e) } });
    }
  };

  const restore = async (version: number, newest: number) => {
    setRestoring(true);
    setError(undefined);
    try {
      await restoreVersion(apiTokens, recipeId, version, newest);
      setOpen(false);
      onRestored();
    } catch (e) {
      logApiError(e);
      setError(userMessage(e));
      void loadList(); // a 409: someone saved since; the list shows their version
    } finally {
      setRestoring(false);
    }
  };

  const newest = versions.kind === 'ready' ? versions.value[0]?.version : undefined;

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        if (restoring) return; // a restore in flight cannot be dismissed half way
        setOpen(next);
        if (next) {
          setShown(undefined);
          setError(undefined);
          void loadList();
        }
      }}
    >
      <Dialog.Trigger className="button">{TEXT.open}</Dialog.Trigger>
      <Dialog.Portal>
        <DialogOverlay className="editor-overlay" />
        <Dialog.Content className="editor-dialog history-dialog">
          <Dialog.Title>{shown ? TEXT.version(shown.version) : TEXT.title}</Dialog.Title>
          {shown ? null : <Dialog.Description>{TEXT.intro}</Dialog.Description>}
          {error ? (
            <p className="error-text" role="alert">
              {error}
            </p>
          ) : null}
          {!shown && versions.kind === 'loading' ? <Spinner label={TEXT.loading} /> : null}
          {!shown && versions.kind === 'failed' ? (
            <Failure message={versions.message} onRetry={() => void loadList()} />
          ) : null}
          {!shown && versions.kind === 'ready' ? (
            <>
              {versions.value.length === 1 ? <p className="notice">{TEXT.onlyOne}</p> : null}
              <ol className="history-list">
                {versions.value.map((v, index) => (
                  <li key={v.version} className="history-item">
                    <span>
                      <strong>{TEXT.version(v.version)}</strong>
                      {index === 0 ? ` (${TEXT.current})` : null}
                      <br />
                      <span className="history-meta">{TEXT.saved(v.savedAt, v.savedBy)}</span>
                    </span>
                    {index === 0 ? null : (
                      <button
                        type="button"
                        className="button"
                        aria-label={TEXT.showVersion(v.version)}
                        onClick={() => void show(v.version, versions.value[0]?.version ?? v.version)}
                      >
                        {TEXT.show}
                      </button>
                    )}
                  </li>
                ))}
              </ol>
            </>
          ) : null}
          {shown?.content.kind === 'loading' ? <Spinner label={TEXT.loadingVersion} /> : null}
          {shown?.content.kind === 'failed' ? (
            <Failure message={shown.content.message} onRetry={() => newest && void show(shown.version, newest)} />
          ) : null}
          {shown?.content.kind === 'ready' ? (
            <VersionView recipe={shown.content.value.recipe} current={shown.content.value.current} />
          ) : null}
          {shown && unsaved ? <p className="notice">{TEXT.unsaved}</p> : null}
          <div className="editor-dialog-actions">
            {shown ? (
              <button type="button" className="button" disabled={restoring} onClick={() => setShown(undefined)}>
                {TEXT.back}
              </button>
            ) : null}
            <Dialog.Close className="button" disabled={restoring}>
              {TEXT.close}
            </Dialog.Close>
            {shown?.content.kind === 'ready' && newest !== undefined ? (
              <button
                type="button"
                className="button button-primary"
                disabled={restoring}
                onClick={() => void restore(shown.version, newest)}
              >
                {restoring ? TEXT.restoring : TEXT.restore}
              </button>
            ) : null}
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function Failure({ message, onRetry }: { message: string; onRetry(): void }) {
  return (
    <>
      <p className="error-text" role="alert">
        {message}
      </p>
      <button type="button" className="button" onClick={onRetry}>
        {TEXT.tryAgain}
      </button>
    </>
  );
}

/**
 * A changed text with its removed words struck through and its added words underlined, in place. Neither colour nor
 * the lines are read out, so each change also says what it is in words only screen readers get ('[borttaget: …]');
 * the element's text is changeText's sentence.
 */
function TextChange({ change }: { change: Extract<RecipeChange, { kind: 'text' }> }) {
  return (
    <>
      {change.field}:{' '}
      <span className="history-text">
        {change.parts.map((part, index) => {
          if (part.kind === 'same') return <Fragment key={index}>{part.text}</Fragment>;
          const Mark = part.kind === 'removed' ? 'del' : 'ins';
          return (
            <Mark key={index}>
              <span className="visually-hidden">[{PART_MARK[part.kind]}: </span>
              {part.text}
              <span className="visually-hidden">]</span>
            </Mark>
          );
        })}
      </span>
    </>
  );
}

const minutes = (m: number | undefined) => (m === undefined ? NOTHING : `${m} min`);

/** One version read-only: what has changed since, then the recipe as it was. */
function VersionView({ recipe, current }: { recipe: Recipe; current: Recipe }) {
  const changes = recipeChanges(recipe, current);
  const source = [recipe.source?.name, recipe.source?.url].filter(Boolean).join(', ');
  const fields: [string, string][] = [
    [TEXT.servings, String(recipe.servings)],
    [TEXT.prepTime, minutes(recipe.prepTime)],
    [TEXT.totalTime, minutes(recipe.totalTime)],
    [TEXT.categories, recipe.categories?.length ? recipe.categories.join(', ') : NOTHING],
    [TEXT.source, source || NOTHING],
    [TEXT.photos, String(recipe.photos?.length ?? 0)],
  ];
  return (
    <>
      <section aria-labelledby="history-changes">
        <h3 id="history-changes">{TEXT.changesHeading}</h3>
        {changes.length === 0 ? (
          <p>{TEXT.noChanges}</p>
        ) : (
          <ul className="history-changes">
            {changes.map((change, index) => (
              <li key={index}>{change.kind === 'text' ? <TextChange change={change} /> : changeText(change)}</li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="history-content" className="history-content">
        <h3 id="history-content">{TEXT.contentHeading}</h3>
        <p className="history-name">{recipe.name}</p>
        <dl className="history-fields">
          {fields.map(([term, value]) => (
            <div key={term}>
              <dt>{term}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
        <h4>{TEXT.ingredients}</h4>
        <ul className="history-ingredients">
          {recipe.ingredients.map((ingredient, index) => (
            <li key={index}>{ingredientText(ingredient)}</li>
          ))}
        </ul>
        <h4>{TEXT.instructions}</h4>
        <p className="history-instructions">{recipe.instructions}</p>
      </section>
    </>
  );
}
