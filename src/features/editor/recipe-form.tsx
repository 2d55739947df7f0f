// The form both editor pages share: name, servings, categories, times, the ingredients list (with its dialogs:
// an ingredient's and a section heading's), instructions, source and photos. The page owns the react-hook-form
// instance (useRecipeForm) so a failed save never loses input. Photos are uploaded as they are offered (chosen,
// dropped on the form, pasted into it) and become the recipe's only on 'Spara'. A save the form refuses moves focus
// to what needs fixing and counts it beside the button (use-refused-save.ts).
import { useEffect, useId, useRef, useState, type ClipboardEvent, type FormEvent, type ReactNode } from 'react';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import Spinner from '../../components/spinner.tsx';
import type { IngredientItem, RecipeFormOutput } from '../../lib/recipe-schema.ts';
import CategoryField from '../organise/category-field.tsx';
import HeadingDialog from './heading-dialog.tsx';
import IngredientDialog from './ingredient-dialog.tsx';
import IngredientList from './ingredient-list.tsx';
import { applyIngredientResult, type DialogTarget, type IngredientDialogResult } from './ingredient-result.ts';
import { ingredientPositions, isHeadingRow, orphanHeadings, SECTION_MESSAGES } from './ingredient-sections.ts';
import { MinutesField, TextAreaField, TextField } from './form-fields.tsx';
import PhotoField from '../photos/photo-field.tsx';
import { withAlt, type FormPhoto } from '../photos/photo-items.ts';
import {
  editorFormSchema,
  emptyRecipeValues,
  FIELD_NAMES,
  newRowKey,
  type EditorRow,
  type EditorValues,
} from './recipe-form-values.ts';
import { TEXT } from './texts.ts';
import { useFileDrop } from '../photos/use-file-drop.ts';
import { usePhotoUploads } from '../photos/use-photo-uploads.ts';
import { useRefusedSave } from './use-refused-save.ts';
import { touchAll, useZodForm } from './use-zod-form.ts';

export type EditorForm = UseFormReturn<EditorValues, unknown, RecipeFormOutput>;

/**
 * Both editor pages' form instance, empty (spec section 2) until the page fills it. react-hook-form's own focus
 * after a refused submit is off: it knows only registered inputs, not the ingredient rows, and would take focus
 * from the first control in error to a later field.
 */
export function useRecipeForm(): EditorForm {
  return useZodForm<EditorValues, RecipeFormOutput>(editorFormSchema, emptyRecipeValues(), false);
}

/** The two times, in minutes, side by side; each field's label is the text of the same name. */
const TIME_FIELDS = ['prepTime', 'totalTime'] as const;

type Props = {
  form: EditorForm;
  units: readonly string[];
  submitLabel: string;
  onValid(values: RecipeFormOutput): void;
  /** The save's section 8 message, shown above the buttons. */
  error?: string | undefined;
  /** Shown there instead of the message: the conflict notice. */
  notice?: ReactNode;
  /** While saving the spinner takes the form's place; the form is hidden, not unmounted, so the input survives. */
  saving: boolean;
  /** Whether photos are being uploaded: leaving now would lose them (the unsaved-changes guard). */
  onUploadingChange?(uploading: boolean): void;
};

export default function RecipeForm(props: Props) {
  const { form, units, submitLabel, onValid, error, notice, saving, onUploadingChange } = props;
  const rows = useWatch({ control: form.control, name: 'ingredients' });
  // Rows made in the dialog are valid; an imported row may not be (a 40-character name): say which. The
  // schema's messages are indexed by ingredient, the list's rows include the headings.
  const rowErrors = form.formState.errors.ingredients as
    | (Record<
        number,
        { name?: { message?: string }; quantity?: { value?: { message?: string } }; note?: { message?: string } }
      > & {
        message?: string;
        root?: { message?: string };
      })
    | undefined;
  const positions = ingredientPositions(rows);
  // A heading with no ingredient under it cannot be saved (it would be lost): said on its row and under the
  // list once 'Spara' has been pressed, not while the editor is still adding the ingredients under it.
  const submitted = form.formState.isSubmitted;
  const orphans = orphanHeadings(rows);
  const rowError = (index: number) => {
    if (orphans.includes(index)) return submitted ? SECTION_MESSAGES.orphanHeading : undefined;
    const at = positions[index];
    const e = at === undefined ? undefined : rowErrors?.[at];
    return e?.name?.message ?? e?.quantity?.value?.message ?? e?.note?.message;
  };
  // The list's own rules (at most MAX_INGREDIENTS ingredients, the API's limit; no heading left alone).
  const schemaListError = rowErrors?.message ?? rowErrors?.root?.message;
  const listError = orphans.length > 0 && !submitted ? undefined : schemaListError;
  // An orphan heading's message is on its row already; any other list message (too many ingredients) is fixed
  // from the list itself, so its add button counts as the control in error.
  const listInError = listError !== undefined && orphans.length === 0;
  const [target, setTarget] = useState<DialogTarget | 'closed'>('closed');
  const [headingTarget, setHeadingTarget] = useState<DialogTarget | 'closed'>('closed');
  const opener = useRef<HTMLElement | null>(null);
  const addButton = useRef<HTMLButtonElement>(null);

  const setRows = (next: readonly EditorRow[]) => {
    // Validated, so a fixed imported row loses its message at once.
    if (next !== rows)
      form.setValue('ingredients', [...next], { shouldDirty: true, shouldTouch: true, shouldValidate: true });
  };

  const rememberOpener = () => {
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  };
  const openDialog = (t: DialogTarget) => {
    rememberOpener();
    const row = t === null ? undefined : rows[t];
    if (row && isHeadingRow(row)) setHeadingTarget(t);
    else setTarget(t);
  };
  const openHeadingDialog = () => {
    rememberOpener();
    setHeadingTarget(null);
  };

  const closeDialog = (result: IngredientDialogResult<IngredientItem> | undefined) => {
    if (target !== 'closed' && result) {
      // Edited rows keep their key, so the row (and focus) stays put; added rows get a new key.
      const key = target === null ? newRowKey() : (rows[target]?.key ?? newRowKey());
      setRows(applyIngredientResult(rows, target, { ...result, ingredient: { ...result.ingredient, key } }));
    }
    setTarget('closed');
  };

  const closeHeadingDialog = (result: IngredientDialogResult<string> | undefined) => {
    if (headingTarget !== 'closed' && result) {
      const key = headingTarget === null ? newRowKey() : (rows[headingTarget]?.key ?? newRowKey());
      const row = { kind: 'heading' as const, heading: result.ingredient, key };
      setRows(applyIngredientResult<EditorRow>(rows, headingTarget, { ...result, ingredient: row }));
    }
    setHeadingTarget('closed');
  };

  const headingRow = headingTarget === 'closed' || headingTarget === null ? undefined : rows[headingTarget];
  const ingredientRow = target === 'closed' || target === null ? undefined : rows[target];

  const returnFocus = (event: Event) => {
    // Radix would focus its Dialog.Trigger, and rows open the dialog without one: return focus
    // to whatever opened it, or to the add button when that row has just been removed.
    event.preventDefault();
    (opener.current?.isConnected ? opener.current : addButton.current)?.focus();
  };

  const photos = useWatch({ control: form.control, name: 'photos' });
  const photoErrors = form.formState.errors.photos;
  const setPhotos = (next: readonly FormPhoto[]) =>
    form.setValue('photos', [...next], { shouldDirty: true, shouldTouch: true, shouldValidate: true });
  const uploads = usePhotoUploads((photo) => setPhotos([...form.getValues('photos'), photo]));
  // 'Spara' while photos are still uploading says so and saves nothing: the recipe would lose them, and waiting
  // silently after a click looks like a hang. The message goes once the uploads are done.
  const [saveBlocked, setSaveBlocked] = useState(false);
  const offerPhotos = (files: File[]) => {
    setSaveBlocked(false); // new uploads: nobody has been told to wait for them yet
    uploads.offer(files, form.getValues('photos').length);
  };
  const drop = useFileDrop(offerPhotos);
  const uploading = uploads.busy;
  useEffect(() => onUploadingChange?.(uploading), [uploading, onUploadingChange]);

  // A picture pasted anywhere in the form is offered as a photo; pasted text goes into its field as usual.
  const paste = (event: ClipboardEvent<HTMLFormElement>) => {
    const pictures = [...event.clipboardData.files].filter((f) => f.type.startsWith('image/'));
    if (pictures.length === 0) return;
    event.preventDefault();
    offerPhotos(pictures);
  };

  const formRef = useRef<HTMLFormElement>(null);
  // Counted from the submit's own state update (errors, isSubmitted and the rows' messages land together).
  const { isSubmitSuccessful, submitCount } = form.formState;
  const toFix = useRefusedSave(formRef, submitted && !isSubmitSuccessful ? submitCount : 0);
  const summaryId = `${useId()}-summary`;

  const submit = (event: FormEvent) => {
    if (uploading) {
      event.preventDefault();
      setSaveBlocked(true);
      return;
    }
    setSaveBlocked(false);
    void form.handleSubmit(onValid, () => touchAll(form, FIELD_NAMES))(event);
  };

  return (
    <>
      {saving ? <Spinner label={TEXT.saving} /> : null}
      <form
        ref={formRef}
        className="editor-form card"
        noValidate
        onSubmit={submit}
        onPaste={paste}
        {...drop.handlers}
        hidden={saving}
        data-editor-form=""
      >
        <TextField control={form.control} name="name" label={TEXT.name} />
        <TextField control={form.control} name="servings" label={TEXT.servings} inputMode="numeric" />
        <CategoryField control={form.control} />
        <div className="editor-times">
          {TIME_FIELDS.map((name) => (
            <MinutesField
              key={name}
              control={form.control}
              name={name}
              label={TEXT[name]}
              unit={TEXT.minutes}
              unitLong={TEXT.minutesLong}
              // The preparation time's message ('Kan inte vara längre än total tid') follows the total time too.
              {...(name === 'totalTime' ? { deps: ['prepTime' as const] } : {})}
            />
          ))}
        </div>
        <section className="editor-ingredients-section" aria-labelledby="editor-ingredients-heading">
          <h2 id="editor-ingredients-heading">{TEXT.ingredients}</h2>
          <IngredientList rows={rows} errorOf={rowError} onReorder={setRows} onEdit={(i) => openDialog(i)} />
          {listError ? (
            <p className="editor-field-error" id="editor-ingredients-error" role="alert">
              {listError}
            </p>
          ) : null}
          <div className="editor-list-actions">
            <button
              type="button"
              className="link-button"
              ref={addButton}
              onClick={() => openDialog(null)}
              aria-describedby={listError ? 'editor-ingredients-error' : undefined}
              data-invalid={listInError ? '' : undefined}
            >
              {TEXT.addIngredient}
            </button>
            <button type="button" className="link-button" onClick={openHeadingDialog}>
              {TEXT.addHeading}
            </button>
          </div>
        </section>
        <TextAreaField control={form.control} name="instructions" label={TEXT.instructions} rows={10} />
        <fieldset className="editor-source">
          <legend>{TEXT.source}</legend>
          <TextField control={form.control} name="source.url" label={TEXT.sourceUrl} inputMode="url" />
          <TextField control={form.control} name="source.name" label={TEXT.sourceName} />
        </fieldset>
        <PhotoField
          photos={photos}
          uploads={uploads.queue}
          messages={uploads.messages}
          listError={photoErrors?.message ?? photoErrors?.root?.message}
          errorOf={(index) => photoErrors?.[index]?.alt?.message}
          dropping={drop.over}
          onFiles={offerPhotos}
          onChange={setPhotos}
          onAlt={(index, alt) => setPhotos(withAlt(form.getValues('photos'), index, alt))}
        />
        {notice ??
          (error ? (
            <p className="error-text editor-error" role="alert">
              {error}
            </p>
          ) : null)}
        {saveBlocked && uploading ? (
          <p className="error-text editor-error" role="alert">
            {TEXT.photosStillUploading}
          </p>
        ) : null}
        <div className="editor-actions">
          <button type="submit" className="button button-primary" aria-describedby={toFix > 0 ? summaryId : undefined}>
            {submitLabel}
          </button>
          {/* Always there, empty until a save is refused: a live region that appears with its text is not
              reliably spoken. */}
          <p className="error-text editor-save-summary" id={summaryId} role="status">
            {toFix > 0 ? TEXT.fieldsToFix(toFix) : ''}
          </p>
        </div>
        <IngredientDialog
          open={target !== 'closed'}
          item={ingredientRow && !isHeadingRow(ingredientRow) ? ingredientRow : undefined}
          units={units}
          onClose={closeDialog}
          onCloseAutoFocus={returnFocus}
        />
        <HeadingDialog
          open={headingTarget !== 'closed'}
          heading={headingRow && isHeadingRow(headingRow) ? headingRow.heading : undefined}
          onClose={closeHeadingDialog}
          onCloseAutoFocus={returnFocus}
        />
      </form>
    </>
  );
}
