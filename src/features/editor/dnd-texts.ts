// Swedish screen-reader texts for @dnd-kit (its defaults are English and name items by id).
import type { Announcements, ScreenReaderInstructions } from '@dnd-kit/core';

/** How to move an item with the keyboard; `item` is what is lifted, in its definite form ('ingrediensen'). */
export function dragInstructionsFor(item: string): ScreenReaderInstructions {
  return {
    draggable:
      `Tryck på mellanslag eller Enter för att lyfta ${item}. Flytta den med pil upp och pil ned. ` +
      'Tryck på mellanslag eller Enter igen för att släppa den, eller Escape för att avbryta.',
  };
}

export const dragInstructions = dragInstructionsFor('ingrediensen');
export const photoDragInstructions = dragInstructionsFor('bilden');

type Lookup = {
  /** The item's name for a sortable id (an ingredient's name, 'Bild 2'). */
  nameOf(id: string | number): string;
  /** 1-based position of a sortable id in the current order. */
  positionOf(id: string | number): number;
  count(): number;
};

/** Announcements read out while a row is lifted, moved, dropped or put back. */
export function dragAnnouncements(lookup: Lookup): Announcements {
  const where = (id: string | number) => `plats ${lookup.positionOf(id)} av ${lookup.count()}`;
  return {
    onDragStart: ({ active }) => `Lyfte ${lookup.nameOf(active.id)}, ${where(active.id)}.`,
    // Right after lifting, dnd-kit reports the row over itself: stay quiet so 'Lyfte …' is heard.
    onDragOver: ({ active, over }) =>
      over?.id === active.id
        ? undefined
        : over
          ? `${lookup.nameOf(active.id)} flyttad till ${where(over.id)}.`
          : `${lookup.nameOf(active.id)} är utanför listan.`,
    onDragEnd: ({ active, over }) =>
      over ? `${lookup.nameOf(active.id)} släppt på ${where(over.id)}.` : `${lookup.nameOf(active.id)} släppt.`,
    onDragCancel: ({ active }) => `Flytten avbröts. ${lookup.nameOf(active.id)} ligger kvar på ${where(active.id)}.`,
  };
}
