import { describe, expect, it } from 'vitest';
import {
  filtersFromParams,
  filterWords,
  hasFilters,
  ingredientStems,
  nameHasIngredient,
  nameWords,
  NO_FILTERS,
  parseMinutes,
  textWordHas,
  wholeWordOnly,
  writeFilterParams,
} from '../../../src/lib/recipe-filters.ts';
import { swedishStem } from '../../../src/lib/swedish-stem.ts';
import { ingredientCases } from '../../support/ingredient-cases.ts';

// Decision 062: its table of cases is the ingredient rule's test, row by row.
describe("the ingredient filter's Swedish rule (decision 062)", () => {
  it("stems as PostgreSQL's 'swedish' configuration does (Snowball)", () => {
    // The stems ts_lexize('swedish_stem', …) gives on PGlite and PostgreSQL 15.
    const stems = Object.fromEntries(
      ['äggen', 'ägget', 'löken', 'lökar', 'tomaterna', 'tomater', 'tomat', 'kakorna', 'potatisar', 'ost', 'te'].map(
        (w) => [w, swedishStem(w)],
      ),
    );
    expect(stems).toEqual({
      äggen: 'ägg',
      ägget: 'ägget', // Snowball has no "-et": "Med ägget" finds only "ägget" and compounds ending in it
      löken: 'lök',
      lökar: 'lök',
      tomaterna: 'tomat',
      tomater: 'tomat',
      tomat: 'tom',
      kakorna: 'kak',
      potatisar: 'potatis',
      ost: 'ost',
      te: 'te',
    });
  });

  const cases = ingredientCases();
  it("has the decision's table to test", () => expect(cases.length).toBeGreaterThanOrEqual(20));
  it.each(cases)('"$word" in "$name": $found', ({ word, name, found }) => {
    const [asked] = ingredientStems(word);
    expect(nameHasIngredient(name, asked as string)).toBe(found);
  });

  it('folds Swedish capitals and keeps å, ä, ö as letters (no accents taken off)', () => {
    expect(ingredientStems('ÄGGEN, Kokosmjölk  Löken')).toEqual(['äggen', 'kokosmjölk', 'löken']);
    expect(ingredientStems('ägg ÄGG')).toEqual(['ägg']);
    expect(nameHasIngredient('RÖDLÖK', 'löken')).toBe(true);
    expect(nameHasIngredient('Ål', 'al')).toBe(false);
  });

  it('matches one- and two-letter words only as whole words of a name, split as migration 018 splits it', () => {
    expect(ingredientStems('te P ål').map(wholeWordOnly)).toEqual([true, true, true]);
    expect(ingredientStems('äggen pot').map(wholeWordOnly)).toEqual([false, false]);
    expect(nameWords('Salt,te  (Grönt)/Mynta-blad;x.y:z')).toEqual([
      'salt',
      'te',
      'grönt',
      'mynta',
      'blad',
      'x',
      'y',
      'z',
    ]);
    for (const name of ['Grönt te', 'Te (grönt)', 'Salt,te', 'Mynta/te', 'TE'])
      expect(nameHasIngredient(name, 'te'), name).toBe(true);
    expect(nameHasIngredient('Tomater', 'to')).toBe(false);
  });

  it("finds a words filter's word as PostgreSQL's prefix search does: a text word's stem beginning with its stem", () => {
    const has = (text: string, word: string) => textWordHas(swedishStem(text), text, word);
    expect(has('kaka', 'kakorna')).toBe(true);
    expect(has('kardemumma', 'karde')).toBe(true);
    expect(has('tomater', 'tomat')).toBe(true);
    expect(has('te', 'te')).toBe(true);
    expect(has('tomater', 'to')).toBe(false);
    expect(has('vetemjöl', 'mjöl')).toBe(false);
  });

  it('reads words as letters and digits only, at most eight of them', () => {
    expect(filterWords('  "kanel" & kardemumma; 50% ')).toEqual(['kanel', 'kardemumma', '50']);
    expect(filterWords('a b c d e f g h i j')).toHaveLength(8);
    expect(filterWords(' ,;: ')).toEqual([]);
  });
});

describe('the filters in an address', () => {
  it('reads and writes ingredients, maxMinutes and words, leaving the other parameters alone', () => {
    const params = new URLSearchParams('search=bullar&category=Fika&ingredients=kanel+smör&maxMinutes=30&words=jul');
    const filters = filtersFromParams(params);
    expect(filters).toEqual({ ingredients: 'kanel smör', maxMinutes: 30, words: 'jul' });
    expect(hasFilters(filters)).toBe(true);
    const written = writeFilterParams(new URLSearchParams('search=bullar&category=Fika&maxMinutes=15'), {
      ...NO_FILTERS,
      ingredients: ' ägg ',
    });
    expect(written.toString()).toBe('search=bullar&category=Fika&ingredients=%C3%A4gg');
    expect(hasFilters(NO_FILTERS)).toBe(false);
    expect(hasFilters({ ingredients: ' , ', words: ' ' })).toBe(false);
  });

  it('takes whole minutes from 1 to a week only', () => {
    expect(['30', '0', '015', '-5', '1.5', '10080', '10081', 'abc', ''].map(parseMinutes)).toEqual([
      30,
      undefined,
      undefined,
      undefined,
      undefined,
      10080,
      undefined,
      undefined,
      undefined,
    ]);
  });
});
