import { describe, expect, it } from 'vitest';
import { parseIngredientLine } from '../../../server/drafts/ingredient-line.ts';
import { inFormCharacters, fitName } from '../../../server/drafts/ingredient-name.ts';
import { ingredientSchema } from '../../../src/lib/recipe-schema.ts';

// Issue 37 item 7 (docs/decisions/052-import-measures.md): an imported ingredient the form accepts without an edit.
// A name of at most 34 allowed characters, a note of at most 100: bracketed text is the note's, a name still too
// long gives what follows its first comma, then is cut at a word boundary; words move, they are not lost.
const words = (text: string) => text.split(/[\s,()]+/u).filter(Boolean);

describe('names that fit the form', () => {
  it.each<[string, { name: string; note?: string }]>([
    [
      'Fresh Cilantro (tightly packed) for the topping',
      { name: 'Fresh Cilantro for the topping', note: 'tightly packed' },
    ],
    [
      'boneless skinless chicken thighs, cut into bite-sized pieces',
      { name: 'boneless skinless chicken thighs', note: 'cut into bite-sized pieces' },
    ],
    [
      'dark chocolate (I used 72% cocoa solids), finely chopped',
      { name: 'dark chocolate, finely chopped', note: 'I used 72% cocoa solids' },
    ],
    [
      'extra virgin olive oil plus more for drizzling over the top',
      { name: 'extra virgin olive oil plus more', note: 'for drizzling over the top' },
    ],
    // An alternative or a use ends a long name, if what is left is a name (12 characters or more)
    ['pure vanilla extract or vanilla bean paste', { name: 'pure vanilla extract', note: 'or vanilla bean paste' }],
    ['Additional fresh strawberries for garnish', { name: 'Additional fresh strawberries', note: 'for garnish' }],
    ['Oatly iMat Fraiche eller crème fraiche', { name: 'Oatly iMat Fraiche', note: 'eller crème fraiche' }],
    ['Chicken or vegetable bouillon powder', { name: 'Chicken or vegetable bouillon', note: 'powder' }],
    // One word longer than a name: cut at 34, the rest in the note
    ['Supercalifragilisticexpialidociousandmore', { name: 'Supercalifragilisticexpialidocious', note: 'andmore' }],
    // Short names stay as they are, commas and all; a bracket glued to a word is part of it
    ['onion, finely chopped', { name: 'onion, finely chopped' }],
    ['citron(er)', { name: 'citron(er)' }],
  ])('%s', (name, expected) => {
    expect(fitName(name)).toEqual(expected);
  });

  it('puts the page measure first in the note', () => {
    expect(parseIngredientLine('1 cup coconut milk (full-fat, from a can, shaken well before measuring)')).toEqual({
      name: 'coconut milk',
      note: '1 cup, full-fat, from a can, shaken well before measuring',
      quantity: { value: 2.4, unit: 'DECILITER' },
    });
  });

  it('keeps every word of a long line, in the name or the note', () => {
    const line =
      '2 large boneless skinless chicken breasts (about 1 1/2 pounds total), cut into 1-inch pieces, patted dry';
    const ingredient = parseIngredientLine(line);
    expect(ingredientSchema.safeParse(ingredient).success).toBe(true);
    expect(words(`${ingredient.name} ${ingredient.note}`).sort()).toEqual(words(line.slice(2)).sort());
  });

  it('ends a note over 100 characters at a word boundary', () => {
    const long = 'mycket gott flingsalt '.repeat(8).trim();
    const { name, note } = fitName(`salt (${long})`);
    expect(name).toBe('salt');
    expect(note!.length).toBeLessThanOrEqual(100);
    expect(note!.endsWith('...')).toBe(true);
    expect(long.startsWith(`${note!.slice(0, -3)} `)).toBe(true);
  });

  it('keeps a line without an amount whole, within 34 characters and the note', () => {
    expect(parseIngredientLine('Freshly ground black pepper and flaky sea salt, to taste')).toEqual({
      name: 'Freshly ground black pepper and',
      note: 'flaky sea salt, to taste',
    });
  });
});

describe('characters the form refuses', () => {
  it.each<[string, string]>([
    ['Arla Ko® Syrad grädde', 'Arla Ko Syrad grädde'],
    ['Oreo™ crumbs 🍪', 'Oreo crumbs'],
    ['1¼ dl mjölk', '1 1/4 dl mjölk'],
    ['¾ tsk salt', '3/4 tsk salt'],
    ['⅓ dl olja', '1/3 dl olja'],
    ['½ citron', '½ citron'],
    ['grädde + mjölk', 'grädde plus mjölk'],
    ['2 tbsp (+1 tsp) oil', '2 tbsp (plus 1 tsp) oil'],
    ['~2 cups', 'ca 2 cups'],
    ['2 × 400 g', '2 x 400 g'],
    ['“Fior di Latte”', '"Fior di Latte"'],
    ['d’huile', "d'huile"],
    ['10 cm²', '10 cm2'],
    ['＊', '*'],
    ['salt\u200b och\u00a0peppar', 'salt och peppar'],
  ])('%s', (text, expected) => {
    expect(inFormCharacters(text)).toBe(expected);
  });

  it('gives ingredients the form accepts', () => {
    for (const line of [
      '1 dl Riven Arla Ko Präst® Ost 31%',
      '2 msk Philadelphia™ färskost 🧀',
      '¼ cup + 2 tbsp sugar ~ to taste',
      '3 × 400 g krossade tomater',
      '1 cup ⅓-inch diced carrots',
      '🍋',
      ',',
    ]) {
      const ingredient = parseIngredientLine(line);
      if (/\p{L}/u.test(line)) expect(ingredientSchema.safeParse(ingredient).success, line).toBe(true);
      else expect(ingredient.name === '' || ingredientSchema.safeParse(ingredient).success, line).toBe(true);
    }
  });
});

describe('hostile lines', () => {
  // Generous bounds (a loaded 2-core machine): a backtracking pattern takes minutes on these, a linear reader
  // milliseconds.
  it.each([
    ['digits and spaces', '1 '.repeat(50_000)],
    ['open brackets', '2 dl ' + '('.repeat(100_000)],
    ['commas', '2 dl salt' + ', '.repeat(50_000) + 'x'],
    ['dashes', '1-'.repeat(50_000)],
    ['fractions', '1/'.repeat(50_000)],
    ['colons', 'a: '.repeat(30_000) + '5 g'],
    ['one long word after a cup', '1 cup ' + 'a'.repeat(100_000)],
    ['emoji', '🍋'.repeat(50_000)],
    ['spaces before a unit', '2' + ' '.repeat(100_000) + 'dl'],
  ])('%s: 100 kB read quickly, into an ingredient the form accepts', (_label, line) => {
    const started = performance.now();
    const ingredient = parseIngredientLine(line);
    expect(performance.now() - started).toBeLessThan(2000);
    if (ingredient.name !== '') expect(ingredientSchema.safeParse(ingredient).success).toBe(true);
  });
});
