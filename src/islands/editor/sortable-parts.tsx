// What the two sortable lists of the form (ingredients, photos) share: the sensors, the one-column movement and
// the drag handle's grip.
import { KeyboardSensor, PointerSensor, useSensor, useSensors, type Modifier } from '@dnd-kit/core';
import { sortableKeyboardCoordinates } from '@dnd-kit/sortable';

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

/** The handle's six dots. */
export function GripIcon() {
  return (
    <svg width="20" height="20" viewBox="0 0 20 20" aria-hidden="true" focusable="false">
      <path
        d="M7 4h.01M13 4h.01M7 10h.01M13 10h.01M7 16h.01M13 16h.01"
        stroke="currentColor"
        strokeWidth="3"
        strokeLinecap="round"
      />
    </svg>
  );
}
