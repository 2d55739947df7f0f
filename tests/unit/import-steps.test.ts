import { describe, expect, it } from 'vitest';
import { recipeFromHtml, stepsOfLines } from '../../server/import/recipe-draft.ts';

// Issue 55, steps: the kinds of page whose steps the import lost, each on a small page written for the kind.
const script = (value: unknown) => `<script type="application/ld+json">${JSON.stringify(value)}</script>`;
const withSteps = (recipeInstructions: unknown) =>
  `<html><head>${script({
    '@type': 'Recipe',
    name: 'Morotssoppa',
    recipeIngredient: ['4 morötter', '1 l buljong'],
    recipeInstructions,
  })}</head><body><h1>Morotssoppa</h1></body></html>`;
const steps = (html: string) => recipeFromHtml(html)?.instructions.split('\n');

describe('structured instructions given as one text', () => {
  it('are split where the sentences are glued without a space (the line breaks the template dropped)', () => {
    expect(steps(withSteps('Skala morötterna.Koka dem i buljongen i 20 min.Mixa soppan slät!Servera.'))).toEqual([
      'Skala morötterna.',
      'Koka dem i buljongen i 20 min.',
      'Mixa soppan slät!',
      'Servera.',
    ]);
  });

  it('keep a step whole when the steps are a list: glued sentences there are one step’s own paragraphs', () => {
    expect(steps(withSteps(['Skala morötterna.Ta bort toppen.', 'Koka dem.']))).toEqual([
      'Skala morötterna.Ta bort toppen.',
      'Koka dem.',
    ]);
  });

  it('are split at numbers counting up from 1 in the text, the numbers dropped', () => {
    expect(steps(withSteps('1.Skala morötterna 2. Koka dem i 20 min 3) Mixa 10 sekunder'))).toEqual([
      'Skala morötterna',
      'Koka dem i 20 min',
      'Mixa 10 sekunder',
    ]);
    expect(stepsOfLines(['1、切丁 2、炒']).length).toBe(2);
  });

  it('are not split at numbers that do not count up from 1 at the start', () => {
    expect(steps(withSteps(['Koka i 2. Låt vila 3. minuter.', 'Servera.']))).toEqual([
      'Koka i 2. Låt vila 3. minuter.',
      'Servera.',
    ]);
    expect(stepsOfLines(['Sätt ugnen på 200 grader 1. Baka 2. gånger'])).toEqual([
      'Sätt ugnen på 200 grader 1. Baka 2. gånger',
    ]);
  });

  it('are split at a lone carriage return', () => {
    expect(steps(withSteps('Skala morötterna;\rKoka dem;\rMixa.'))).toEqual([
      'Skala morötterna;',
      'Koka dem;',
      'Mixa.',
    ]);
  });
});

describe('the total time', () => {
  const times = (extra: object) =>
    recipeFromHtml(
      `<html><head>${script({ '@type': 'Recipe', name: 'Gryta', recipeIngredient: ['1 lök', '2 morötter'], recipeInstructions: 'Koka.', ...extra })}</head></html>`,
    );
  it('is the preparation and cooking times added when the page gives no total', () => {
    expect(times({ prepTime: 'PT15M', cookTime: 'PT1H' })?.totalTime).toBe(75);
    expect(times({ cookTime: 'PT40M' })?.totalTime).toBe(40);
  });
  it('is the page’s own total when it gives one, and none when it gives no time', () => {
    expect(times({ prepTime: 'PT15M', cookTime: 'PT1H', totalTime: 'PT2H' })?.totalTime).toBe(120);
    expect(times({})?.totalTime).toBeUndefined();
  });
});

describe('steps on a page without structured data', () => {
  it('are found under a title that names the kind of steps ("Cooking Instructions:", "Recipe method")', () => {
    for (const title of ['Cooking Instructions:', 'Recipe method', 'Baking directions']) {
      const draft = recipeFromHtml(
        `<html><body><h1>Oat pancakes</h1><ul><li>2 cups oats</li><li>1 cup milk</li><li>2 eggs</li></ul>
        <ul><li>Share this recipe with a friend who likes breakfast.</li>
        <li>Print this recipe and keep it in your kitchen drawer.</li></ul>
        <p><strong>${title}</strong></p><ul><li>Soak the oats in the milk for ten minutes.</li>
        <li>Whisk in the eggs until the batter is smooth.</li><li>Fry small pancakes in butter.</li></ul>
        <h2>More recipes</h2></body></html>`,
      );
      expect(draft?.instructions.split('\n')).toEqual([
        'Soak the oats in the milk for ten minutes.',
        'Whisk in the eggs until the batter is smooth.',
        'Fry small pancakes in butter.',
      ]);
    }
  });
});

describe('a HowToStep with a name and a text', () => {
  const step = (name: string, text: string) => ({ '@type': 'HowToStep', name, text });
  it('keeps the name as the step’s title, a line before its text', () => {
    expect(
      steps(
        withSteps([
          step('Koka morötterna', 'Skala morötterna och koka dem i buljongen i 20 min.'),
          step('Soppan', 'Mixa soppan slät och smaka av med salt.'),
        ]),
      ),
    ).toEqual([
      'Koka morötterna',
      'Skala morötterna och koka dem i buljongen i 20 min.',
      'Soppan',
      'Mixa soppan slät och smaka av med salt.',
    ]);
  });

  it('leaves out a name that is the text’s start, whole or cut short, or only numbers the step', () => {
    expect(
      steps(
        withSteps([
          step('Skala morötterna.', 'Skala morötterna.'),
          step('Koka dem i buljongen i…', 'Koka dem i buljongen i 20 min.'),
          step('Mixa soppan...', 'Mixa soppan slät.'),
          step('soppa_steg 3', 'Servera.'),
          step('Steg 4', 'Ät.'),
        ]),
      ),
    ).toEqual(['Skala morötterna.', 'Koka dem i buljongen i 20 min.', 'Mixa soppan slät.', 'Servera.', 'Ät.']);
  });
});

describe('steps the page shows without a title of their own', () => {
  it('are the paragraphs of sentences right after the ingredients when the structured data has none', () => {
    const draft = recipeFromHtml(`<html><head>${script({
      '@type': 'Recipe',
      name: 'Risgrynsgröt',
      recipeIngredient: ['2 dl grötris', '1 l mjölk', '1 kanelstång'],
    })}</head><body><h1>Risgrynsgröt</h1><ul><li>2 dl grötris</li><li>1 l mjölk</li><li>1 kanelstång</li></ul>
      <h3>Så enkel är den, och så god blir den:</h3>
      <p>Koka upp riset med vatten och kanel i en tjock kastrull.</p>
      <p>Häll i mjölken och låt gröten sjuda under lock i 40 minuter.</p>
      <h2>Fler recept</h2><p>Prova också vår saffransgröt med russin och mandel.</p></body></html>`);
    expect(draft?.instructions.split('\n')).toEqual([
      'Koka upp riset med vatten och kanel i en tjock kastrull.',
      'Häll i mjölken och låt gröten sjuda under lock i 40 minuter.',
    ]);
  });

  it('passes over a paragraph of 60,000 inline elements once, not once for each of them', () => {
    // Each element after a step's paragraph was looked for in that paragraph's whole subtree: 60,000 elements made
    // some 1.8 billion comparisons (190 s here); the walk up each element's parents is a few.
    const words = '<b>ord</b> '.repeat(60_000);
    const draft = recipeFromHtml(`<html><head>${script({
      '@type': 'Recipe',
      name: 'Risgrynsgröt',
      recipeIngredient: ['2 dl grötris', '1 l mjölk', '1 kanelstång'],
    })}</head><body><h1>Risgrynsgröt</h1><ul><li>2 dl grötris</li><li>1 l mjölk</li><li>1 kanelstång</li></ul>
      <p>Koka upp riset med vatten och kanel i en tjock kastrull.</p><p>${words}</p>
      <p>Häll i mjölken och låt gröten sjuda under lock i 40 minuter.</p></body></html>`);
    expect(draft?.instructions.split('\n')[0]).toBe('Koka upp riset med vatten och kanel i en tjock kastrull.');
  }, 30_000); // here 2.6 s with the walk up, 190 s with the search down

  it('under a title naming the dish ("How to make …"), a second title above the list is no step', () => {
    const draft = recipeFromHtml(`<html><body><h1>Cheese toastie</h1>
      <ul><li>2 slices bread</li><li>50 g cheese</li><li>1 tbsp pesto</li></ul>
      <h2>How to make a cheese toastie</h2><p><b>Method</b></p>
      <ol><li>Preheat a sandwich press.</li><li>Spread the pesto and add the cheese.</li><li>Toast for 4 minutes.</li></ol>
      </body></html>`);
    expect(draft?.instructions.split('\n')).toEqual([
      'Preheat a sandwich press.',
      'Spread the pesto and add the cheese.',
      'Toast for 4 minutes.',
    ]);
  });
});
