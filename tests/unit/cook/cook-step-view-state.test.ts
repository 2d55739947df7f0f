import { describe, expect, it } from 'vitest';
import { readStepView, stepViewKey, writeStepView } from '../../../src/features/cook/step-view-state.ts';

// The one-step view kept across a reload (src/features/cook/step-view-state.ts, issue 57 item 2): per recipe id and
// version in sessionStorage, the step it shows; nothing stored means the view is closed.
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

describe('the one-step view kept in this tab', () => {
  it('keys by recipe id and version, beside cook mode’s ticks, none before the recipe is known', () => {
    expect(stepViewKey({})).toBeUndefined();
    expect(stepViewKey({ id: 7, version: 3 })).toBe('recipe-book:cook-step:7:3');
    expect(stepViewKey({ id: 7 })).toBe('recipe-book:cook-step:7:0');
    expect(stepViewKey({ id: 7, version: 4 })).not.toBe(stepViewKey({ id: 7, version: 3 }));
    expect(stepViewKey({ id: 8, version: 3 })).not.toBe(stepViewKey({ id: 7, version: 3 }));
  });

  it('reads back the step it wrote; the view closed leaves no entry', () => {
    const storage = new MemoryStorage();
    expect(readStepView(storage, 'k')).toBeUndefined();
    writeStepView(storage, 'k', 0);
    expect(readStepView(storage, 'k')).toBe(0);
    writeStepView(storage, 'k', 2);
    expect(readStepView(storage, 'k')).toBe(2);
    expect(storage.items.get('k')).toBe('{"step":2}');
    writeStepView(storage, 'k', undefined);
    expect(storage.items.has('k')).toBe(false);
    expect(readStepView(storage, 'k')).toBeUndefined();
  });

  it('reads anything that is not a step as closed', () => {
    const storage = new MemoryStorage();
    for (const text of [
      'not json',
      'null',
      '3',
      '"3"',
      '[]',
      '{}',
      '{"step":"2"}',
      '{"step":-1}',
      '{"step":1.5}',
      '{"step":1e400}',
      '{"step":null}',
    ]) {
      storage.items.set('k', text);
      expect(readStepView(storage, 'k'), text).toBeUndefined();
    }
  });

  it('a blocked or full storage keeps nothing and throws nothing', () => {
    const blocked = {
      getItem(): string | null {
        throw new DOMException('blocked', 'SecurityError');
      },
      setItem(): void {
        throw new DOMException('full', 'QuotaExceededError');
      },
      removeItem(): void {
        throw new DOMException('blocked', 'SecurityError');
      },
    };
    expect(() => writeStepView(blocked, 'k', 1)).not.toThrow();
    expect(() => writeStepView(blocked, 'k', undefined)).not.toThrow();
    expect(readStepView(blocked, 'k')).toBeUndefined();
  });
});
