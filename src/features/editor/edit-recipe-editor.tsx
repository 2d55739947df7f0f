// /{id}/edit: 'Redigera recept'. Requires sign-in; loads the recipe by the id in the path, saves
// with the version it was loaded at. A 409 keeps the user's input and offers the latest version.
import '../../client/zod-without-eval.ts';
import { useEffect, useState, type ReactNode } from 'react';
import { ApiError, getRecipe, isUnavailable, logApiError, updateRecipe, userMessage } from '../../client/api.ts';
import BackButton from '../../components/back-button.tsx';
import LoadFailure from '../../components/load-failure.tsx';
import Spinner from '../../components/spinner.tsx';
import type { RecipeFormOutput } from '../../lib/recipe-schema.ts';
import { $auth, PRERENDERED_AUTH, apiTokens, ensureSignedIn } from '../../stores/auth.ts';
import { useIslandStore } from '../../stores/use-island-store.ts';
import { FLASH_DELETED, FLASH_SAVED, setFlash } from '../../client/flash.ts';
import ConflictNotice from './conflict-notice.tsx';
import DeleteDialog from './delete-dialog.tsx';
import RecipeForm, { useRecipeForm } from './recipe-form.tsx';
import { recipeToValues, valuesToRecipe } from './recipe-form-values.ts';
import RoleNotice from './role-notice.tsx';
import HistoryDialog from '../history/history-dialog.tsx';
import { HISTORY_TEXT } from '../history/history-texts.ts';
import { TEXT } from './texts.ts';
import { useUnits } from './use-units.ts';
import { useUnsavedChanges } from './use-unsaved-changes.ts';
import './editor.css';
import { recipeHref, recipeIdFromEditPath } from '../../lib/routes.ts';

type Loaded = { id: number; version: number | undefined; name: string };
// 'unavailable': the API or its database did not answer (503, time-out, network); 'Försök igen' reads again.
type Phase = 'loading' | 'ready' | 'not-found' | 'unavailable' | 'access-error';

/** `children`: the page's heading and search bar, placed after the toolbar. */
export default function EditRecipeEditor({ children }: { children?: ReactNode }) {
  const form = useRecipeForm();
  const units = useUnits();
  const [phase, setPhase] = useState<Phase>('loading');
  const [loaded, setLoaded] = useState<Loaded | undefined>();
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const [conflict, setConflict] = useState(false);
  const [accessError, setAccessError] = useState('');
  const [retrying, setRetrying] = useState(false);
  const [uploading, setUploading] = useState(false);
  const guard = useUnsavedChanges(form.formState.isDirty || uploading);
  const auth = useIslandStore($auth, PRERENDERED_AUTH);

  const load = async (id: number) => {
    const recipe = await getRecipe(apiTokens, id);
    // reset() makes the loaded recipe the new baseline, so "unsaved" means changed since loading.
    form.reset(recipeToValues(recipe));
    setLoaded({ id, version: recipe.version, name: recipe.name });
  };

  // Reads the recipe into the form; a failure says whether it is missing or just cannot be read now.
  const loadInto = (id: number) =>
    load(id).then(
      () => setPhase('ready'),
      (e: unknown) => {
        console.error('Recipe not found', e);
        setPhase(isUnavailable(e) ? 'unavailable' : 'not-found');
      },
    );

  const retry = () => {
    const id = recipeIdFromEditPath(window.location.pathname);
    if (id === undefined || retrying) return;
    setRetrying(true);
    void loadInto(id).finally(() => setRetrying(false));
  };

  useEffect(() => {
    const id = recipeIdFromEditPath(window.location.pathname);
    if (id === undefined) return setPhase('not-found');
    ensureSignedIn()
      .then(async (signedIn) => {
        if (!signedIn) return; // on the way to the login page
        await loadInto(id);
      })
      .catch((e: unknown) => {
        setAccessError(e instanceof Error ? e.message : String(e));
        setPhase('access-error');
      });
    // Runs once per page: the id comes from the URL, which does not change without a reload.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `loadInto` is new each render; once is the point.
  }, []);

  const save = async (values: RecipeFormOutput) => {
    if (!loaded) return;
    setSaving(true);
    setError(undefined);
    try {
      await updateRecipe(apiTokens, loaded.id, valuesToRecipe(values, loaded));
      guard.allowLeaving();
      setFlash(FLASH_SAVED, recipeHref(loaded.id));
      window.location.assign(recipeHref(loaded.id));
    } catch (e) {
      logApiError(e);
      if (e instanceof ApiError && e.status === 409) setConflict(true);
      else setError(userMessage(e));
      setSaving(false);
    }
  };

  const loadLatest = async () => {
    if (!loaded) return;
    try {
      await load(loaded.id);
      setConflict(false);
      setError(undefined);
    } catch (e) {
      logApiError(e);
      setError(userMessage(e));
    }
  };

  return (
    <>
      <div className="toolbar">
        <BackButton href={loaded ? recipeHref(loaded.id) : '/'} />
        <span className="spacer" />
        {loaded && phase === 'ready' && auth.status === 'signed-in' && auth.isEditor ? (
          <HistoryDialog
            recipeId={loaded.id}
            unsaved={form.formState.isDirty || uploading}
            onRestored={() => {
              guard.allowLeaving();
              setFlash(HISTORY_TEXT.restored, recipeHref(loaded.id));
              window.location.assign(recipeHref(loaded.id));
            }}
          />
        ) : null}
        {loaded && phase === 'ready' ? (
          <DeleteDialog
            recipeId={loaded.id}
            recipeName={loaded.name}
            onDeleted={() => {
              guard.allowLeaving();
              setFlash(FLASH_DELETED, '/', loaded.id); // 'Ångra' brings it back from the trash
              window.location.assign('/');
            }}
          />
        ) : null}
      </div>
      {children}
      {phase === 'loading' ? <Spinner label={TEXT.loading} /> : null}
      {phase === 'not-found' ? <p className="notice">{TEXT.notFound}</p> : null}
      {phase === 'unavailable' ? <LoadFailure busy={retrying} onRetry={retry} /> : null}
      {phase === 'access-error' ? (
        <p className="error-text" role="alert">
          {accessError}
        </p>
      ) : null}
      {phase === 'ready' ? <RoleNotice text={TEXT.roleNoticeEdit} /> : null}
      {phase === 'ready' ? (
        <RecipeForm
          form={form}
          units={units}
          submitLabel={TEXT.save}
          saving={saving}
          error={error}
          notice={conflict ? <ConflictNotice onLoadLatest={() => void loadLatest()} /> : undefined}
          onUploadingChange={setUploading}
          onValid={(v) => void save(v)}
        />
      ) : null}
    </>
  );
}
