import { describe, expect, it } from 'vitest';
import { initialOf, TILE_TONES, toneOf } from '../../../src/features/list/recipe-tile.tsx';

// The tile a recipe without photos shows in the list: its initial, in one of the tile colours by its id.
describe('recipe tile', () => {
  it.each([
    ['Kanelbullar', 'K'],
    ['äppelkaka', 'Ä'],
    ['  ärtsoppa', 'Ä'],
    ['”Mormors” bullar', 'M'],
    ['7 sorters kakor', '7'],
    ['—', '—'],
  ])('%s -> %s', (name, initial) => expect(initialOf(name)).toBe(initial));

  it('gives neighbouring ids different colours, each one of the tones', () => {
    const tones = [1, 2, 3, 4, 5, 6].map(toneOf);
    expect(new Set(tones.slice(0, TILE_TONES)).size).toBe(TILE_TONES);
    expect(tones[5]).toBe(tones[0]);
    for (const t of tones) expect(t).toBeGreaterThanOrEqual(0);
  });
});
