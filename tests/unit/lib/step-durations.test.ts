import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  formatClock,
  formatDuration,
  MAX_DURATION_SECONDS,
  minutesFromText,
  stepDurations,
} from '../../../src/lib/step-durations.ts';

// docs/step-durations.md: the rules for finding durations in a step's text. Its table of examples is the test: every
// row is read here and checked, so the doc and src/lib/step-durations.ts cannot drift apart.
const DOC = readFileSync(new URL('../../../docs/step-durations.md', import.meta.url), 'utf8');

function examples(): Array<{ step: string; timers: string }> {
  const table = DOC.slice(DOC.indexOf('## Examples'));
  return table
    .split('\n')
    .filter((line) => line.startsWith('| ') && !line.startsWith('| Step') && !line.startsWith('| ---'))
    .map((line) => {
      const [step = '', timers = ''] = line
        .slice(1, -1)
        .split('|')
        .map((cell) => cell.trim());
      return { step, timers };
    });
}

/** What the code finds in a step, written as the table writes it. */
function found(step: string): string {
  const durations = stepDurations(step);
  if (durations.length === 0) return '–';
  return durations.map((d) => `\`${d.text}\` → \`${formatDuration(d.seconds)}\``).join('; ');
}

describe('docs/step-durations.md, every example a test', () => {
  const rows = examples();
  it('has the table', () => {
    expect(rows.length).toBeGreaterThanOrEqual(30);
  });
  for (const { step, timers } of rows) {
    it(step, () => {
      expect(found(step)).toBe(timers);
    });
  }
});

describe('stepDurations', () => {
  it('says where each duration is written', () => {
    const step = 'Grädda i 200 °C i 25 minuter, vila 5 min.';
    for (const d of stepDurations(step)) expect(step.slice(d.start, d.end)).toBe(d.text);
    expect(stepDurations(step).map((d) => d.seconds)).toEqual([1500, 300]);
  });

  it('keeps a week, and no more', () => {
    expect(stepDurations('7 dygn')[0]?.seconds).toBe(MAX_DURATION_SECONDS);
    expect(stepDurations('169 timmar')).toEqual([]);
  });

  it('reads hostile text in time proportional to its length', () => {
    // Long runs of what almost makes a duration: amounts, fractions, ranges and joiners without an end.
    for (const unit of ['1 1/2 –', '1 ½ 2–', 'en halv ', '1,5 och ', '1 timme och ', '9'.repeat(9)]) {
      const started = performance.now();
      stepDurations(unit.repeat(20_000));
      expect(performance.now() - started).toBeLessThan(2_000);
    }
  });
});

describe('formatDuration and formatClock', () => {
  it('write a timer the Swedish way', () => {
    expect(formatDuration(25 * 60)).toBe('25 min');
    expect(formatDuration(90 * 60)).toBe('1 tim 30 min');
    expect(formatDuration(45)).toBe('45 sek');
    expect(formatDuration(90)).toBe('1 min 30 sek');
    expect(formatDuration(0)).toBe('0 sek');
    expect(formatClock(25 * 60)).toBe('25:00');
    expect(formatClock(59.2)).toBe('1:00');
    expect(formatClock(3900)).toBe('1:05:00');
    expect(formatClock(-3)).toBe('0:00');
  });
});

// A recipe's time as a time field writes it (a recipe card's "Prep Time 15 mins", a pasted "Tid: 1 h 15 min", an
// app's "PT1H15M"): the one reader of the web import, the plain-text import and moving in.
describe('minutesFromText', () => {
  it.each([
    ['PT1H15M', 75],
    ['P0DT0H45M', 45],
    ['30 min', 30],
    ['45 minuter', 45],
    ['1 timme', 60],
    ['1,5 timmar', 90],
    ['1 h 15 min', 75],
    ['1h15m', 75],
    ['1 hr. 15 min.', 75],
    ['1 hour 20 minutes', 80],
    ['2 Stunden', 120],
    ['1 heure 10 minutes', 70],
    ['1 uur', 60],
    ['2 ore', 120],
    ['20 minuti', 20],
    ['10 minutos', 10],
    ['Prep Time 15 mins', 15],
    ['ungefär 30 min', 30],
    ['7 dagar', undefined],
    ['0 min', undefined],
    ['168 h', 10080],
    ['169 h', undefined],
    ['snabb', undefined],
    ['', undefined],
    [undefined, undefined],
  ])('reads %j as %j minutes', (text, minutes) => {
    expect(minutesFromText(text)).toBe(minutes);
  });

  // A pasted recipe's line is a time only when all of it is one: "Tid: ungefär 30 min" stays a line of the recipe.
  it.each([
    ['30 min', 30],
    ['1 h 15 min', 75],
    ['1 timme 30 minuter', 90],
    ['1 hour 20 minutes', 80],
    ['1,5 timmar', 90],
    ['ungefär 30 min', undefined],
    ['30-40 min', undefined],
    ['1 timme och 30 min', undefined],
    ['30 min i ugnen', undefined],
    ['0 min', undefined],
  ])('reads %j, the whole text, as %j minutes', (text, minutes) => {
    expect(minutesFromText(text, { whole: true })).toBe(minutes);
  });
});
