// A recipe pasted as plain text (issue 37 item 8): texts as people paste them from e-mails, notes, messages and
// PDFs, in Swedish and English: a name, servings and times, ingredients with and without a heading, in groups,
// bulleted or not, then steps numbered, bulleted or wrapped. The ingredient lines are read by the one ingredient
// reader (ingredient-line.ts), so these tests check where lines go, not how an amount is read.
import { describe, expect, it } from 'vitest';
import { parseIngredientLine } from '../../../server/drafts/ingredient-line.ts';
import { recipeFromText } from '../../../server/drafts/plain-text.ts';
import readRecipe from '../../../server/import/read-recipe.ts';

const names = (text: string) => recipeFromText(text)?.ingredients.map((i) => i.name);
const headings = (text: string) =>
  recipeFromText(text)
    ?.ingredients.filter((i) => i.heading)
    .map((i) => `${i.heading} > ${i.name}`);

// An e-mail: a greeting first, the recipe with headings and a group, numbered steps wrapped by the mail program.
const EMAIL = [
  'Hej Anna!',
  '',
  'Här kommer receptet du bad om.',
  '',
  'Mammas köttbullar',
  '4 portioner',
  'Tid: 45 min',
  '',
  'Ingredienser',
  '• 500 g blandfärs',
  '• 1 gul lök',
  '• 1 1/2 dl mjölk',
  '• salt och peppar',
  '',
  'Gräddsås:',
  '• 3 dl grädde',
  '• 2 msk soja',
  '',
  'Gör så här',
  '1. Blanda ströbröd och mjölk och låt svälla i 10 minuter.',
  '2. Riv löken och blanda ner den med färs och kryddor. Rulla',
  'små bollar.',
  '3) Stek bollarna i smör.',
  '',
  'Kram, Eva',
].join('\n');

// From a PDF: capitals as headings, no bullets, a word hyphenated across a line, a yield in pieces.
const PDF = [
  'KANELBULLAR',
  '',
  'Ca 40 stycken',
  '',
  'DEG',
  '50 g jäst',
  '5 dl mjölk',
  'ca 15 dl vetemjöl',
  '',
  'FYLLNING',
  '150 g rumsvarmt smör',
  '2 msk kanel',
  '',
  'Smält smöret och häll i mjölken. Tillsätt socker, salt och det mesta av mjö-',
  'let. Arbeta degen smidig och låt jäsa under',
  'bakduk ca 30 minuter.',
  '',
  'Kavla ut degen, bred på fyllningen och rulla ihop. Grädda i 250°C i 5-6 minuter.',
].join('\n');

// A note in English with Windows line ends: no headings at all, a line without an amount inside the list.
const NOTE = [
  'Classic Pancakes',
  'Serves 4',
  'Prep time: 10 minutes',
  'Total time: 30 min',
  '',
  '3 1/2 tsp baking powder',
  '1 tbsp sugar',
  '1 egg',
  'butter for the pan',
  '',
  'In a large bowl, sift together the flour, baking powder, salt and sugar.',
  'Heat a lightly oiled griddle over medium-high heat and fry the pancakes.',
].join('\r\n');

// A message: dashes as bullets, "Method:" and "1)" steps, the yield at the end.
const MESSAGE = [
  'Chocolate chip cookies',
  '',
  'Ingredients:',
  '- 225g butter, softened',
  '- 2 large eggs',
  '* 1 tsp vanilla extract',
  '',
  'Method:',
  '1) Heat the oven to 190C.',
  '2) Cream the butter and sugar, then beat in the eggs.',
  '',
  'Makes 24',
].join('\n');

describe('a recipe pasted as plain text', () => {
  it('reads an e-mail: the title below the greeting, servings, time, groups, numbered and wrapped steps', () => {
    const draft = recipeFromText(EMAIL)!;
    expect(draft.name).toBe('Mammas köttbullar');
    expect(draft.servings).toBe(4);
    expect(draft.totalTime).toBe(45);
    expect(draft.ingredients).toEqual(
      ['500 g blandfärs', '1 gul lök', '1 1/2 dl mjölk', 'salt och peppar', '3 dl grädde', '2 msk soja']
        .map(parseIngredientLine)
        .map((ingredient, i) => (i === 4 ? { ...ingredient, heading: 'Gräddsås' } : ingredient)),
    );
    expect(draft.instructions.split('\n')).toEqual([
      'Hej Anna!',
      'Här kommer receptet du bad om.',
      'Blanda ströbröd och mjölk och låt svälla i 10 minuter.',
      'Riv löken och blanda ner den med färs och kryddor. Rulla små bollar.',
      'Stek bollarna i smör.',
      'Kram, Eva',
    ]);
  });

  it('reads a PDF: capitals as the name and headings, a hyphenated word joined, wrapped lines one step', () => {
    const draft = recipeFromText(PDF)!;
    expect(draft.name).toBe('Kanelbullar');
    expect(draft.servings).toBe(40);
    expect(headings(PDF)).toEqual(['Deg > jäst', 'Fyllning > rumsvarmt smör']);
    expect(names(PDF)).toEqual(['jäst', 'mjölk', 'vetemjöl', 'rumsvarmt smör', 'kanel']);
    expect(draft.instructions.split('\n')).toEqual([
      'Smält smöret och häll i mjölken. Tillsätt socker, salt och det mesta av mjölet. Arbeta degen smidig och låt jäsa under bakduk ca 30 minuter.',
      'Kavla ut degen, bred på fyllningen och rulla ihop. Grädda i 250°C i 5-6 minuter.',
    ]);
  });

  it('reads a note with CRLF line ends and no headings: a list is what follows its amounts without a gap', () => {
    const draft = recipeFromText(NOTE)!;
    expect(draft).toMatchObject({ name: 'Classic Pancakes', servings: 4, prepTime: 10, totalTime: 30 });
    expect(names(NOTE)).toEqual(['baking powder', 'sugar', 'egg', 'butter for the pan']);
    expect(draft.instructions).not.toMatch(/\r/);
    expect(draft.instructions.split('\n')).toHaveLength(2);
  });

  it('reads a message: dash and star bullets, "Method:" and "1)" steps, the yield where it stands', () => {
    const draft = recipeFromText(MESSAGE)!;
    expect(draft.name).toBe('Chocolate chip cookies');
    expect(draft.servings).toBe(24);
    expect(draft.ingredients).toEqual(
      ['225g butter, softened', '2 large eggs', '1 tsp vanilla extract'].map(parseIngredientLine),
    );
    expect(draft.instructions).toBe('Heat the oven to 190C.\nCream the butter and sugar, then beat in the eggs.');
  });

  it.each([
    ['4 portioner', 4],
    ['4 port.', 4],
    ['För 4 personer', 4],
    ['Serves 4', 4],
    ['Serves 4-6', 4],
    ['Portioner: 6', 6],
    ['Yield: 8 servings', 8],
  ])('reads "%s" as the servings', (line, servings) => {
    const draft = recipeFromText(`Soppa\n${line}\n2 dl grädde\nKoka upp.`)!;
    expect(draft.servings).toBe(servings);
    expect(draft.instructions).toBe('Koka upp.');
  });

  it.each([
    ['Tid: 30 min', { totalTime: 30 }],
    ['Tid ca 1 timme', { totalTime: 60 }],
    ['Total time: 1 hour 15 minutes', { totalTime: 75 }],
    ['Prep time: 20 mins', { prepTime: 20 }],
  ])('reads "%s" as a time', (line, times) => {
    expect(recipeFromText(`Soppa\n${line}\n2 dl grädde\nKoka upp.`)).toMatchObject(times);
  });

  it('keeps a preparation time longer than the total out (the form refuses it; fitDraft, as for every reader)', () => {
    const text = 'Soppa\nPrep time: 40 min\nTotal time: 30 min\n2 dl grädde\nKoka upp.';
    const draft = readRecipe({ kind: 'text', text })!;
    expect(draft.totalTime).toBe(30);
    expect(draft).not.toHaveProperty('prepTime');
  });

  it('reads German and Swedish variants of the headings, invisible characters and no-break spaces tidied', () => {
    const draft = recipeFromText(
      'Apfelkuchen\n\nZutaten\n200\u00a0g Mehl\n\u200b100 g Zucker\n\nZubereitung\nAlles verrühren.',
    )!;
    expect(draft.name).toBe('Apfelkuchen');
    expect(
      names('Apfelkuchen\n\nZutaten\n200\u00a0g Mehl\n\u200b100 g Zucker\n\nZubereitung\nAlles verrühren.'),
    ).toEqual(['Mehl', 'Zucker']);
    expect(draft.instructions).toBe('Alles verrühren.');
    const swedish = recipeFromText('Gröt\n\nDu behöver:\n1 dl havregryn\n2 dl vatten\n\nSå här gör du:\nKoka.')!;
    expect(swedish.ingredients.map((i) => i.name)).toEqual(['havregryn', 'vatten']);
    expect(swedish.instructions).toBe('Koka.');
  });

  it('keeps text it cannot place as steps, and reads nothing from an empty text', () => {
    expect(recipeFromText('Smörgås\nBre smör på brödet.')).toMatchObject({
      name: 'Smörgås',
      ingredients: [],
      instructions: 'Bre smör på brödet.',
    });
    expect(recipeFromText(' \r\n\n ')).toBeNull();
  });

  // Issue 52, item 4: a list dash is a dash before a space (or a letter); "-5" is a negative amount, not "5".
  it('reads a dash before a digit as a sign, not as a list dash', () => {
    const text = 'Pannkakor\n\n-5 cups flour\n- 2 eggs\n-salt\n• 1 dl mjölk\n\nBlanda.';
    expect(recipeFromText(text)!.ingredients).toEqual([
      { name: 'flour', note: '-5 cups' },
      parseIngredientLine('2 eggs'),
      parseIngredientLine('salt'),
      parseIngredientLine('1 dl mjölk'),
    ]);
    // Without a heading or a list around it, a signed amount still opens the list.
    expect(recipeFromText('Soppa\n-2 dl grädde\nKoka upp.')!.ingredients).toEqual([{ name: 'grädde', note: '-2 dl' }]);
  });

  it('keeps a hyphen before "och", "eller", "samt" on the next line (a shared compound part), joins a split word', () => {
    const text = [
      'Potatismos',
      '',
      'Ingredienser',
      '1 tsk salt-',
      'och pepparblandning',
      '2 dl fisk-',
      'eller skaldjursfond',
      '1 dl mat-',
      'samt dessertvin',
      '2 msk potatis-',
      'mjöl',
      '',
      'Gör så här',
      'Koka potatisen och mosa den med salt-',
      'och pepparblandningen.',
    ].join('\n');
    const draft = recipeFromText(text)!;
    expect(draft.ingredients).toEqual(
      [
        '1 tsk salt- och pepparblandning',
        '2 dl fisk- eller skaldjursfond',
        '1 dl mat- samt dessertvin',
        '2 msk potatismjöl',
      ].map(parseIngredientLine),
    );
    expect(draft.ingredients[0]!.name).toBe('salt- och pepparblandning');
    expect(draft.instructions).toBe('Koka potatisen och mosa den med salt- och pepparblandningen.');
    // A word that only starts like one ("ochra", "samtliga") is a split word as before.
    expect(names('Sås\n\nIngredienser\n1 msk senaps-\nochrapulver')).toEqual(['senapsochrapulver']);
  });

  it('is what the reading worker runs for kind text', () => {
    expect(readRecipe({ kind: 'text', text: MESSAGE })).toEqual(recipeFromText(MESSAGE));
  });
});
