import { describe, expect, it } from 'vitest';
import {
  activeFilterCount,
  countSentences,
  noMatchesText,
  removableFilters,
} from '../../../src/features/list/filter-summary.ts';
import { addressWithSearch } from '../../../src/features/list/search-address.ts';
import { NO_FILTERS } from '../../../src/lib/recipe-filters.ts';

// Issue 54: the 'Filter' control's number, the count as sentences of their own, what an empty result offers to
// remove, and the search text in the list's address.

describe("the 'Filter' control's number", () => {
  it('counts each filter that narrows the list, and no text that narrows nothing', () => {
    expect(activeFilterCount(NO_FILTERS)).toBe(0);
    expect(activeFilterCount({ ingredients: 'ägg', words: '', maxMinutes: 30 })).toBe(2);
    expect(activeFilterCount({ ingredients: 'ägg', words: 'kardemumma', maxMinutes: 15 })).toBe(3);
    expect(activeFilterCount({ ingredients: '   ', words: ' , ', maxMinutes: undefined })).toBe(0);
  });
});

describe('the count of matches', () => {
  it('is one sentence, and the time chosen adds its own', () => {
    expect(countSentences(2, false, false)).toBe('2 recept matchar.');
    expect(countSentences(1, false, false)).toBe('1 recept matchar.');
    expect(countSentences(2, false, true)).toBe('2 recept matchar. Recept utan angiven tid visas inte.');
    expect(countSentences(0, false, true)).toBe('0 recept matchar. Recept utan angiven tid visas inte.');
    expect(countSentences(400, true, false)).toBe('Minst 400 recept matchar.');
    expect(countSentences(1000, true, false)).toBe('Fler än 1 000 recept matchar.');
  });
});

describe('what an empty result offers to remove', () => {
  it('offers exactly the filters set, the chosen category among them, each removed alone', () => {
    const filters = { ingredients: ' potatis ', words: 'grädde', maxMinutes: 30 };
    const offered = removableFilters(filters, 'Middag');
    expect(offered.map((r) => r.label)).toEqual([
      'Ta bort ”Med potatis”',
      'Ta bort ”Högst 30 min”',
      'Ta bort ”Ord i receptet: grädde”',
      'Ta bort kategorin ”Middag”',
    ]);
    expect(offered[0]).toMatchObject({ filters: { ...filters, ingredients: '' }, category: 'Middag' });
    expect(offered[1]).toMatchObject({ filters: { ...filters, maxMinutes: undefined }, category: 'Middag' });
    expect(offered[2]).toMatchObject({ filters: { ...filters, words: '' }, category: 'Middag' });
    expect(offered[3]).toMatchObject({ filters, category: '' });
  });

  it('leaves out text that narrows nothing and a category not chosen', () => {
    expect(removableFilters({ ingredients: '  ', words: ' - ', maxMinutes: 15 }, '').map((r) => r.label)).toEqual([
      'Ta bort ”Högst 15 min”',
    ]);
    expect(removableFilters(NO_FILTERS, '')).toEqual([]);
  });

  it('says "ett av dem" only when there is more than one to choose from', () => {
    expect(noMatchesText(1)).toBe('Inga recept matchar filtret.');
    expect(noMatchesText(2)).toBe('Inga recept matchar alla filter. Ta bort ett av dem:');
  });
});

describe('the search text in the address', () => {
  it('sets ?search= as typed, keeping the other parameters, spaces as %20', () => {
    expect(addressWithSearch('kaka', 'https://r.example/')).toBe('/?search=kaka');
    expect(addressWithSearch('mjuk kaka', 'https://r.example/?category=Till%20fest&ingredients=%C3%A4gg')).toBe(
      '/?category=Till%20fest&ingredients=%C3%A4gg&search=mjuk%20kaka',
    );
    expect(addressWithSearch('a+b & c', 'https://r.example/?search=x#top')).toBe('/?search=a%2Bb%20%26%20c#top');
  });

  it('leaves the parameter out when the box holds nothing but spaces, as an empty search goes to /', () => {
    expect(addressWithSearch('', 'https://r.example/?search=kaka')).toBe('/');
    expect(addressWithSearch('   ', 'https://r.example/?search=kaka&maxMinutes=30')).toBe('/?maxMinutes=30');
  });
});
