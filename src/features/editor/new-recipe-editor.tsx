// /new-recipe: 'Nytt recept'. Protected like /{id}/edit (a visitor cannot create anything), so a signed-out
// visitor is sent to login and back. A spinner replaces the form while saving; success goes to /{new id},
// failure shows the section 8 message and keeps everything typed.
import '../../client/zod-without-eval.ts';
import { useRef, useState, type ReactNode } from 'react';
import { createRecipe, logApiError, newIdempotencyKey, userMessage, type ImportedRecipe } from '../../client/api.ts';
import { EditorPageTop, useEditorAccess } from '../../components/editor-access.tsx';
import type { RecipeFormOutput } from '../../lib/recipe-schema.ts';
import { apiTokens, startAuth } from '../../stores/auth.ts';
import { FLASH_SAVED, setFlash } from '../../client/flash.ts';
import ImportDialog from '../import/import-dialog.tsx';
import RecipeForm, { useRecipeForm } from './recipe-form.tsx';
import { FIELD_NAMES, importedToValues, valuesToRecipe } from './recipe-form-values.ts';
import RoleNotice from './role-notice.tsx';
import { TEXT } from './texts.ts';
import { useUnits } from './use-units.ts';
import { useUnsavedChanges } from './use-unsaved-changes.ts';
import { touchAll } from './use-zod-form.ts';
import './editor.css';
import { recipeHref } from '../../lib/routes.ts';

/** `children`: the page's heading and search bar, placed after the toolbar. */
export default function NewRecipeEditor({ children }: { children?: ReactNode }) {
  const form = useRecipeForm();
  const units = useUnits();
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const [uploading, setUploading] = useState(false);
  const guard = useUnsavedChanges(form.formState.isDirty || uploading);
  const access = useEditorAccess();
  // One Idempotency-Key per recipe being saved: saving the same content again (after an error, a timeout
  // whose first attempt did arrive, a second click) reuses it, so the server makes one recipe; changed
  // content gets a new key.
  const attempt = useRef<{ key: string; content: string } | undefined>(undefined);

  const save = async (values: RecipeFormOutput) => {
    setSaving(true);
    setError(undefined);
    try {
      await startAuth();
      // Spec section 3: the author is the current username, set on create only, by the API from the token.
      const recipe = valuesToRecipe(values);
      const content = JSON.stringify(recipe);
      if (attempt.current?.content !== content) attempt.current = { key: newIdempotencyKey(), content };
      const created = await createRecipe(apiTokens, recipe, attempt.current.key);
      guard.allowLeaving();
      setFlash(FLASH_SAVED, recipeHref(created.id));
      window.location.assign(recipeHref(created.id));
    } catch (e) {
      logApiError(e);
      setError(userMessage(e));
      setSaving(false);
    }
  };

  // An imported draft fills the form as if typed (dirty, so leaving asks first) and is validated at once, so
  // anything the editor must fix shows; nothing is saved until 'Spara'.
  const fill = (draft: ImportedRecipe) => {
    form.reset(importedToValues(draft, form.getValues('servings')), { keepDefaultValues: true });
    void form.trigger().then(() => touchAll(form, FIELD_NAMES));
  };

  return (
    <>
      <EditorPageTop access={access}>{children}</EditorPageTop>
      {access === 'granted' ? <RoleNotice text={TEXT.roleNoticeNew} /> : null}
      {access === 'granted' && !saving ? <ImportDialog onImported={fill} /> : null}
      {access === 'granted' ? (
        <RecipeForm
          form={form}
          units={units}
          submitLabel={TEXT.saveNew}
          saving={saving}
          error={error}
          onUploadingChange={setUploading}
          onValid={(v) => void save(v)}
        />
      ) : null}
    </>
  );
}
