// What the two sortable lists of the form (ingredients, photos) share: the list itself (drag and drop context,
// Swedish announcements, the move on drop), the sensors, the one-column movement, the drag handle, a row's button
// and a row's error.
import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type DragEndEvent,
  type Modifier,
  type ScreenReaderInstructions,
} from '@dnd-kit/core';
import {
  SortableContext,
  sortableKeyboardCoordinates,
  verticalListSortingStrategy,
  type useSortable,
} from '@dnd-kit/sortable';
import { useId, type ReactNode } from 'react';
import { dragAnnouncements } from './dnd-texts.ts';
import { moveItem } from './ingredient-result.ts';

type SortableListProps<T> = {
  items: readonly T[];
  /** The item's sortable id (a row's key, a photo's id). */
  idOf(item: T): string;
  /** What the announcements call an item at a 1-based position ('Mjöl', 'Rubrik Till degen', 'Bild 2'). */
  nameOf(item: T, position: number): string;
  instructions: ScreenReaderInstructions;
  onReorder(items: readonly T[]): void;
  /** The list element, its rows made with useSortable. */
  children: ReactNode;
};

/** A vertical list reordered by mouse, touch and keyboard, its moves announced in Swedish. */
export function SortableList<T>({ items, idOf, nameOf, instructions, onReorder, children }: SortableListProps<T>) {
  const sensors = useListSensors();
  const ids = items.map(idOf);
  const indexOf = (id: string | number) => ids.indexOf(String(id));
  const announcements = dragAnnouncements({
    nameOf: (id) => {
      const index = indexOf(id);
      const item = items[index];
      return item === undefined ? '' : nameOf(item, index + 1);
    },
    positionOf: (id) => indexOf(id) + 1,
    count: () => items.length,
  });
  const dndId = useId();

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    onReorder(moveItem(items, indexOf(active.id), indexOf(over.id)));
  };

  return (
    <DndContext
      id={dndId}
      sensors={sensors}
      collisionDetection={closestCenter}
      modifiers={[verticalOnly]}
      onDragEnd={onDragEnd}
      accessibility={{ announcements, screenReaderInstructions: instructions }}
    >
      <SortableContext items={ids} strategy={verticalListSortingStrategy}>
        {children}
      </SortableContext>
    </DndContext>
  );
}

/** Mouse, touch and keyboard. */
export function useListSensors() {
  return useSensors(
    // A few pixels of travel before a drag starts, so a tap or click on the handle stays a click.
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
}

// Vertical only: the lists are one column, sideways movement would only look broken.
export const verticalOnly: Modifier = ({ transform }) => ({ ...transform, x: 0 });

/** A row's drag handle: its six dots, named for the row ('Flytta Mjöl'); the row's useSortable() drives it. */
export function RowHandle({
  sortable: { attributes, listeners, setActivatorNodeRef },
  label,
  className,
}: {
  sortable: Pick<ReturnType<typeof useSortable>, 'attributes' | 'listeners' | 'setActivatorNodeRef'>;
  label: string;
  /** Added to 'editor-row-handle'. */
  className?: string;
}) {
  return (
    <button
      type="button"
      className={className ? `editor-row-handle ${className}` : 'editor-row-handle'}
      ref={setActivatorNodeRef}
      {...attributes}
      {...listeners}
      aria-label={label}
    >
      <svg width="20" height="20" viewBox="0 0 20 20" aria-hidden="true" focusable="false">
        <path
          d="M7 4h.01M13 4h.01M7 10h.01M13 10h.01M7 16h.01M13 16h.01"
          stroke="currentColor"
          strokeWidth="3"
          strokeLinecap="round"
        />
      </svg>
    </button>
  );
}

/** A row's own button, which opens its dialog; it points at the row's message (RowError) while the row is refused. */
export function RowButton({
  errorId,
  error,
  onEdit,
  children,
}: {
  errorId: string;
  error: string | undefined;
  onEdit(): void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      className="editor-row-main"
      onClick={onEdit}
      aria-describedby={error ? errorId : undefined}
      data-invalid={error ? '' : undefined}
    >
      {children}
    </button>
  );
}

/** The message under a row the form's schema refuses; the row's button points at it by `id`. */
export function RowError({ id, error }: { id: string; error: string | undefined }) {
  return error ? (
    <p className="editor-field-error editor-row-error" id={id}>
      {error}
    </p>
  ) : null;
}
