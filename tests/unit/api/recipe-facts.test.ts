import { describe, expect, it } from 'vitest';
import { factsOf, passes, withRecipes, type RecipeFacts } from '../../../server/api/read-models/recipe-facts.ts';

// The name index's facts for "Med …" and "Högst … min" (issue 40): by the entry's slot, one version per index version.
const mark = (...ids: number[]) => {
  const table = new Uint8Array(Math.max(...ids) + 1);
  for (const id of ids) table[id] = 1;
  return table;
};
/** The names at `slot` as this version holds them. */
const namesOf = (facts: RecipeFacts, slot: number) => [
  ...facts.names.subarray(facts.start[slot], (facts.start[slot] ?? 0) + (facts.count[slot] ?? 0)),
];

describe('recipe facts', () => {
  const first = factsOf([
    { slot: 1, ingredientNames: [10, 11], minutes: 20 },
    { slot: 2, ingredientNames: [11] },
    { slot: 4, minutes: 90 },
  ]);

  it('passes a recipe holding one name of every stem, within the time', () => {
    expect(passes(first, 1, [mark(10), mark(11, 12)], undefined)).toBe(true);
    expect(passes(first, 1, [mark(10), mark(12)], undefined)).toBe(false);
    expect(passes(first, 1, [mark(10)], 20)).toBe(true);
    expect(passes(first, 1, [mark(10)], 15)).toBe(false);
  });

  it('leaves a recipe without a time out of a time filter, and one without names out of "Med"', () => {
    expect(passes(first, 2, [], 60)).toBe(false);
    expect(passes(first, 2, [], undefined)).toBe(true);
    expect(passes(first, 4, [mark(10)], undefined)).toBe(false);
    expect(passes(first, 4, [], 90)).toBe(true);
  });

  it('passes no slot it does not hold (a gap, or beyond the last)', () => {
    expect(passes(first, 3, [], 1000)).toBe(false);
    expect(passes(first, 3, [mark(10)], undefined)).toBe(false);
    expect(passes(first, 99, [], undefined)).toBe(false);
  });

  it('makes a new version for a write and leaves the last one as it was', () => {
    const next = withRecipes(
      first,
      [
        { slot: 1, ingredientNames: [12], minutes: 5 },
        { slot: 7, ingredientNames: [10] },
      ],
      [2],
    );
    expect(namesOf(next, 1)).toEqual([12]);
    expect(next.minutes[1]).toBe(5);
    expect(passes(next, 7, [mark(10)], undefined)).toBe(true);
    expect(passes(next, 2, [mark(11)], undefined)).toBe(false);
    // The last version, which a reader may still be using.
    expect(namesOf(first, 1)).toEqual([10, 11]);
    expect(first.minutes[1]).toBe(20);
    expect(passes(first, 2, [mark(11)], undefined)).toBe(true);
    expect(passes(first, 7, [], undefined)).toBe(false);
  });

  it('keeps every recipe its names through many writes, the replaced runs dropped as they grow', () => {
    let facts = factsOf([]);
    const expected = new Map<number, number[]>();
    for (let write = 0; write < 2000; write++) {
      const slot = 1 + (write % 37);
      const names = Array.from({ length: 1 + (write % 5) }, (_, i) => write + i);
      facts = withRecipes(
        facts,
        [{ slot, ingredientNames: names, minutes: write }],
        write % 11 === 0 ? [slot + 40] : [],
      );
      expected.set(slot, names);
    }
    for (const [slot, names] of expected) expect(namesOf(facts, slot)).toEqual(names);
    expect(facts.live).toBe([...expected.values()].reduce((n, names) => n + names.length, 0));
    // Compacted along the way: far fewer than every name ever written is kept.
    expect(facts.names.length).toBeLessThan(5000);
  });
});
