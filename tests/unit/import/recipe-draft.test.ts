import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  recipeFromJsonLd,
  withPageAddress,
  type ImportedRecipe,
  type ReadRecipe,
} from '../../../server/drafts/recipe-draft.ts';
import { recipeFromHtml } from '../../../server/import/page-draft.ts';
import type { UnitKey } from '../../../src/lib/units.ts';

// The fixture pages are also served by the import route's end-to-end tests.
const page = (file: string) => readFileSync(new URL(`../../fixtures/recipe-pages/${file}`, import.meta.url), 'utf8');
const q = (value: number, unit: UnitKey, name: string) => ({ name, quantity: { value, unit } });
const script = (json: string, type = 'application/ld+json') => `<script type="${type}">${json}</script>`;

describe('recipeFromHtml on fixture pages', () => {
  it('reads a plain Recipe object with a HowToStep list (ICA style)', () => {
    expect(recipeFromHtml(page('swedish-plain-recipe-howtostep.html'))).toEqual<ReadRecipe>({
      imageUrl: '/bilder/kottbullar.jpg',
      name: 'Köttbullar med gräddsås',
      servings: 4,
      categories: ['Huvudrätt', 'Svensk'],
      totalTime: 45,
      instructions: [
        'Blanda ströbröd och mjölk och låt svälla i 10 minuter.',
        'Skala och riv löken. Blanda färs, lök, ägg, salt och peppar med ströbrödsblandningen.',
        'Rulla små bullar och stek dem i smör i omgångar.',
        'Koka upp grädde och kalvfond, smaka av och servera med köttbullarna.',
      ].join('\n'),
      ingredients: [
        q(500, 'GRAM', 'blandfärs'),
        q(1, 'PIECES', 'gul lök'),
        q(1, 'PIECES', 'ägg'),
        q(0.5, 'DECILITER', 'ströbröd'),
        q(1, 'DECILITER', 'mjölk'),
        q(1, 'TEASPOON', 'salt'),
        q(1, 'PINCH', 'vitpeppar'),
        q(2, 'TABLESPOON', 'smör'),
        q(2, 'DECILITER', 'grädde'),
        q(1, 'TABLESPOON', 'kalvfond'),
        { name: 'Lingonsylt till servering' },
      ],
    });
  });

  it('finds the Recipe in a Yoast @graph and reads HowToSections as a heading line and their steps', () => {
    expect(recipeFromHtml(page('wordpress-yoast-graph-howtosection.html'))).toEqual<ImportedRecipe>({
      name: 'Lemon Drizzle Cake',
      servings: 8,
      categories: ['Dessert', 'British'],
      prepTime: 15,
      totalTime: 60,
      instructions: [
        'For the cake',
        'Heat oven to 180C/160C fan/gas 4.',
        'Beat together the butter and caster sugar until pale and creamy, then add the eggs one at a time.',
        'Fold in the flour and lemon zest, then bake for 45-50 mins.',
        'For the drizzle',
        'Mix the lemon juice and granulated sugar.',
        'Prick the warm cake all over and pour over the drizzle.',
      ].join('\n'),
      ingredients: [
        q(225, 'GRAM', 'unsalted butter, softened'),
        q(225, 'GRAM', 'caster sugar'),
        q(4, 'PIECES', 'large eggs'),
        q(225, 'GRAM', 'self-raising flour'),
        q(1, 'PIECES', 'lemon, zested'),
        q(85, 'GRAM', 'granulated sugar'),
        { name: 'juice of 1½ lemons' },
      ],
      // Issue 37: a pasted page's own address, here the Recipe's mainEntityOfPage.
      source: { url: 'https://kitchen-notes.example/lemon-drizzle-cake/' },
    });
  });

  it('reads a later block holding an array with "@type": ["Recipe", "NewsArticle"] (Allrecipes style)', () => {
    expect(recipeFromHtml(page('array-of-blocks-type-array.html'))).toEqual<ImportedRecipe>({
      name: 'Easy Chili',
      servings: 6,
      categories: ['Dinner'],
      totalTime: 70,
      instructions: [
        'Brown the ground beef and onion in a large pot over medium heat; drain.',
        'Stir in beans, tomatoes, chili powder, cumin, salt and water.',
        'Simmer, covered, for 1 hour, stirring occasionally.',
      ].join('\n'),
      ingredients: [
        { name: 'ground beef', note: '1 pound', quantity: { value: 450, unit: 'GRAM' } },
        q(1, 'PIECES', 'onion, chopped'),
        { name: 'can kidney beans, drained', note: '15 ounce', quantity: { value: 1, unit: 'PIECES' } },
        { name: 'cans diced tomatoes', note: '14.5 ounce', quantity: { value: 2, unit: 'PIECES' } },
        q(2, 'TABLESPOON', 'chili powder'),
        q(1, 'TEASPOON', 'ground cumin'),
        q(0.5, 'TEASPOON', 'salt'),
        { name: 'water', note: '2 cups', quantity: { value: 4.75, unit: 'DECILITER' } },
      ],
    });
  });

  it('skips a broken block and reads the next one despite raw newlines and trailing commas', () => {
    expect(recipeFromHtml(page('broken-block-before-good.html'))).toEqual<ImportedRecipe>({
      name: 'Rabarberpaj med havre',
      servings: 6,
      instructions: [
        'Sätt ugnen på 200 grader.',
        'Skär rabarbern i bitar och lägg dem i en pajform. Strö över potatismjöl och hälften av sockret.',
        'Blanda smör, mjöl, havregryn, resten av sockret och vaniljsockret till en smulig deg och fördela över rabarbern.',
        'Grädda i mitten av ugnen i 25 minuter.',
      ].join('\n'),
      ingredients: [
        q(500, 'GRAM', 'rabarber'),
        q(1, 'TABLESPOON', 'potatismjöl'),
        q(1.5, 'DECILITER', 'strösocker'),
        q(100, 'GRAM', 'smör'),
        q(1, 'DECILITER', 'vetemjöl'),
        q(1.5, 'DECILITER', 'havregryn'),
        q(1, 'TEASPOON', 'vaniljsocker'),
      ],
    });
  });

  it('decodes entities and strips HTML tags in strings, a <p> or <br> making a new line (Arla style)', () => {
    expect(recipeFromHtml(page('entities-and-html-in-strings.html'))).toEqual<ImportedRecipe>({
      name: 'Pasta med svamp & grädde',
      servings: 4,
      instructions: [
        'Koka pastan enligt anvisningen på förpackningen.',
        'Skiva svampen och hacka löken. Fräs i smör tills svampen fått färg.',
        'Häll i grädden, låt koka ihop några minuter och smaka av med salt & peppar.',
        'Blanda med pastan och strö över osten – servera direkt!',
      ].join('\n'),
      ingredients: [
        q(400, 'GRAM', 'pasta, t.ex. tagliatelle'),
        q(250, 'GRAM', 'champinjoner'),
        q(1, 'PIECES', 'schalottenlök'),
        q(2, 'TABLESPOON', 'smör'),
        q(3, 'DECILITER', 'matlagningsgrädde'),
        { ...q(1, 'DECILITER', 'riven parmesan'), note: 'Parmigiano Reggiano' },
        { name: 'Salt & peppar' },
      ],
    });
  });

  it("reads a WebPage's mainEntity typed with a full IRI, and the old `ingredients` property (Köket style)", () => {
    expect(recipeFromHtml(page('webpage-mainentity-iri-type.html'))).toEqual<ImportedRecipe>({
      name: 'Kladdkaka',
      servings: 8,
      instructions: [
        'Sätt ugnen på 175 grader. Smörj och bröa en form.',
        'Smält smöret. Blanda i övriga ingredienser.',
        'Grädda mitt i ugnen ca 15 minuter.',
      ].join('\n'),
      ingredients: [
        q(100, 'GRAM', 'smör'),
        q(2, 'PIECES', 'ägg'),
        q(2.5, 'DECILITER', 'strösocker'),
        q(1.5, 'DECILITER', 'vetemjöl'),
        q(4, 'TABLESPOON', 'kakao'),
        q(2, 'TEASPOON', 'vaniljsocker'),
        q(1, 'PINCH', 'salt'),
      ],
    });
  });

  it('answers null for a page whose JSON-LD has no Recipe', () => {
    expect(recipeFromHtml(page('article-without-recipe.html'))).toBeNull();
  });
});

describe('recipeFromHtml on small pages', () => {
  const recipe = '{"@type":"Recipe","name":"Gröt"}';

  it('answers null for a page without JSON-LD, or with only unreadable blocks', () => {
    expect(recipeFromHtml('<html><body><h1>Gröt</h1></body></html>')).toBeNull();
    expect(recipeFromHtml(script('{ "@type": "Recipe", "name": {{ name }} }'))).toBeNull();
    expect(recipeFromHtml('')).toBeNull();
  });

  it('ignores scripts of other types, and reads the type attribute in any case with parameters', () => {
    expect(recipeFromHtml(script(recipe, 'application/json') + script(recipe, 'text/javascript'))).toBeNull();
    expect(
      recipeFromHtml(`<SCRIPT data-x="1" TYPE = " Application/LD+JSON ; charset=UTF-8 ">${recipe}</SCRIPT>`)?.name,
    ).toBe('Gröt');
  });

  it('takes the first Recipe in page order', () => {
    const html = script('{"@type":"Recipe","name":"Första"}') + script('{"@type":"Recipe","name":"Andra"}');
    expect(recipeFromHtml(html)?.name).toBe('Första');
  });
});

describe('recipeFromJsonLd', () => {
  const draft = (fields: Record<string, unknown>) => recipeFromJsonLd({ '@type': 'Recipe', ...fields });

  it('finds the Recipe in arrays, nested @graphs and by https IRI', () => {
    const data = [
      { '@type': 'WebSite' },
      { '@graph': [{ '@graph': [{ '@type': 'https://schema.org/Recipe', name: 'Pannkakor' }] }] },
    ];
    expect(recipeFromJsonLd(data)?.name).toBe('Pannkakor');
    expect(recipeFromJsonLd({ '@type': 'Article', name: 'Inte ett recept' })).toBeNull();
    expect(recipeFromJsonLd('Recipe')).toBeNull();
    expect(recipeFromJsonLd(null)).toBeNull();
  });

  it('gives an empty draft for a Recipe with nothing else', () => {
    expect(draft({})).toEqual({ name: '', servings: null, instructions: '', ingredients: [] });
  });

  it('falls back to headline for the name, and keeps a long name whole', () => {
    expect(draft({ headline: 'Fisksoppa' })?.name).toBe('Fisksoppa');
    const long = 'Långkokt högrevsgryta med rotselleri, svamp och rödvin från Bourgogne';
    expect(draft({ name: ` ${long}\n` })?.name).toBe(long);
  });

  it.each<[unknown, number | null]>([
    [4, 4],
    [2.6, 3],
    ['4', 4],
    ['4 portioner', 4],
    ['4-6 portioner', 4],
    ['Serves 4', 4],
    ['12 st', 12],
    ['1,5 liter', 2],
    [['', 'ca 6 bitar'], 6],
    [['4', '4 servings'], 4],
    ['Ett par stycken', null],
    [0, null],
    ['200 kakor', null],
    [{ value: 4 }, null],
    [undefined, null],
  ])('servings from recipeYield %j: %j', (recipeYield, expected) => {
    expect(draft({ recipeYield })?.servings).toBe(expected);
  });

  it("joins nested instructions one step a line, a step without text by its name, a step's name on a line before its text, without numbering", () => {
    const recipeInstructions = [
      'Värm ugnen.',
      { '@type': 'HowToStep', name: 'Skala potatisen.' },
      { '@type': 'HowToStep', name: 'Kort', text: 'Koka potatisen<br/>i <em>saltat</em> vatten.' },
      {
        '@type': 'HowToSection',
        name: 'Såsen',
        itemListElement: [
          { '@type': 'HowToSection', name: 'Bas', itemListElement: [{ '@type': 'HowToStep', text: 'Fräs löken.' }] },
        ],
      },
      { '@type': 'HowToStep' },
      42,
    ];
    expect(draft({ recipeInstructions })?.instructions).toBe(
      'Värm ugnen.\nSkala potatisen.\nKort\nKoka potatisen\ni saltat vatten.\nSåsen\nBas\nFräs löken.',
    );
    expect(draft({ recipeInstructions: 'Rör ihop.\r\n\r\n  Grädda   i 20 min. ' })?.instructions).toBe(
      'Rör ihop.\nGrädda i 20 min.',
    );
  });

  it('reads a single ingredient string, skips blank and non-text lines', () => {
    expect(draft({ recipeIngredient: '2 dl mjölk' })?.ingredients).toEqual([q(2, 'DECILITER', 'mjölk')]);
    expect(draft({ recipeIngredient: ['<p> </p>', 3, '1 tsk&nbsp;salt'] })?.ingredients).toEqual([
      q(1, 'TEASPOON', 'salt'),
    ]);
  });

  it('does not exhaust the stack on absurdly deep nesting', () => {
    let deep: unknown = { '@type': 'Recipe', name: 'Djup' };
    for (let i = 0; i < 10_000; i++) deep = [deep];
    expect(recipeFromJsonLd(deep)).toBeNull();
  });

  it("takes the largest of the page's images (sizes as numbers, text or values), else the first", () => {
    const recipe = (image: unknown) => recipeFromJsonLd({ '@type': 'Recipe', name: 'Bild', image })?.imageUrl;
    expect(recipe('https://a.se/en.jpg')).toBe('https://a.se/en.jpg');
    expect(recipe(['https://a.se/1.jpg', 'https://a.se/2.jpg'])).toBe('https://a.se/1.jpg');
    expect(
      recipe([
        { '@type': 'ImageObject', url: 'https://a.se/small.jpg', width: 300, height: 200 },
        { '@type': 'ImageObject', contentUrl: 'https://a.se/large.jpg', width: '1200', height: '800' },
        { '@type': 'ImageObject', url: 'https://a.se/mid.jpg', width: { value: 800 }, height: { value: 600 } },
        'https://a.se/unknown.jpg',
      ]),
    ).toBe('https://a.se/large.jpg');
    expect(recipe({ url: '/relative.jpg' })).toBe('/relative.jpg'); // resolved by the route against the page
    expect(recipe(undefined)).toBeUndefined();
    expect(recipe([{ width: 10 }, 42, ''])).toBeUndefined();
  });
});

describe('recipeFromJsonLd: categories, times and source (issue 25)', () => {
  const draft = (fields: Record<string, unknown>) => recipeFromJsonLd({ '@type': 'Recipe', ...fields }) as ReadRecipe;

  it('reads recipeCategory, recipeCuisine and keywords (text or lists, keywords comma-separated) as categories', () => {
    expect(
      draft({
        recipeCategory: ['Middag', 'Vardag'],
        recipeCuisine: 'Italiensk',
        keywords: 'pasta,  snabbt ,middag, VARDAG',
      }).categories,
    ).toEqual(['Middag', 'Vardag', 'Italiensk', 'pasta', 'snabbt']);
    expect(draft({ keywords: ['Fika', 'bullar, kanel'] }).categories).toEqual(['Fika', 'bullar', 'kanel']);
    expect(draft({ recipeCategory: 'Bakning, Fika' }).categories).toEqual(['Bakning', 'Fika']);
  });

  it('keeps only keywords that can be categories, at most 20: the draft is valid', () => {
    const long = 'the very best easy weeknight chicken dinner';
    const many = Array.from({ length: 30 }, (_, i) => `Ord ${i + 1}`).join(', ');
    const read = draft({ recipeCategory: 'Middag', keywords: `${long}, ok, <>§ , ${many}` });
    expect(read.categories?.[0]).toBe('Middag');
    expect(read.categories).not.toContain(long);
    expect(read.categories).toHaveLength(20);
    expect(read.categories).toContain('ok');
    expect(draft({ keywords: ' , ,' })).not.toHaveProperty('categories');
    expect(draft({ keywords: 42 })).not.toHaveProperty('categories');
  });

  it('reads prepTime and totalTime as minutes (also as text: microdata writes them so); a time that is none or longer than a week is left out', () => {
    expect(draft({ prepTime: 'PT15M', totalTime: 'PT1H30M' })).toMatchObject({ prepTime: 15, totalTime: 90 });
    expect(draft({ prepTime: 'P0DT0H45M', totalTime: 'PT2.5H' })).toMatchObject({ prepTime: 45, totalTime: 150 });
    expect(draft({ prepTime: '45 minuter', totalTime: '1 tim 15 min' })).toMatchObject({ prepTime: 45, totalTime: 75 });
    const bad = draft({ prepTime: 'snabbt', totalTime: 'P30D' });
    expect(bad).not.toHaveProperty('prepTime');
    expect(bad).not.toHaveProperty('totalTime');
    expect(draft({ totalTime: 'PT0M' }).totalTime).toBe(0);
  });

  it("takes a pasted page's own address and publisher as the source", () => {
    expect(
      draft({ url: 'https://www.koket.se/kottbullar', publisher: { '@type': 'Organization', name: 'Köket' } }).source,
    ).toEqual({ url: 'https://www.koket.se/kottbullar', name: 'Köket' });
    expect(draft({ url: '/relativ' })).not.toHaveProperty('source');
    expect(draft({ publisher: [{ name: 'Arla' }] }).source).toEqual({ name: 'Arla' });
  });

  it("makes the fetched address the source, named by the publisher or else the page's host", () => {
    const plain = draft({});
    expect(withPageAddress(plain, 'https://www.ica.se/recept/kottbullar-123/').source).toEqual({
      url: 'https://www.ica.se/recept/kottbullar-123/',
      name: 'ica.se',
    });
    const named = draft({ url: 'https://example.se/gammal', publisher: { name: 'Arla' } });
    expect(withPageAddress(named, 'https://www.arla.se/recept/x').source).toEqual({
      url: 'https://www.arla.se/recept/x',
      name: 'Arla',
    });
    expect(withPageAddress(plain, `https://a.se/${'x'.repeat(2100)}`)).toEqual(plain);
  });
});
