// Moved-in recipes ready to cook from (issue 54, item 2): each app's export, in the app's own shape, tidied by the
// same rules (server/move-in/apps/tidy-draft.ts): step numbers the app wrote, settings and headings among the
// ingredients, source lines and links among the steps, tracking in links, times that cannot be right, and decimal
// commas in notes.
import { afterAll, describe, expect, it } from 'vitest';
import {
  mealieExport,
  nextcloudExport,
  paprikaExport,
  schemaOrgFile,
  tandoorExport,
  type SampleRecipe,
} from '../../fixtures/apps/make-exports.ts';
import { removeFiles, scanOf } from '../../fixtures/apps/scan-file.ts';
import { cleanLink } from '../../../server/move-in/apps/tracking-link.ts';
import {
  decimalComma,
  stepMinutes,
  tidyDraft,
  tidyNote,
  withoutStepNumber,
} from '../../../server/move-in/apps/tidy-draft.ts';

afterAll(removeFiles);

/** A grilled recipe as an American app keeps it: numbered steps, a setting and a heading among the ingredients. */
const grilled: SampleRecipe = {
  name: 'Grillad majs',
  servings: '4',
  ingredients: [
    {
      lines: [
        'Type of fire: Direct',
        'GLAZE',
        '55 g butter (2 oz, 57 g)',
        '1.5 cup corn kernels',
        'Oven temperature: 200 °C',
      ],
    },
  ],
  steps: [
    '1. 1. Bring a small saucepan of water to a boil.',
    '2. 2. Brush the corn with the glaze.',
    '3) Grill 10 minutes.',
  ],
  prepMinutes: 30,
  totalMinutes: 20,
};

/** A chili whose steps end with where it came from, through a newsletter's link, and whose total is 2 minutes. */
const chili: SampleRecipe = {
  name: 'Ölchili',
  servings: '6',
  ingredients: [{ lines: ['500 g nötfärs', '2 burkar krossade tomater', '1 flaska öl'] }],
  steps: [
    'Bryn färsen.',
    'Tillsätt tomater och öl och låt sjuda i 1 timme.',
    'Smaka av.',
    'Source',
    'Craftbeerkitchen.com',
    'https://craftbeerkitchen.com/beer-chili/?utm_source=newsletter&utm_medium=email&mc_eid=4f2a&email=anna.svensson%40example.se',
  ],
  prepMinutes: 2,
  totalMinutes: 2,
};

describe('moved-in recipes in each app’s shape', () => {
  it('Paprika: steps lose the number the app wrote; a setting goes to the steps, a heading heads; notes in Swedish', async () => {
    const [recipe] = (await scanOf(paprikaExport([grilled]), 'export.paprikarecipes')).recipes;
    const { draft } = recipe!;
    expect(draft.instructions).toBe(
      'Type of fire: Direct\nOven temperature: 200 °C\nBring a small saucepan of water to a boil.\n' +
        'Brush the corn with the glaze.\nGrill 10 minutes.',
    );
    expect(draft.ingredients).toEqual([
      { name: 'butter', quantity: { value: 55, unit: 'GRAM' }, heading: 'Glaze' },
      { name: 'corn kernels', quantity: expect.objectContaining({ unit: 'DECILITER' }) as unknown },
    ]);
    expect(recipe!.notes).toContain(
      '”Type of fire: Direct” och ”Oven temperature: 200 °C” stod bland ingredienserna men är inga ingredienser; ' +
        'raderna står nu först i instruktionerna.',
    );
    expect(recipe!.review).toEqual([
      'Rader som inte var ingredienser står nu först i instruktionerna.',
      'Den totala tiden (20 min) är kortare än förberedelserna (30 min).',
    ]);
  });

  it('Tandoor: a source at the end of the steps goes to Källa without its tracking; a 2-minute chili is named', async () => {
    const [recipe] = (await scanOf(tandoorExport([chili]))).recipes;
    const { draft } = recipe!;
    expect(draft.instructions).toBe('Bryn färsen.\nTillsätt tomater och öl och låt sjuda i 1 timme.\nSmaka av.');
    expect(draft.source).toEqual({ url: 'https://craftbeerkitchen.com/beer-chili/', name: 'Craftbeerkitchen.com' });
    expect(JSON.stringify(recipe)).not.toMatch(/anna|example\.se|utm_|mc_eid/u);
    expect(recipe!.notes).toEqual(
      expect.arrayContaining([
        '”Source Craftbeerkitchen.com https://craftbeerkitchen.com/beer-chili/” stod bland instruktionerna; det står nu som källa.',
        'Källans webbadress innehöll spårning (till exempel kampanjkoder eller en e-postadress); den togs bort.',
      ]),
    );
    expect(draft.totalTime).toBe(2); // kept as the app had it
    expect(recipe!.review).toEqual(['Den totala tiden är 2 min, men stegen nämner minst 1 tim.']);
  });

  it('Nextcloud: "Step 1:" goes, a link with fbclid is cleaned, a long recipe of 3 minutes is named', async () => {
    const long: SampleRecipe = {
      name: 'Lasagne',
      servings: '4',
      ingredients: [
        {
          lines: [
            'For the sauce',
            '2 dl grädde (0.5 cup)',
            '1 gul lök',
            '3 vitlöksklyftor',
            '2 morötter',
            '500 g färs',
            '1 burk tomater',
            '2 dl vatten',
            '1 tsk salt',
            '9 lasagneplattor',
            '2 dl riven ost',
          ],
        },
      ],
      steps: [
        'Step 1: Hacka löken.',
        'Step 2: Bryn färsen.',
        'Step 3: Koka såsen.',
        'Step 4: Varva.',
        'Step 5: Gratinera.',
      ],
      prepMinutes: 3,
      totalMinutes: 3,
      sourceUrl: 'https://www.exempel.se/lasagne?fbclid=IwAR0abc&sida=2',
    };
    const [recipe] = (await scanOf(nextcloudExport([long]))).recipes;
    expect(recipe!.draft.instructions).toBe('Hacka löken.\nBryn färsen.\nKoka såsen.\nVarva.\nGratinera.');
    expect(recipe!.draft.source).toEqual({ url: 'https://www.exempel.se/lasagne?sida=2' });
    expect(recipe!.draft.ingredients[0]).toEqual({
      name: 'grädde',
      quantity: { value: 2, unit: 'DECILITER' },
      heading: 'For the sauce',
    });
    expect(recipe!.review).toEqual(['Den totala tiden är bara 3 min för ett recept med 5 steg och 10 ingredienser.']);
  });

  it('Mealie and schema.org: English decimals in notes become commas; a plausible recipe has nothing to review', async () => {
    const soup: SampleRecipe = {
      name: 'Soppa',
      servings: '4',
      ingredients: [{ lines: ['1 buljongtärning, ca 1.5 cm stor', '2 l vatten', 'salt (0.5 tsk per liter)'] }],
      steps: ['Koka upp vattnet.', 'Lös upp tärningen och koka 10 min.'],
      prepMinutes: 5,
      totalMinutes: 20,
      sourceUrl: 'https://www.exempel.se/soppa?utm_campaign=jul',
    };
    const mealie = (await scanOf(mealieExport([soup]))).recipes[0]!;
    const schema = (await scanOf(schemaOrgFile([soup]), 'soppa.json')).recipes[0]!;
    for (const recipe of [mealie, schema]) {
      const lines = recipe.draft.ingredients.map((i) => [i.name, i.note].filter(Boolean).join(', '));
      expect(lines).toEqual(['buljongtärning, ca 1,5 cm stor', 'vatten', 'salt, 0,5 tsk per liter']);
      expect(recipe.draft.source?.url).toBe('https://www.exempel.se/soppa');
      expect(recipe.review).toBeUndefined();
    }
  });
});

describe('the rules', () => {
  it('removes a step number the app wrote, not an amount that starts a step', () => {
    expect(withoutStepNumber('1. 1. Bring a small saucepan')).toBe('Bring a small saucepan');
    expect(withoutStepNumber('Steg 3: Grädda')).toBe('Grädda');
    expect(withoutStepNumber('12) Servera')).toBe('Servera');
    expect(withoutStepNumber('2 ägg vispas pösiga.')).toBe('2 ägg vispas pösiga.');
    expect(withoutStepNumber('1.5 dl mjölk värms.')).toBe('1.5 dl mjölk värms.');
    expect(withoutStepNumber('1.')).toBe('');
  });

  it('cleans links: campaign tags, click ids, e-mail addresses, credentials and forwarding links', () => {
    expect(cleanLink('https://a.se/r?utm_source=x&utm_medium=y&id=4')).toEqual({
      url: 'https://a.se/r?id=4',
      changed: true,
    });
    expect(cleanLink('https://a.se/r?gclid=1&fbclid=2')).toEqual({ url: 'https://a.se/r', changed: true });
    expect(cleanLink('https://a.se/r?e=kalle%40exempel.se&x=1')?.url).toBe('https://a.se/r?x=1');
    expect(cleanLink('https://user:pw@a.se/r')?.url).toBe('https://a.se/r');
    expect(cleanLink('https://a.se/u/kalle@exempel.se/r')?.url).toBe('https://a.se/');
    expect(
      cleanLink('https://click.mail.se/t?u=https%3A%2F%2Fb.se%2Frecept%3Futm_source%3Dmail&sub=kalle%40exempel.se')
        ?.url,
    ).toBe('https://b.se/recept');
    expect(cleanLink('https://a.se/r?sida=2')).toEqual({ url: 'https://a.se/r?sida=2', changed: false });
    expect(cleanLink('mailto:kalle@exempel.se')).toBeUndefined();
  });

  it('writes decimal commas and drops a note’s restated amounts only beside a quantity', () => {
    expect(decimalComma('1.5 cup, 0.25 tsk')).toBe('1,5 cup, 0,25 tsk');
    expect(tidyNote('2 oz, 57 g', true)).toBe('');
    expect(tidyNote('2 oz, finhackad', true)).toBe('finhackad');
    expect(tidyNote('1.5 cup', false)).toBe('1,5 cup');
  });

  it('counts the minutes steps name', () => {
    expect(stepMinutes(['Sjud 1 timme.', 'Vila 15–20 min.', 'Grädda i 1.5 hours'])).toBe(60 + 15 + 90);
  });

  it('keeps a step that starts like a source but is cooking, and a link that differs from the source', () => {
    const tidied = tidyDraft({
      name: 'x',
      servings: 2,
      ingredients: [],
      instructions:
        'Från: 10 minuter, vänd.\nSe https://video.exempel.se/v?utm_source=x\nKällaren: svalt\nKälla: mormor',
      source: { url: 'https://exempel.se/x' },
    });
    expect(tidied.draft.instructions).toBe(
      'Från: 10 minuter, vänd.\nSe https://video.exempel.se/v?utm_source=x\nKällaren: svalt',
    );
    expect(tidied.draft.source).toEqual({ url: 'https://exempel.se/x', name: 'mormor' });
  });
});
