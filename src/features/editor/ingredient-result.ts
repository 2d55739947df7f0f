// The ingredient dialog's answer (spec sections 3 and 4) and the one pure function that applies
// it to the list. Kept apart from React so the four outcomes are unit-tested without a browser.

/** What the dialog hands back; `undefined` stands for "cancelled". */
export type IngredientDialogResult<T> = {
  ingredient: T;
  /** Default false; true only when the user pressed 'Ta bort' in edit mode. */
  shouldBeDeleted: boolean;
};

/** Which row the dialog was opened for: `null` means add mode. */
export type DialogTarget = number | null;

/**
 * add appends, edit replaces in place, remove deletes, cancel (undefined) returns the same list.
 * Never mutates `list`, so React and react-hook-form see a new array only when something changed.
 */
export function applyIngredientResult<T>(
  list: readonly T[],
  target: DialogTarget,
  result: IngredientDialogResult<T> | undefined,
): readonly T[] {
  if (!result) return list;
  if (target === null) {
    // Deleting something that was never added is a no-op; the dialog does not offer it.
    return result.shouldBeDeleted ? list : [...list, result.ingredient];
  }
  if (target < 0 || target >= list.length) return list;
  if (result.shouldBeDeleted) return list.filter((_, i) => i !== target);
  return list.map((item, i) => (i === target ? result.ingredient : item));
}

/** Moves one item (drag and drop); out-of-range indexes leave the list as it is. */
export function moveItem<T>(list: readonly T[], from: number, to: number): readonly T[] {
  if (from === to || from < 0 || to < 0 || from >= list.length || to >= list.length) return list;
  const next = [...list];
  const [moved] = next.splice(from, 1);
  next.splice(to, 0, moved as T);
  return next;
}
