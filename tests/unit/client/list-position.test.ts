import { describe, expect, it } from 'vitest';
import {
  isReturnVisit,
  readListPosition,
  STATE_KEY,
  withListPosition,
  type ListPosition,
} from '../../../src/client/list-position.ts';
import { initialQuery } from '../../../src/stores/query.ts';

const position: ListPosition = {
  query: 'kaka',
  pages: [
    { recipes: [{ id: 3, name: 'Kladdkaka' }], next: 'bmV4dA', previous: null },
    { recipes: [{ id: 9, name: 'Sockerkaka' }], next: null, previous: 'cHJldg' },
  ],
  scrollY: 1234.5,
  anchor: { id: 9, top: -12 },
};

describe('the list position in history.state', () => {
  it('is read back as written, other keys of the state kept', () => {
    const state = withListPosition({ other: 1 }, position);
    expect(state.other).toBe(1);
    expect(readListPosition(state)).toEqual(position);
    // What the browser stores is a structured clone: a copy through JSON reads the same.
    expect(readListPosition(JSON.parse(JSON.stringify(state)))).toEqual(position);
  });

  it('replaces a state that is not an object', () => {
    expect(readListPosition(withListPosition(null, position))).toEqual(position);
    expect(readListPosition(withListPosition('text', position))).toEqual(position);
    expect(readListPosition(withListPosition([1], position))).toEqual(position);
  });

  it('is absent from a state without one or with one not of ours', () => {
    for (const state of [null, undefined, 'x', {}, { [STATE_KEY]: null }, { [STATE_KEY]: 'x' }]) {
      expect(readListPosition(state)).toBeUndefined();
    }
    const broken = (change: Record<string, unknown>) => readListPosition({ [STATE_KEY]: { ...position, ...change } });
    expect(broken({ query: 7 })).toBeUndefined();
    expect(broken({ pages: [] })).toBeUndefined();
    expect(broken({ pages: 'x' })).toBeUndefined();
    expect(broken({ scrollY: Number.NaN })).toBeUndefined();
    expect(broken({ scrollY: '12' })).toBeUndefined();
    expect(broken({ pages: [{ recipes: [{ id: '3', name: 'x' }], next: null, previous: null }] })).toBeUndefined();
    expect(broken({ pages: [{ recipes: [{ id: 3 }], next: null, previous: null }] })).toBeUndefined();
    expect(broken({ pages: [{ recipes: [], next: 5, previous: null }] })).toBeUndefined();
    expect(broken({ pages: [{ recipes: [] }] })).toBeUndefined();
  });

  it('drops a malformed anchor but keeps the rest, and never a negative scroll', () => {
    const read = readListPosition({ [STATE_KEY]: { ...position, anchor: { id: 1.5, top: 0 }, scrollY: -4 } });
    expect(read).toEqual({ query: position.query, pages: position.pages, scrollY: 0 });
  });
});

describe('the search text a page starts with', () => {
  it('is what was typed before hydration, else the text the list showed, else ?search=', () => {
    expect(initialQuery('typed', 'saved', 'url')).toBe('typed');
    expect(initialQuery('', 'saved', 'url')).toBe('saved');
    // The list showed everything although the address has ?search= (the field was cleared live).
    expect(initialQuery('', '', 'url')).toBe('');
    expect(initialQuery('', undefined, 'url')).toBe('url');
    expect(initialQuery('', undefined, '')).toBe('');
  });
});

describe('a return visit', () => {
  it('is Back, Forward or a reload, not following a link', () => {
    expect(isReturnVisit('back_forward')).toBe(true);
    expect(isReturnVisit('reload')).toBe(true);
    expect(isReturnVisit('navigate')).toBe(false);
    expect(isReturnVisit('prerender')).toBe(false);
    expect(isReturnVisit(undefined)).toBe(false);
  });
});

describe('the list position with a category (issue 25)', () => {
  it('keeps the category the pages are narrowed to, and none when it is empty or not text', () => {
    const narrowed = { ...position, category: 'Bakning' };
    expect(readListPosition(withListPosition(null, narrowed))).toEqual(narrowed);
    expect(readListPosition({ [STATE_KEY]: { ...position, category: '' } })).toEqual(position);
    expect(readListPosition({ [STATE_KEY]: { ...position, category: 7 } })).toEqual(position);
  });
});
