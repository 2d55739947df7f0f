import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { withPageAddress, type ReadRecipe } from '../../../server/drafts/recipe-draft.ts';
import { recipeFromHtml } from '../../../server/import/page-draft.ts';
import type { UnitKey } from '../../../src/lib/units.ts';

// Issue 37 items 1-4 and 7 (step headings): every form a page writes its recipe in, read from real pages' markup
// (the fixtures are stripped real pages; each names its source).
const page = (file: string) => readFileSync(new URL(`../../fixtures/recipe-pages/${file}`, import.meta.url), 'utf8');
const q = (value: number, unit: UnitKey, name: string, heading?: string) => ({
  name,
  quantity: { value, unit },
  ...(heading ? { heading } : {}),
});
const jsonLd = (recipe: object, head = '') =>
  `<html><head>${head}<script type="application/ld+json">${JSON.stringify({ '@type': 'Recipe', ...recipe })}</script></head></html>`;

describe('microdata and RDFa', () => {
  it('reads a Swedish microdata page: HowToSection/HowToStep steps, groups from the headings between the ingredients', () => {
    expect(recipeFromHtml(page('microdata-festligare-sections.html'))).toEqual<ReadRecipe>({
      imageUrl: 'https://festligare.se/wp-content/uploads/2022/11/waldorfsallad_bord_vinflaska-1024x688.jpg',
      name: 'Waldorfsallad med äppelbröd',
      servings: 4,
      prepTime: 30,
      instructions: [
        'Dressing',
        'Blanda dressingen i en skål. Späd med lite vatten för att få en bra konsistens.',
        'Sallad',
        'Skär upp salladen.',
        'Blanda allt med dressingen.',
      ].join('\n'),
      ingredients: [
        q(1, 'PIECES', 'romansallad', 'Waldorfsallad'),
        q(150, 'GRAM', 'vindruvor'),
        q(1, 'TABLESPOON', 'citronjuice'),
        q(1.5, 'DECILITER', 'olivolja', 'Senapsdressing'),
        q(4, 'TABLESPOON', 'grovkornig senap'),
      ],
      source: { url: 'https://festligare.se/recept/matrecept/bakverk/waldorfsallad-med-appelbrod', name: 'Festligare' },
      // The page gives a preparation time only (no total): it is the total (decision 064).
      totalTime: 30,
    });
  });

  it('reads an RDFa recipe (vocab, typeof, property; content, src and text)', () => {
    expect(recipeFromHtml(page('rdfa-recipe.html'))).toEqual<ReadRecipe>({
      imageUrl: 'https://exempel.se/bilder/ugnspannkaka.jpg',
      name: 'Ugnspannkaka',
      servings: 4,
      totalTime: 45,
      instructions: 'Sätt ugnen på 225 grader.\nVispa ihop smeten och grädda i 25 minuter.',
      ingredients: [q(3, 'PIECES', 'ägg'), q(2.5, 'DECILITER', 'vetemjöl'), q(6, 'DECILITER', 'mjölk')],
    });
  });

  it('takes a field from microdata when the JSON-LD leaves it out', () => {
    const html = `${jsonLd({ name: 'Pannkakor', recipeIngredient: [] })}<div itemscope itemtype="https://schema.org/Recipe">
      <span itemprop="recipeIngredient">3 dl mjölk</span><time itemprop="totalTime" datetime="PT20M">20 min</time></div>`;
    expect(recipeFromHtml(html)).toMatchObject({
      name: 'Pannkakor',
      ingredients: [q(3, 'DECILITER', 'mjölk')],
      totalTime: 20,
    });
  });
});

describe('microdata lists as pages write them', () => {
  it('one itemprop around the whole list is read a line each; a list shown twice (screen and print) is read once', () => {
    const around = `<div itemscope itemtype="http://schema.org/Recipe"><h1 itemprop="name">Gröt</h1>
      <div itemprop="recipeIngredient"><ul><li>2 dl havregryn</li><li>4 dl vatten</li></ul></div></div>`;
    expect(recipeFromHtml(around)?.ingredients).toEqual([q(2, 'DECILITER', 'havregryn'), q(4, 'DECILITER', 'vatten')]);
    const list = '<li itemprop="recipeIngredient">2 dl havregryn</li><li itemprop="recipeIngredient">4 dl vatten</li>';
    const twice = `<div itemscope itemtype="http://schema.org/Recipe"><ul>${list}</ul><div class="print"><ul>${list}</ul></div></div>`;
    expect(recipeFromHtml(twice)?.ingredients).toHaveLength(2);
  });
});

describe('recipe plugins', () => {
  it('WP Recipe Maker: the JSON-LD lines, grouped as the card groups them, headings without their colon', () => {
    const draft = recipeFromHtml(page('wprm-groups-jsonld.html'));
    expect(draft?.name).toBe('Peanut Noodles with Tempeh & Veggies');
    expect(draft?.ingredients).toEqual([
      // US measures in Swedish ones, the page's measure and bracketed words in the note (decision 052).
      { ...q(200, 'GRAM', 'Tempeh', 'Marinated Tempeh'), note: '7 oz, oder Tofu' },
      { ...q(2, 'PIECES', 'garlic cloves'), note: 'pressed' },
      { ...q(200, 'GRAM', 'rice noodles', 'Noodles & Veggies'), note: '7 oz, or other noodles' },
      { ...q(6, 'PIECES', 'radishes'), note: 'finely sliced' },
      q(2, 'TABLESPOON', 'sesame seeds', 'To serve'),
    ]);
  });

  it('Tasty Recipes alone: bold paragraphs as groups, times and yield as text, the image, fractions readable', () => {
    expect(recipeFromHtml(page('tasty-recipes-card.html'))).toEqual<ReadRecipe>({
      imageUrl: 'https://www.acouplecooks.com/wp-content/uploads/2024/08/Brown-Butter-Pancakes-0002-368x368.jpg',
      name: 'Brown Butter Pancakes with Maple Caramel Syrup',
      servings: 8,
      prepTime: 15,
      totalTime: 65,
      instructions:
        'Brown the butter in a skillet over medium heat.\nWhisk the dry ingredients, then stir in the wet ones.',
      ingredients: [
        { ...q(55, 'GRAM', 'unsalted butter', 'Brown Butter Pancakes'), note: '1/4 cup' },
        q(2, 'TABLESPOON', 'brown sugar'),
        q(0.5, 'TEASPOON', 'kosher salt'),
        { ...q(0.6, 'DECILITER', 'pure maple syrup', 'Salted Maple Butter Drizzle'), note: '1/4 cup' },
        q(2, 'TABLESPOON', 'heavy whipping cream'),
      ],
      source: { url: 'https://www.acouplecooks.com/brown-butter-pancakes/' },
    });
  });

  it('Mediavine Create alone: <h4> groups, its own block titles are no groups', () => {
    expect(recipeFromHtml(page('mediavine-create-card.html'))).toEqual<ReadRecipe>({
      imageUrl: 'https://barefootinthepines.com/wp-content/uploads/2023/03/pie-480x480.jpg',
      name: 'Chocolate Pudding Pie',
      servings: 8,
      prepTime: 30,
      totalTime: 285,
      instructions: 'Crush the graham crackers and mix them with the butter.\nWhisk the yolks into the warm chocolate.',
      ingredients: [
        {
          ...q(12, 'PIECES', 'whole honey graham cracker sheets', 'Homemade Graham Cracker Crust'),
          note: '1 1/2 cups, packed',
        },
        q(6, 'TABLESPOON', 'unsalted butter, melted'),
        {
          ...q(340, 'GRAM', 'semisweet chocolate', 'Chocolate Pudding Filling'),
          note: '12 ounces, broken into pieces',
        },
        q(4, 'PIECES', 'large egg yolks'),
      ],
      source: { url: 'https://barefootinthepines.com/chocolate-pudding-pie/', name: 'Barefoot In The Pines' },
    });
  });
});

describe('sections written as ingredient lines', () => {
  it('a line ending in a colon with no amount heads the lines after it; a trailing one heads nothing', () => {
    const draft = recipeFromHtml(
      jsonLd({
        name: 'Sallad',
        recipeIngredient: [
          '1 romansallad',
          'For the dressing:',
          '1 dl olivolja',
          'Dressing:',
          '2 msk senap',
          'Till servering:',
        ],
      }),
    );
    expect(draft?.ingredients).toEqual([
      q(1, 'PIECES', 'romansallad'),
      q(1, 'DECILITER', 'olivolja', 'For the dressing'),
      q(2, 'TABLESPOON', 'senap', 'Dressing'),
    ]);
  });
});

describe("groups marked only by headings above the page's list", () => {
  it('names the groups of the JSON-LD lines by the headings above the list items that read as them', () => {
    const draft = recipeFromHtml(page('kiddokitchen-heading-groups.html'));
    expect(draft?.ingredients.map((i) => [i.name, i.heading])).toEqual([
      ['Kycklinglår', 'Sås/kyckling'],
      ['Chilisås', undefined],
      ['Grädde', undefined],
      ['Ris', 'Ris och toppings'],
      ['Jordnötter', undefined],
    ]);
  });

  it('names no group when the page lists the lines in another order, nor by a heading over another list', () => {
    const html = (items: string[]) =>
      jsonLd(
        { name: 'Bullar', recipeIngredient: ['2,5 dl vatten', '25 g jäst', '1 ägg'] },
        '</head><body><span>Tänk på:</span><ul><li>Tiden kan ändras.</li></ul><h2>Ingredienser</h2><ul>' +
          items.map((item) => `<li>${item}</li>`).join('') +
          '</ul><h2>Pensling</h2><ul><li>1 ägg</li></ul>',
      );
    const inOrder = recipeFromHtml(html(['2,5 dl vatten', '25 g jäst']));
    expect(inOrder?.ingredients.map((i) => i.heading)).toEqual([undefined, undefined, 'Pensling']);
    const shuffled = recipeFromHtml(html(['25 g jäst', '2,5 dl vatten']));
    expect(shuffled?.ingredients.map((i) => i.heading)).toEqual([undefined, undefined, undefined]);
  });
});

describe('clean text', () => {
  it('decodes entities, also twice-encoded ones, removes tags and invisible characters, keeps fractions readable', () => {
    const draft = recipeFromHtml(
      jsonLd({
        name: 'Sticky Pomegranate &amp;amp; Black Pepper Chicken Wings',
        recipeIngredient: [
          '1\u00bc cup flour',
          '\u2153 dl gr\u00e4dde',
          'Mum&amp;#39;s <b>secret</b>\u00ad\u200b sauce\u00a0 ',
        ],
        recipeInstructions: 'Heat&nbsp;the oven.<br>Bake &amp;amp; serve.',
      }),
    );
    expect(draft?.name).toBe('Sticky Pomegranate & Black Pepper Chicken Wings');
    expect(draft?.ingredients.map((i) => i.name)).toEqual(['flour', 'grädde', "Mum's secret sauce"]);
    expect(draft?.ingredients[0]?.note).toBe('1 1/4 cup');
    expect(draft?.ingredients[1]?.quantity).toEqual({ value: 0.333333, unit: 'DECILITER' });
    expect(draft?.instructions).toBe('Heat the oven.\nBake & serve.');
  });
});

describe('clean text in the HTML of a card', () => {
  it("decodes a card's twice-encoded entities in its headings and lines", () => {
    const html = `<div class="mv-create-card"><h2 class="mv-create-title">Fish &amp;amp; Chips</h2>
      <div class="mv-create-ingredients"><h4>Batter &amp;amp; dip</h4><ul><li>2 dl \u00f6l&amp;nbsp;</li></ul></div></div>`;
    expect(recipeFromHtml(html)).toMatchObject({
      name: 'Fish & Chips',
      ingredients: [q(2, 'DECILITER', 'öl', 'Batter & dip')],
    });
  });
});

describe('the source', () => {
  const recipe = { name: 'Kladdkaka', publisher: { '@type': 'Organization', name: 'Förlaget' } };

  it('a pasted page: its canonical link, then og:url, then the JSON-LD url; og:site_name, then the publisher', () => {
    const canonical = '<link rel="canonical" href="https://www.ica.se/recept/kladdkaka-1/">';
    const og =
      '<meta property="og:url" content="https://www.ica.se/og/"><meta property="og:site_name" content="ICA.se">';
    expect(recipeFromHtml(jsonLd({ ...recipe, url: 'https://x.se/ld' }, canonical + og))?.source).toEqual({
      url: 'https://www.ica.se/recept/kladdkaka-1/',
      name: 'ICA.se',
    });
    expect(recipeFromHtml(jsonLd({ ...recipe, url: 'https://x.se/ld' }, og))?.source?.url).toBe(
      'https://www.ica.se/og/',
    );
    // A relative canonical link is no address: the next one is taken.
    expect(recipeFromHtml(jsonLd(recipe, '<link rel="canonical" href="/recept/1">'))?.source).toEqual({
      name: 'Förlaget',
    });
    expect(recipeFromHtml(jsonLd({ ...recipe, mainEntityOfPage: { '@id': 'https://x.se/page' } }))?.source).toEqual({
      url: 'https://x.se/page',
      name: 'Förlaget',
    });
  });

  it('a fetched page: the address after redirects, named by the site the page names rather than its host', () => {
    const draft = recipeFromHtml(jsonLd({ name: 'Kladdkaka' }, '<meta property="og:site_name" content="Köket">'))!;
    expect(withPageAddress(draft, 'https://www.koket.se/kladdkaka')).toMatchObject({
      source: { url: 'https://www.koket.se/kladdkaka', name: 'Köket' },
    });
    const unnamed = recipeFromHtml(jsonLd({ name: 'Kladdkaka' }))!;
    expect(withPageAddress(unnamed, 'https://www.koket.se/kladdkaka').source).toEqual({
      url: 'https://www.koket.se/kladdkaka',
      name: 'koket.se',
    });
  });
});

describe('steps', () => {
  it('the headings of a step list are not steps; a HowToSection name stays as the line before its steps', () => {
    const draft = recipeFromHtml(
      jsonLd({
        name: 'Fiskgryta',
        recipeInstructions: [
          { '@type': 'HowToStep', text: 'Första instruktionen' },
          { '@type': 'HowToStep', text: 'Skala löken.' },
          {
            '@type': 'HowToSection',
            name: 'Såsen',
            itemListElement: [{ text: 'Steg 2' }, { text: 'Koka upp grädden.' }],
          },
          'Gör så här:',
          'Step 3',
          { '@type': 'HowToStep', text: 'Sista instruktionen' },
          { '@type': 'HowToStep', text: 'Servera.' },
        ],
      }),
    );
    expect(draft?.instructions).toBe('Skala löken.\nSåsen\nKoka upp grädden.\nServera.');
  });
});

describe('a big page', () => {
  it('reads the recipe of a page of several MB of inline scripts, styles and SVG', () => {
    const filler = `<script>var x = "${'a'.repeat(1_000_000)}";</script><style>.a{}</style><svg><path d="M0 0"/></svg>`;
    const html = `<html><head>${filler.repeat(6)}</head><body>${jsonLd({ name: 'Stor sida', recipeIngredient: ['1 ägg'] })}</body></html>`;
    expect(html.length).toBeGreaterThan(6_000_000);
    expect(recipeFromHtml(html)).toMatchObject({ name: 'Stor sida', ingredients: [q(1, 'PIECES', 'ägg')] });
  });
});
