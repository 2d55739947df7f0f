import { describe, expect, it } from 'vitest';
import { cookStorageKey, readCookState, writeCookState } from '../../../src/features/details/cook-mode.ts';

// Cook mode's state in sessionStorage (src/features/details/cook-mode.ts): one entry per recipe id and version.
class MemoryStorage {
  readonly items = new Map<string, string>();
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
}

describe('cook mode storage', () => {
  it('keys by recipe id and version, none before the recipe is known', () => {
    expect(cookStorageKey(undefined)).toBeUndefined();
    expect(cookStorageKey({})).toBeUndefined();
    expect(cookStorageKey({ id: 7, version: 3 })).toBe('recipe-book:cook-mode:7:3');
    expect(cookStorageKey({ id: 7, version: 4 })).not.toBe(cookStorageKey({ id: 7, version: 3 }));
  });

  it('reads back what it wrote; off with nothing ticked leaves no entry', () => {
    const storage = new MemoryStorage();
    writeCookState(storage, 'k', { cooking: true, ticked: ['i0', 's2'] });
    expect(readCookState(storage, 'k')).toEqual({ cooking: true, ticked: ['i0', 's2'] });
    writeCookState(storage, 'k', { cooking: false, ticked: ['i0'] });
    expect(readCookState(storage, 'k')).toEqual({ cooking: false, ticked: ['i0'] });
    writeCookState(storage, 'k', { cooking: false, ticked: [] });
    expect(storage.items.size).toBe(0);
  });

  it('treats anything else as off, and a storage that throws as empty', () => {
    const storage = new MemoryStorage();
    expect(readCookState(storage, 'none')).toEqual({ cooking: false, ticked: [] });
    storage.setItem('bad', '{not json');
    expect(readCookState(storage, 'bad')).toEqual({ cooking: false, ticked: [] });
    storage.setItem('odd', JSON.stringify({ cooking: 'yes', ticked: ['i1', 3] }));
    expect(readCookState(storage, 'odd')).toEqual({ cooking: false, ticked: ['i1'] });
    const full = {
      setItem() {
        throw new Error('QuotaExceededError');
      },
      removeItem() {},
    };
    expect(() => writeCookState(full, 'k', { cooking: true, ticked: [] })).not.toThrow();
  });
});
