import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  formatIngredientAmounts,
  formatIngredientQuantity,
  isIndivisible,
  kitchenAmount,
  type Amounted,
} from '../../../src/lib/kitchen-amount.ts';
import { parseAmount } from '../../../src/lib/quantity-format.ts';
import { scaleRecipe } from '../../../src/lib/scaling.ts';
import { UNIT_LABELS, unitLabel } from '../../../src/lib/units.ts';
import { parseIngredientLine } from '../../../server/drafts/ingredient-line.ts';

// docs/quantities.md: what a kitchen measures. Each row of its table of rules is a test here, run on the row's own
// examples, so the table and the code cannot drift apart.
const DOC = readFileSync(new URL('../../../docs/quantities.md', import.meta.url), 'utf8');

type Row = { rule: string; examples: Array<{ written: string; shown: string }> };
function rulesTable(): Row[] {
  const section = DOC.slice(DOC.indexOf('## The rules (reading)'), DOC.indexOf('## Typing an amount'));
  return section
    .split('\n')
    .filter((line) => line.startsWith('| ') && !line.startsWith('| Rule') && !line.startsWith('| ---'))
    .map((line) => {
      const [rule, examples] = line
        .slice(1, -1)
        .split('|')
        .map((cell) => cell.trim());
      return {
        rule: rule!,
        examples: examples!.split('; ').map((example) => {
          const pair = /^`([^`]+)` → `([^`]+)`$/u.exec(example);
          if (!pair) throw new Error(`not an example: ${example}`);
          return { written: pair[1]!, shown: pair[2]! };
        }),
      };
    });
}

const LABELS = Object.values(UNIT_LABELS).join('|');
const TYPED = new RegExp(`^(-?[\\d,]+(?: [¼½¾])?|[¼½¾⅓⅔])(?: (${LABELS}))?(?: (.+))?$`, 'u');

/** '2,25 st Ägg' as an ingredient of the site (the amount as written, a unit label). */
function typed(text: string): Amounted {
  const [, amount, unit = '', name = ''] = TYPED.exec(text) ?? [];
  const value = parseAmount(amount ?? '');
  if (value === undefined) throw new Error(`not an amount: ${text}`);
  return { name, quantity: { value, unit } };
}

/** '1 cup mjölk' as the web import stores it, with the site's unit label. */
function imported(line: string): Amounted {
  const { name, quantity } = parseIngredientLine(line);
  return { name, quantity: quantity && { value: quantity.value, unit: unitLabel(quantity.unit) } };
}

describe('docs/quantities.md, the rules a row each', () => {
  const rows = rulesTable();
  it('has the table', () => expect(rows.length).toBeGreaterThanOrEqual(19));

  it.each(rows.map((row) => [row.rule, row] as const))('%s', (_, row) => {
    const read = row.rule.startsWith('Imported') ? imported : typed;
    for (const { written, shown } of row.examples) {
      const list = written.split(' + ').map(read);
      const expected = shown.split(' + ').map((text) => (text === '–' ? '' : text));
      expect(formatIngredientAmounts(list), written).toEqual(expected);
    }
  });
});

const shown = (value: number, unit: string, name = '') => formatIngredientQuantity({ value, unit }, name);

describe('the kitchen amount of each unit, at small, middle and large amounts', () => {
  it.each([
    [0.01, 'krm', '½ krm'],
    [0.5, 'krm', '½ krm'],
    [1, 'krm', '1 krm'],
    [2.6, 'krm', '2 ½ krm'],
    [12, 'krm', '12 krm'],
    [0.01, 'tsk', '½ krm'],
    [0.13, 'tsk', '½ krm'],
    [0.333333, 'tsk', '¼ tsk'],
    [1.75, 'tsk', '1 ¾ tsk'],
    [2.9, 'tsk', '3 tsk'],
    [0.05, 'msk', '1 krm'],
    [0.625, 'msk', '2 tsk'],
    [1.1, 'msk', '1 msk'],
    [4, 'msk', '4 msk'],
    [0.02, 'dl', '½ tsk'],
    [0.24, 'dl', '1 ½ msk'],
    [0.333333, 'dl', '2 msk'],
    [0.5, 'dl', '½ dl'],
    [1.3, 'dl', '1,3 dl'],
    [1.5, 'dl', '1 ½ dl'],
    [25, 'dl', '2,5 l'],
    [0.01, 'l', '2 tsk'],
    [1.5, 'l', '1,5 l'],
    [12.34, 'l', '12,3 l'],
    [999.6, 'ml', '1 l'],
    [9.4, 'g', '9 g'],
    [97.6, 'g', '100 g'],
    [996, 'g', '1 kg'],
    [0.0001, 'kg', '0,1 g'],
    [0.5, 'g', '0,5 g'],
    [0.01, 'g', '0,1 g'],
    [500, 'mg', '0,5 g'],
    [116.667, 'mg', '0,1 g'],
    [2500, 'mg', '3 g'],
    [1.04, 'kg', '1 kg'],
    [0.1, 'st', '½'],
    [24, 'st', '24'],
    [0.1, '', '½'],
    [40.5, '', '40 ½'],
  ])('%s %s is shown as %s', (value, unit, text) => {
    expect(shown(value, unit)).toBe(text);
  });

  it('counts eggs and the listed things whole, by a whole word of the name', () => {
    expect(shown(2.25, 'st', 'Ägg (pensling)')).toBe('2');
    expect(shown(0.1, 'st', 'Ekologiska ägg')).toBe('1');
    expect(shown(3.5, '', 'Äggulor')).toBe('4');
    expect(shown(1.5, 'st', 'Äggplanta')).toBe('1 ½');
    expect(isIndivisible('2 eggs')).toBe(true);
    expect(isIndivisible('Äggplanta')).toBe(false);
    // A count in another unit is not a piece: 2,25 dl of egg is measured as dl.
    expect(shown(2.25, 'dl', 'Ägg')).toBe('2 ¼ dl');
  });

  it('keeps two decimals for a unit it does not know, never 0', () => {
    expect(shown(1.2345, 'kopp')).toBe('1,23 kopp');
    expect(shown(0.001, 'kopp')).toBe('0,01 kopp');
  });

  it('has a rule for every unit label: st is not written, mg is shown as g', () => {
    const as: Record<string, string> = { st: '1', mg: '0,1 g' };
    for (const unit of Object.values(UNIT_LABELS)) expect(shown(1, unit)).toBe(as[unit] ?? `1 ${unit}`);
  });

  // Issue 54, item 3: '3 st Ägg', '1 ½ st hönsbuljongtärning', '4 st port ris' and '117 mg saffran' were shown.
  it('writes pieces as Swedish recipes do, without st, and never shows mg', () => {
    expect(formatIngredientAmounts([{ name: 'Ägg', quantity: { value: 3, unit: 'st' } }])).toEqual(['3']);
    expect(shown(1.5, 'st', 'hönsbuljongtärning')).toBe('1 ½');
    expect(shown(4, 'st', 'port ris')).toBe('4');
    expect(shown(2, 'st', 'gula lökar')).toBe('2');
    // Lussekatter for 30 with 500 mg saffron, at 7 portions.
    const lussekatter = { servings: 30, ingredients: [{ name: 'Saffran', quantity: { value: 500, unit: 'mg' } }] };
    expect(formatIngredientAmounts(scaleRecipe(lussekatter, 7).ingredients)).toEqual(['0,1 g']);
    expect(formatIngredientAmounts(lussekatter.ingredients)).toEqual(['0,5 g']);
  });

  it('never shows 0, a negative amount, binary noise, or a decimal beside a fraction of the same unit', () => {
    const units = [...Object.values(UNIT_LABELS), ''];
    const ingredient = fc.record({
      value: fc.double({ min: 1e-9, max: 1e9, noNaN: true }),
      unit: fc.constantFrom(...units),
      name: fc.constantFrom('Ägg', 'Mjölk'),
    });
    fc.assert(
      fc.property(fc.array(ingredient, { minLength: 1, maxLength: 8 }), (list) => {
        const texts = formatIngredientAmounts(
          list.map(({ value, unit, name }) => ({ name, quantity: { value, unit } })),
        );
        for (const [i, { value, unit, name }] of list.entries()) {
          const amount = kitchenAmount(value, unit, name);
          expect(amount).toBeDefined();
          expect(amount!.value).toBeGreaterThan(0);
          expect(texts[i]).toMatch(/^(?:\d+(?:,\d)?|(?:\d+ )?[¼½¾])(?: \p{L}+)?$/u);
        }
        for (const unit of units) {
          const ofUnit = texts.filter((t) => t.endsWith(` ${unit}`) && unit !== '');
          const fractions = ofUnit.some((t) => /[¼½¾]/u.test(t));
          const decimals = ofUnit.some((t) => t.includes(','));
          expect(fractions && decimals, ofUnit.join(' + ')).toBe(false);
        }
      }),
      { numRuns: 300 },
    );
  });
});

describe('the issue’s scaled recipe (Pannkakor, 4 portions)', () => {
  const recipe = {
    servings: 4,
    ingredients: [
      { name: 'Vetemjöl', quantity: { value: 2.5, unit: 'dl' } },
      { name: 'Salt', quantity: { value: 0.5, unit: 'tsk' } },
      { name: 'Mjölk', quantity: { value: 6, unit: 'dl' } },
      { name: 'Ägg', quantity: { value: 3, unit: 'st' } },
      { name: 'Smör till stekning', quantity: { value: 2, unit: 'msk' } },
    ],
  };
  const at = (servings: number) => formatIngredientAmounts(scaleRecipe(recipe, servings).ingredients);

  it('shows whole eggs, litres from 10 dl and dl one way', () => {
    // Unrounded: 1,875 dl, 0,375 tsk, 4,5 dl, 2,25 st and 1,5 msk; the 1,9 dl makes the list's dl decimal.
    expect(at(3)).toEqual(['1,9 dl', '½ tsk', '4,5 dl', '2', '1 ½ msk']);
    // Unrounded: 4,375 dl, 0,875 tsk, 10,5 dl, 5,25 st, 3,5 msk.
    expect(at(7)).toEqual(['4,4 dl', '1 tsk', '1,1 l', '5', '3 ½ msk']);
    expect(at(4)).toEqual(['2 ½ dl', '½ tsk', '6 dl', '3', '2 msk']);
  });
});
