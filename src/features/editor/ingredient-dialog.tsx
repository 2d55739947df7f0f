// Add or edit one ingredient (spec sections 2-4): name, quantity, unit, an optional note ('siktat') and don't-scale.
// Escape and clicks on the backdrop do not close it: only 'Avbryt', 'Lägg till', 'Redigera' or 'Ta bort' do. Radix
// traps focus and returns it.
import type { FormEvent } from 'react';
import {
  ingredientFormSchema,
  ingredientFormToItem,
  type IngredientFormValues,
  type IngredientItem,
} from '../../lib/recipe-schema.ts';
import { CheckboxField, SelectField, TextField } from './form-fields.tsx';
import type { IngredientDialogResult } from './ingredient-result.ts';
import { itemToDialogValues } from './recipe-form-values.ts';
import RowDialog from './row-dialog.tsx';
import { TEXT } from './texts.ts';
import { touchAll, useZodForm } from './use-zod-form.ts';

type Props = {
  open: boolean;
  /** The ingredient to edit; absent in add mode. */
  item: IngredientItem | undefined;
  /** Unit labels from {api}/units, NONE already left out. */
  units: readonly string[];
  onClose(result: IngredientDialogResult<IngredientItem> | undefined): void;
  /** Radix focuses its own Trigger on close; rows have none, so the caller places focus. */
  onCloseAutoFocus?(event: Event): void;
};

const FIELDS = ['name', 'quantity', 'unit', 'note', 'doNotScale'] as const;

export default function IngredientDialog({ open, item, units, onClose, onCloseAutoFocus }: Props) {
  return (
    <RowDialog
      open={open}
      title={item ? TEXT.editIngredientTitle : TEXT.addIngredientTitle}
      onCloseAutoFocus={onCloseAutoFocus}
    >
      <IngredientForm item={item} units={units} onClose={onClose} />
    </RowDialog>
  );
}

function IngredientForm({ item, units, onClose }: Pick<Props, 'item' | 'units' | 'onClose'>) {
  const form = useZodForm<IngredientFormValues, IngredientFormValues>(ingredientFormSchema, itemToDialogValues(item));
  const current = item?.quantity?.unit;
  // An edited row may carry a unit the server no longer lists; keep it selectable.
  const labels = current && !units.includes(current) ? [...units, current] : units;
  const options = [{ value: '', label: TEXT.noUnit }, ...labels.map((l) => ({ value: l, label: l }))];

  const submit = (event: FormEvent) => {
    // The dialog is portalled, but React still bubbles its submit to the recipe form: stop it.
    event.stopPropagation();
    void form.handleSubmit(
      (values) => onClose({ ingredient: ingredientFormToItem(values), shouldBeDeleted: false }),
      () => touchAll(form, FIELDS),
    )(event);
  };

  return (
    <form className="editor-dialog-form" noValidate onSubmit={submit} data-editor-form="">
      <TextField control={form.control} name="name" label={TEXT.ingredientName} autoFocus />
      <TextField control={form.control} name="quantity" label={TEXT.quantity} inputMode="decimal" />
      <SelectField control={form.control} name="unit" label={TEXT.unit} options={options} />
      <TextField control={form.control} name="note" label={TEXT.note} />
      <CheckboxField control={form.control} name="doNotScale" label={TEXT.doNotScale} />
      <div className="editor-dialog-actions">
        <button type="button" className="button" onClick={() => onClose(undefined)}>
          {TEXT.cancel}
        </button>
        {item ? (
          <button type="button" className="button" onClick={() => onClose({ ingredient: item, shouldBeDeleted: true })}>
            {TEXT.remove}
          </button>
        ) : null}
        <button type="submit" className="button button-primary">
          {item ? TEXT.edit : TEXT.add}
        </button>
      </div>
    </form>
  );
}
