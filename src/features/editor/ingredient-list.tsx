// The ingredients of the form: rows reorder by dragging vertically (mouse, touch, keyboard) and
// open the edit dialog when clicked. Each row is two buttons so a click never starts a drag and a
// drag never opens the dialog. A heading row ('Till degen', issue 25) starts a section: it moves like an
// ingredient, is a heading in the list and is called 'Rubrik …' while it moves. A row in error marks its button
// data-invalid: the row's dialog is what fixes it, so that button is what a refused save focuses
// (use-refused-save.ts).
import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { useId } from 'react';
import { dragInstructions } from './dnd-texts.ts';
import { isHeadingRow, type HeadingRow, type IngredientRow } from './ingredient-sections.ts';
import { formatEditorAmounts } from '../../lib/quantity-format.ts';
import { type EditorRow } from './recipe-form-values.ts';
import { RowButton, RowError, RowHandle, SortableList } from './sortable-parts.tsx';
import { TEXT } from './texts.ts';

type Props = {
  rows: readonly EditorRow[];
  /** The message of a row the form's schema refuses (an imported ingredient), shown under it. */
  errorOf?(index: number): string | undefined;
  onReorder(rows: readonly EditorRow[]): void;
  onEdit(index: number): void;
};

export default function IngredientList({ rows, errorOf, onReorder, onEdit }: Props) {
  if (rows.length === 0) return <p className="notice editor-empty">{TEXT.noIngredients}</p>;
  // One list, as the saved page will show it (a draft must not read '4 ¾ dl' where the page reads '4,8 dl').
  const ingredients = rows.filter((row): row is IngredientRow => !isHeadingRow(row));
  const shown = formatEditorAmounts(ingredients);
  const amountOf = new Map(ingredients.map((row, i) => [row.key, shown[i] ?? '']));

  return (
    <SortableList
      items={rows}
      idOf={(r) => r.key}
      nameOf={rowName}
      instructions={dragInstructions}
      onReorder={onReorder}
    >
      <ul className="editor-ingredients">
        {rows.map((row, index) =>
          isHeadingRow(row) ? (
            <SortableHeading key={row.key} row={row} error={errorOf?.(index)} onEdit={() => onEdit(index)} />
          ) : (
            <SortableRow
              key={row.key}
              row={row}
              amount={amountOf.get(row.key) ?? ''}
              error={errorOf?.(index)}
              onEdit={() => onEdit(index)}
            />
          ),
        )}
      </ul>
    </SortableList>
  );
}

/** What a row is called while it moves: the ingredient's name, or 'Rubrik Till degen'. */
function rowName(row: EditorRow): string {
  return isHeadingRow(row) ? TEXT.headingRowName(row.heading) : row.name;
}

type RowProps = { row: IngredientRow; amount: string; error: string | undefined; onEdit(): void };

function SortableRow({ row, amount, error, onEdit }: RowProps) {
  const errorId = `${useId()}-error`;
  const sortable = useSortable({ id: row.key, attributes: { roleDescription: 'flyttbar ingrediens' } });
  const { setNodeRef, transform, transition, isDragging } = sortable;
  return (
    <li
      ref={setNodeRef}
      className={['editor-row', isDragging ? 'is-dragging' : '', error ? 'is-invalid' : ''].filter(Boolean).join(' ')}
      style={{ transform: CSS.Translate.toString(transform), transition }}
    >
      <RowButton errorId={errorId} error={error} onEdit={onEdit}>
        <span className="editor-row-name">
          {row.name}
          {/* After the name as on the recipe page: 'Vetemjöl, siktat'. */}
          {row.note ? <span className="editor-row-note">, {row.note}</span> : null}
        </span>
        {/* A space so the accessible name reads 'Mjöl 2,5 dl', not 'Mjöl2,5 dl'. */}{' '}
        <span className="editor-row-amount">
          {amount}
          {row.doNotScale ? <span className="editor-row-fixed"> {TEXT.doesNotScale}</span> : null}
        </span>
      </RowButton>
      <RowHandle sortable={sortable} label={TEXT.dragHandle(row.name)} />
      <RowError id={errorId} error={error} />
    </li>
  );
}

function SortableHeading({ row, error, onEdit }: { row: HeadingRow; error: string | undefined; onEdit(): void }) {
  const errorId = `${useId()}-error`;
  const sortable = useSortable({ id: row.key, attributes: { roleDescription: 'flyttbar rubrik' } });
  const { setNodeRef, transform, transition, isDragging } = sortable;
  const name = TEXT.headingRowName(row.heading);
  return (
    <li
      ref={setNodeRef}
      className={['editor-row', 'editor-heading-row', isDragging ? 'is-dragging' : '', error ? 'is-invalid' : '']
        .filter(Boolean)
        .join(' ')}
      style={{ transform: CSS.Translate.toString(transform), transition }}
    >
      {/* A heading in the list, as it will be on the recipe page; the button inside opens its dialog. */}
      <h3 className="editor-heading-title">
        <RowButton errorId={errorId} error={error} onEdit={onEdit}>
          <span className="visually-hidden">{TEXT.headingRowPrefix} </span>
          <span className="editor-row-name">{row.heading}</span>
        </RowButton>
      </h3>
      <RowHandle sortable={sortable} label={TEXT.dragHandle(name)} />
      <RowError id={errorId} error={error} />
    </li>
  );
}
