// 'Lägg till rubrik' / 'Redigera rubrik': the heading of an ingredient section ('Till degen'). Like the
// ingredient dialog, only its buttons close it; Radix traps focus and the form places it back on close.
import type { FormEvent } from 'react';
import { headingFormSchema } from '../../lib/recipe-schema.ts';
import { TextField } from './form-fields.tsx';
import type { IngredientDialogResult } from './ingredient-result.ts';
import RowDialog from './row-dialog.tsx';
import { TEXT } from './texts.ts';
import { touchAll, useZodForm } from './use-zod-form.ts';

type Values = { heading: string };

type Props = {
  open: boolean;
  /** The heading to rename or remove; absent when adding one. */
  heading: string | undefined;
  onClose(result: IngredientDialogResult<string> | undefined): void;
  onCloseAutoFocus?(event: Event): void;
};

const FIELDS = ['heading'] as const;

export default function HeadingDialog({ open, heading, onClose, onCloseAutoFocus }: Props) {
  return (
    <RowDialog
      open={open}
      title={heading === undefined ? TEXT.addHeadingTitle : TEXT.editHeadingTitle}
      small
      onCloseAutoFocus={onCloseAutoFocus}
    >
      <HeadingForm heading={heading} onClose={onClose} />
    </RowDialog>
  );
}

function HeadingForm({ heading, onClose }: Pick<Props, 'heading' | 'onClose'>) {
  const form = useZodForm<Values, Values>(headingFormSchema, { heading: heading ?? '' });

  const submit = (event: FormEvent) => {
    // Portalled, but React bubbles the submit to the recipe form: stop it there.
    event.stopPropagation();
    void form.handleSubmit(
      (values) => onClose({ ingredient: values.heading.trim(), shouldBeDeleted: false }),
      () => touchAll(form, FIELDS),
    )(event);
  };

  return (
    <form className="editor-dialog-form" noValidate onSubmit={submit} data-editor-form="">
      <TextField control={form.control} name="heading" label={TEXT.heading} autoFocus />
      <div className="editor-dialog-actions">
        <button type="button" className="button" onClick={() => onClose(undefined)}>
          {TEXT.cancel}
        </button>
        {heading === undefined ? null : (
          <button
            type="button"
            className="button"
            onClick={() => onClose({ ingredient: heading, shouldBeDeleted: true })}
          >
            {TEXT.remove}
          </button>
        )}
        <button type="submit" className="button button-primary">
          {heading === undefined ? TEXT.add : TEXT.edit}
        </button>
      </div>
    </form>
  );
}
