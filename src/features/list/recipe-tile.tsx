// What stands in a list row for a recipe without photos: its initial on a tile in one of five kitchen colours (by its
// id, so neighbours differ and a recipe keeps its colour). The same 40 px square as a thumbnail, so every row keeps
// one height (the list's scroll restoration relies on it). The name follows in the row: the tile is decoration, its
// letter drawn by CSS (recipe-list.css) so that it is no part of the link's text.

/** How many colours the tiles take turns with (recipe-list.css names each). */
export const TILE_TONES = 5;

/**
 * The name's first letter or digit as a capital ('äppelkaka' -> 'Ä', '”Mormors” bullar' -> 'M', '7 sorters kakor' ->
 * '7'); a name with neither gives its first character.
 */
export function initialOf(name: string): string {
  const text = name.trim();
  const first = /[\p{L}\p{N}]/u.exec(text)?.[0] ?? Array.from(text)[0] ?? '';
  return first.toLocaleUpperCase('sv');
}

export function toneOf(id: number): number {
  return ((id % TILE_TONES) + TILE_TONES) % TILE_TONES;
}

export default function RecipeTile({ id, name }: { id: number; name: string }) {
  return <span className={`thumb recipe-tile tone-${toneOf(id)}`} data-initial={initialOf(name)} aria-hidden="true" />;
}
