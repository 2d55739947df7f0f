import { describe, expect, it } from 'vitest';
import { ingredientsInStep } from '../../../src/features/cook/step-ingredients.ts';
import {
  FORGET_MS,
  LATE_RING_MS,
  readTimers,
  settledTimers,
  withMoreTime,
  withTimer,
  writeTimers,
  MAX_TIMERS,
} from '../../../src/features/cook/cook-timers.ts';
import { endedText } from '../../../src/features/cook/timer-list.tsx';
import { swedishVoice } from '../../../src/features/cook/read-aloud.ts';

// Cook mode's pure parts (src/features/cook/): which ingredients a step names (the one-step view), the timers' stored
// list (end times, more time, a bad entry read as none) and the choice of a Swedish voice.
describe('ingredientsInStep', () => {
  const names = ['Vetemjöl', 'Mjölk', 'Ägg', 'Smör', 'Potatismjöl', 'Färskpotatis', 'Salt', 'Te'];
  it.each([
    ['Vispa mjölet och hälften av mjölken.', ['Vetemjöl', 'Mjölk', 'Potatismjöl']],
    ['Vispa i äggen och resten av mjölken.', ['Mjölk', 'Ägg']],
    ['Stek i smöret.', ['Smör']],
    ['Koka potatisen i saltat vatten.', ['Färskpotatis', 'Salt']],
    ['Låt vila en stund.', []],
    ['Häll te över.', []],
  ])('%s', (step, expected) => {
    expect(ingredientsInStep(step, names).map((i) => names[i])).toEqual(expected);
  });
});

class MemoryStorage {
  readonly items = new Map<string, string>();
  getItem = (key: string) => this.items.get(key) ?? null;
  setItem = (key: string, value: string) => void this.items.set(key, value);
  removeItem = (key: string) => void this.items.delete(key);
}

describe('cook timers', () => {
  it('keeps end times, gives more time from the end or from now, and reads back what it wrote', () => {
    let timers = withTimer([], 'Steg 1: 20 min', 20 * 60, 1_000, 'a');
    timers = withTimer(timers, 'Steg 2: 25 min', 25 * 60, 2_000, 'b');
    expect(timers.map((t) => t.endsAt)).toEqual([1_201_000, 1_502_000]);
    // Still running: a minute after its end. Ended (and rung): a minute from now, to ring again.
    expect(withMoreTime(timers, 'a', 60, 5_000)[0]?.endsAt).toBe(1_261_000);
    const ended = [{ ...timers[0]!, rang: true }];
    expect(withMoreTime(ended, 'a', 60, 2_000_000)[0]).toMatchObject({ endsAt: 2_060_000, rang: false });
    const storage = new MemoryStorage();
    writeTimers(storage, 'k', timers);
    expect(readTimers(storage, 'k')).toEqual(timers);
    writeTimers(storage, 'k', []);
    expect(storage.items.size).toBe(0);
  });

  it('keeps at most MAX_TIMERS, and reads anything else as none', () => {
    let timers = withTimer([], 't0', 60, 0, 'id0');
    for (let i = 1; i <= MAX_TIMERS; i++) timers = withTimer(timers, `t${i}`, 60, 0, `id${i}`);
    expect(timers).toHaveLength(MAX_TIMERS);
    expect(timers[0]?.label).toBe('t1');
    const storage = new MemoryStorage();
    for (const bad of [
      '{not json',
      '{"a":1}',
      JSON.stringify([{ id: 'x', label: 'y', endsAt: 'soon', rang: false }]),
    ]) {
      storage.setItem('k', bad);
      expect(readTimers(storage, 'k')).toEqual([]);
    }
    const full = {
      getItem: () => null,
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
      removeItem: () => undefined,
    };
    expect(() => writeTimers(full, 'k', timers)).not.toThrow();
  });
});

describe('timers a page finds when it opens', () => {
  const now = 100 * FORGET_MS;
  const timer = (id: string, endedAgo: number, rang = false) => ({ id, label: id, endsAt: now - endedAgo, rang });
  it('rings an end of the last ten minutes, keeps an older one silent and ended, and forgets one half a day old', () => {
    const found = [
      timer('running', -60_000),
      timer('just ended', 60_000),
      timer('ended while away', LATE_RING_MS + 1),
      timer('rang before', LATE_RING_MS + 1, true),
      timer('yesterday', FORGET_MS + 1),
    ];
    expect(settledTimers(found, now)).toEqual([
      timer('running', -60_000),
      timer('just ended', 60_000),
      timer('ended while away', LATE_RING_MS + 1, true),
      timer('rang before', LATE_RING_MS + 1, true),
    ]);
  });
});

describe('the words of an end', () => {
  it('one timer, and several ending at once', () => {
    expect(endedText(['Steg 3: 25 min'])).toBe('Timern Steg 3: 25 min är klar.');
    expect(endedText(['Steg 1: 5 min', 'Steg 2: 10 min', 'Steg 3: 25 min'])).toBe(
      'Timrarna Steg 1: 5 min, Steg 2: 10 min och Steg 3: 25 min är klara.',
    );
  });
});

describe('swedishVoice', () => {
  it('takes the first voice whose language is Swedish', () => {
    expect(swedishVoice([{ lang: 'en-US' }, { lang: 'sv_SE' }, { lang: 'sv-SE' }])).toEqual({ lang: 'sv_SE' });
    expect(swedishVoice([{ lang: 'SV' }])).toEqual({ lang: 'SV' });
    expect(swedishVoice([{ lang: 'en-US' }, { lang: 'svx' }])).toBeUndefined();
  });
});
