import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  DENSITY_TABLE,
  convertQuantity,
  gramsPerDecilitre,
  measuredAmounts,
  measuredIngredients,
} from '../../../src/lib/densities.ts';
import { formatIngredientAmounts } from '../../../src/lib/kitchen-amount.ts';

// docs/densities.md: the density table and its sources. The doc's table is the module's, row for row.
const DOC = readFileSync(new URL('../../../docs/densities.md', import.meta.url), 'utf8');

function docTable(): Array<[string, number]> {
  const section = DOC.slice(DOC.indexOf('## The table'), DOC.indexOf('## Sources'));
  return section
    .split('\n')
    .filter((line) => line.startsWith('| `'))
    .map((line) => {
      const [row, grams] = line
        .slice(1, -1)
        .split('|')
        .map((cell) => cell.trim());
      return [row!.replaceAll('`', ''), Number(grams)];
    });
}

const one = (name: string, value: number, unit: string) => ({ name, quantity: { value, unit } });

describe('the density table', () => {
  it('is the table of docs/densities.md, row for row', () => {
    expect(docTable()).toEqual(DENSITY_TABLE.map(([row, grams]) => [row, grams]));
  });

  it('has the rows the issue names, each a plausible weight of a decilitre', () => {
    for (const name of [
      'vetemjöl',
      'grahamsmjöl',
      'rågmjöl',
      'socker',
      'strösocker',
      'florsocker',
      'farinsocker',
      'havregryn',
      'ris',
      'smör',
      'margarin',
      'kakao',
      'potatismjöl',
      'majsstärkelse',
      'mandelmjöl',
      'riven ost',
      'salt',
      'bakpulver',
    ]) {
      const grams = gramsPerDecilitre(name);
      expect(grams, name).toBeGreaterThanOrEqual(30);
      expect(grams, name).toBeLessThanOrEqual(150);
    }
  });
});

describe('a name finds its row', () => {
  it.each([
    ['Vetemjöl', 60],
    ['vetemjöl', 60],
    ['VETEMJÖL', 60],
    ['Vetemjöl special', 60],
    ['Mjöl', 60],
    ['Potatismjöl', 80],
    ['Strösocker', 85],
    ['Socker', 85],
    ['Florsocker', 60],
    ['Brunt socker', 65],
    ['Farinsocker', 65],
    ['Riven ost', 40],
    ['Ost, riven', 40],
    ['Smör', 95],
    ['Smör eller margarin', 95],
    ['Havregryn', 35],
    ['Ris', 85],
    ['Långkornigt ris', 85],
    ['Salt', 120],
    ['Bakpulver', 80],
  ])('%s: %i g per dl', (name, grams) => expect(gramsPerDecilitre(name)).toBe(grams));

  it.each([
    // compounds are their own words: never a part of a word
    'Kanelsocker',
    'Örtsalt',
    'Flingsalt',
    'Basmatiris',
    'Rismjöl',
    'Mjölk',
    'Smörgås',
    'Saltgurka',
    'Risgrynsgröt',
    // a piece of cheese, cooked rice, melted butter, a mix, two rows that weigh differently
    'Ost',
    'Kokt ris',
    'Smält smör',
    'Salt och peppar',
    'Socker eller honung',
    // not in the table at all
    'Mjölk',
    'Ägg',
    'Vatten',
    '',
  ])('%s: no row', (name) => expect(gramsPerDecilitre(name)).toBeUndefined());

  it('reads the name, not the note', () => {
    const ingredients = [{ name: 'Smör', note: 'eller olja', quantity: { value: 1, unit: 'dl' } }];
    expect(measuredAmounts(ingredients, 'weight')).toEqual(['ca 95 g']);
    const note = [{ name: 'Fett', note: 'smör', quantity: { value: 1, unit: 'dl' } }];
    expect(measuredAmounts(note, 'weight')).toEqual(['1 dl']);
  });
});

describe('volumes as weights', () => {
  it.each([
    ['Vetemjöl', 3, 'dl', 'ca 180 g'],
    ['Vetemjöl', 6, 'dl', 'ca 360 g'],
    ['Vetemjöl', 1.5, 'l', 'ca 900 g'],
    ['Vetemjöl', 2, 'l', 'ca 1,2 kg'],
    ['Vetemjöl', 250, 'ml', 'ca 150 g'],
    ['Strösocker', 1.5, 'dl', 'ca 130 g'],
    ['Florsocker', 0.5, 'dl', 'ca 30 g'],
    ['Smör', 2, 'msk', 'ca 30 g'],
    ['Smör', 1, 'msk', 'ca 15 g'],
    ['Potatismjöl', 2, 'msk', 'ca 25 g'],
    ['Havregryn', 4, 'dl', 'ca 140 g'],
    ['Ris', 2.5, 'dl', 'ca 210 g'],
    ['Riven ost', 2, 'dl', 'ca 80 g'],
    ['Kakao', 0.75, 'dl', 'ca 35 g'],
  ])('%s %d %s -> %s', (name, value, unit, shown) =>
    expect(measuredAmounts([one(name, value, unit)], 'weight')).toEqual([shown]),
  );

  it('keeps a spoon under 1 msk: no scale weighs 1 tsk bakpulver better than the spoon', () => {
    expect(
      measuredAmounts(
        [one('Bakpulver', 2, 'tsk'), one('Salt', 1, 'krm'), one('Vetemjöl', 14, 'ml'), one('Vetemjöl', 15, 'ml')],
        'weight',
      ),
    ).toEqual(['2 tsk', '1 krm', '14 ml', 'ca 9 g']);
  });

  it('leaves weights, pieces and what the table does not know as the kitchen rules show them', () => {
    const list = [one('Smör', 100, 'g'), one('Ägg', 2, 'st'), one('Mjölk', 5, 'dl'), one('Kardemumma', 1, 'tsk')];
    expect(measuredAmounts(list, 'weight')).toEqual(['100 g', '2', '5 dl', '1 tsk']);
  });
});

describe('weights as volumes', () => {
  it.each([
    ['Vetemjöl', 180, 'g', 'ca 3 dl'],
    ['Vetemjöl', 1, 'kg', 'ca 1,7 l'],
    ['Vetemjöl', 500, 'g', 'ca 8,3 dl'],
    ['Strösocker', 85, 'g', 'ca 1 dl'],
    ['Smör', 50, 'g', 'ca ½ dl'],
    ['Smör', 25, 'g', 'ca 2 msk'],
    ['Salt', 6, 'g', 'ca 1 tsk'],
    ['Salt', 2, 'g', 'ca ¼ tsk'],
    ['Salt', 1, 'g', 'ca 1 krm'],
    ['Bakpulver', 4, 'g', 'ca 1 tsk'],
    ['Havregryn', 350, 'g', 'ca 1 l'],
    ['Kakao', 30, 'g', 'ca 0,7 dl'],
    ['Kakao', 20, 'g', 'ca 3 msk'],
  ])('%s %d %s -> %s', (name, value, unit, shown) =>
    expect(measuredAmounts([one(name, value, unit)], 'volume')).toEqual([shown]),
  );

  it('writes the dl of one list one way, converted amounts included (docs/quantities.md)', () => {
    const list = [one('Vetemjöl', 500, 'g'), one('Socker', 1.5, 'dl'), one('Mjölk', 2, 'dl')];
    expect(measuredAmounts(list, 'volume')).toEqual(['ca 8,3 dl', '1,5 dl', '2 dl']);
  });

  it('leaves volumes, pieces and unknown names as written', () => {
    const list = [one('Vetemjöl', 3, 'dl'), one('Köttfärs', 500, 'g'), one('Ägg', 3, 'st')];
    expect(measuredAmounts(list, 'volume')).toEqual(['3 dl', '500 g', '3']);
  });
});

describe('as written, and nothing stored changes', () => {
  it("'written' shows exactly what the page shows", () => {
    const list = [one('Vetemjöl', 3, 'dl'), one('Smör', 0.45, 'kg'), one('Ägg', 2.5, 'st'), { name: 'Salt' }];
    expect(measuredAmounts(list, 'written')).toEqual(formatIngredientAmounts(list));
  });

  it('goes there and back without touching the ingredients it was given', () => {
    const list = [one('Vetemjöl', 3, 'dl'), one('Smör', 100, 'g')];
    const copy = structuredClone(list);
    measuredAmounts(list, 'weight');
    measuredIngredients(list, 'volume');
    expect(list).toEqual(copy);
    const there = measuredIngredients(list, 'weight');
    expect(there.map((i) => i.converted)).toEqual([true, false]);
    expect(there[0]!.quantity).toEqual({ value: 180, unit: 'g' });
    const back = measuredIngredients(there, 'volume');
    expect(back.map((i) => i.quantity)).toEqual([
      { value: 3, unit: 'dl' },
      { value: 100 / 95, unit: 'dl' },
    ]);
  });

  it.each([
    [undefined, 'weight'],
    [{ value: 0, unit: 'dl' }, 'weight'],
    [{ value: -2, unit: 'dl' }, 'weight'],
    [{ value: Number.NaN, unit: 'dl' }, 'weight'],
    [{ value: 2, unit: 'g' }, 'weight'],
    [{ value: 2, unit: 'dl' }, 'volume'],
    [{ value: 2, unit: 'st' }, 'volume'],
    [{ value: 2 }, 'weight'],
  ] as const)('converts nothing for %j to %s', (quantity, to) =>
    expect(convertQuantity(quantity, 'Vetemjöl', to)).toBeUndefined(),
  );
});
