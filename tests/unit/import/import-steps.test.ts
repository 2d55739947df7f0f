import { describe, expect, it } from 'vitest';
import { stepsOfLines } from '../../../server/drafts/recipe-draft.ts';
import { recipeFromHtml } from '../../../server/import/page-draft.ts';

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

describe('steps written the way microdata writes them', () => {
  it('reads a ListItem’s step from its description, its name the step’s title', () => {
    expect(
      steps(
        withSteps({
          '@type': 'ItemList',
          itemListElement: [
            {
              '@type': 'ListItem',
              name: 'Koka morötterna',
              description: '<p>Skala morötterna.<p />Koka dem mjuka.</p>',
            },
            { '@type': 'ListItem', name: 'Mixa', description: 'Mixa soppan slät.' },
          ],
        }),
      ),
    ).toEqual(['Koka morötterna', 'Skala morötterna.', 'Koka dem mjuka.', 'Mixa soppan slät.']);
  });

  it('reads steps written as JSON into a text (a microdata content attribute, a value serialised twice)', () => {
    const json = JSON.stringify([
      { '@type': 'HowToStep', text: 'Skala morötterna.' },
      { '@type': 'HowToStep', text: 'Koka dem i buljongen.' },
    ]);
    expect(steps(withSteps(json))).toEqual(['Skala morötterna.', 'Koka dem i buljongen.']);
    const page = `<html><body><div itemscope itemtype="https://schema.org/Recipe"><h1 itemprop="name">Morotssoppa</h1>
      <meta itemprop="recipeIngredient" content="4 morötter"><meta itemprop="recipeIngredient" content="1 l buljong">
      <meta itemprop="recipeInstructions" content="${json.replaceAll('"', '&quot;')}"></div></body></html>`;
    expect(steps(page)).toEqual(['Skala morötterna.', 'Koka dem i buljongen.']);
    // A text that only looks like JSON stays text.
    expect(steps(withSteps('[{ Koka allt }]'))).toEqual(['[{ Koka allt }]']);
  });
});

describe('a method of one structured step where the page shows its steps', () => {
  const page = (recipeInstructions: unknown, body: string) =>
    `<html><head>${script({
      '@type': 'Recipe',
      name: 'Abrikozenvlaai',
      recipeIngredient: ['1 kilo abrikozen', '150 gr abrikozenjam', '20 gr amandelschaafsel'],
      recipeInstructions,
    })}</head><body><h1>Abrikozenvlaai</h1><ul><li>1 kilo abrikozen</li><li>150 gr abrikozenjam</li>
      <li>20 gr amandelschaafsel</li></ul>
      <ul class="share"><li><a href="/p">Klik om af te drukken (Wordt in een nieuw venster geopend)</a></li>
      <li><a href="/f">Klik om te delen op Facebook (Wordt in een nieuw venster geopend)</a></li></ul>${body}</body></html>`;
  const method = `<h2>Recept: abrikozenvlaai maken</h2><p>Snijd de abrikozen kruislings in en leg ze in heet water.</p>
    <p>Vet een vlaaivorm in met boter en bekleed hem met het deeg.</p>
    <h2>Abrikozenvlaai bakken</h2><p>Bak de vlaai in 25 tot 35 minuten goudbruin en gaar.</p>
    <p>Foto: Harold Pereira</p><h2>Meer vlaaien</h2><p>Probeer ook eens onze kersenvlaai met slagroom.</p>`;

  it('takes the page’s steps under a title ("… maken"), its parts’ titles as lines, credits left out', () => {
    expect(
      steps(page('Met dit recept kun je zelf een heerlijke abrikozenvlaai bakken! Deze vlaai is', method)),
    ).toEqual([
      'Snijd de abrikozen kruislings in en leg ze in heet water.',
      'Vet een vlaaivorm in met boter en bekleed hem met het deeg.',
      'Abrikozenvlaai bakken',
      'Bak de vlaai in 25 tot 35 minuten goudbruin en gaar.',
    ]);
  });

  it('keeps a structured step that says more than what the page shows', () => {
    const long =
      'Snijd de abrikozen kruislings in, leg ze een minuut in heet water en pel ze. Vet een vlaaivorm in met boter, ' +
      'bekleed hem met het deeg, vul hem met room en abrikozen en bak de vlaai in 25 tot 35 minuten goudbruin.';
    expect(steps(page(long, '<h2>Bereiding</h2><p>Zie hierboven.</p><p>Eet smakelijk.</p>'))).toEqual([long]);
  });

  it('passes over a share bar of links after the ingredients to the paragraphs of steps', () => {
    expect(
      steps(
        page(
          [],
          '<p>Snijd de abrikozen kruislings in en leg ze in heet water.</p><p>Bak de vlaai in 25 minuten goudbruin en gaar.</p>',
        ),
      ),
    ).toEqual([
      'Snijd de abrikozen kruislings in en leg ze in heet water.',
      'Bak de vlaai in 25 minuten goudbruin en gaar.',
    ]);
  });
});

describe('a method in parts, each a heading and its list, with no title above it', () => {
  it('reads every part, its heading a line before its steps', () => {
    const draft = recipeFromHtml(`<html><body><h1>Biscoff meringues</h1>
      <ul><li>4 large eggs</li><li>1 cup sugar</li><li>6 biscoff cookies</li></ul>
      <div class="instructions"><h3>1. Do some prep:</h3><ul><li>Preheat the oven to 200° and line a sheet.</li>
      <li>Crush the biscoff cookies into fine crumbs.</li></ul><h3>2. Make the meringue:</h3>
      <ul><li>Beat the egg whites on medium low until foamy.</li><li>Add the sugar a tablespoon at a time.</li></ul></div>
      <ul class="related"><li>Our best cookies this winter, all of them</li></ul></body></html>`);
    expect(draft?.instructions.split('\n')).toEqual([
      '1. Do some prep:',
      'Preheat the oven to 200° and line a sheet.',
      'Crush the biscoff cookies into fine crumbs.',
      '2. Make the meringue:',
      'Beat the egg whites on medium low until foamy.',
      'Add the sugar a tablespoon at a time.',
    ]);
  });
});

describe('a HowToSection written "ItemListElement" (capital I)', () => {
  it('reads its steps, and a section named only "Oppskrift" (recipe) is no line', () => {
    expect(
      steps(
        withSteps([
          { '@type': 'HowToSection', name: 'Oppskrift', ItemListElement: [{ '@type': 'HowToStep', text: 'Kok ris.' }] },
          { '@type': 'HowToSection', name: 'Raita:', ItemListElement: [{ '@type': 'HowToStep', text: 'Riv agurk.' }] },
        ]),
      ),
    ).toEqual(['Kok ris.', 'Raita:', 'Riv agurk.']);
  });
});

describe('steps under a title the way blogs write them', () => {
  const page = (body: string) =>
    `<html><body><h1>Clam chowder</h1><h2>What you’ll need</h2>
      <ul><li>4 slices bacon</li><li>1 small onion</li><li>2 tbsp flour</li></ul>${body}</body></html>`;

  it('a title after an emoji, each step under a heading of its own ("Step 1: Cook the bacon", "2. Sauté")', () => {
    expect(
      steps(
        page(`<h2>✅ Why I love this recipe</h2><ul><li>Only one pot to wash at the end of the day</li>
        <li>Full of flavour without needing fresh seafood</li></ul>
        <h2>👩‍🍳 How to make clam chowder</h2><h3>Step 1: Cook the bacon</h3><p>Cook the bacon until crispy.</p>
        <h3>2. (Optional) Sauté the onion</h3><p>Add the onion to the fat and cook it soft.</p>
        <h2>Leftovers</h2><p>Keep it in the fridge for three days.</p>`),
      ),
    ).toEqual(['Cook the bacon until crispy.', 'Add the onion to the fat and cook it soft.']);
  });

  it('"Step-by-Step Instructions" is a title; the list of tags after the steps is none of them', () => {
    expect(
      steps(
        page(`<h2>Step-by-Step Instructions</h2><ol><li>Cook the bacon until crispy.</li><li>Add the onion.</li></ol>
        <ul class="tags"><li><a href="/t/soup">Soup</a></li><li><a href="/t/winter">Winter</a></li></ul>`),
      ),
    ).toEqual(['Cook the bacon until crispy.', 'Add the onion.']);
  });

  it('a title in bold at the start of a paragraph: the paragraph’s lines after it are the steps', () => {
    expect(
      steps(
        page(`<p><strong>Bereidingswijze:</strong><br>Splits de eieren en klop de dooiers met de melk.<br>
        <img src="stap.jpg"><br>Bak de pannenkoekjes circa 2 minuten per kant.</p><h2>Meer recepten</h2>`),
      ),
    ).toEqual(['Splits de eieren en klop de dooiers met de melk.', 'Bak de pannenkoekjes circa 2 minuten per kant.']);
  });

  it('parts under smaller headings than the title are read through; a smaller heading after the steps ends them', () => {
    expect(
      steps(
        page(`<h3>Method</h3><h4>Preparation</h4><div><p>Trim the fat from the chicken.</p></div>
        <h4>Cooking</h4><div><p>Heat the oil in a heavy pan.</p><p>Fry the onion until golden.</p></div>
        <h3>More from us</h3><p>Sign up for our newsletter today.</p>`),
      ),
    ).toEqual(['Trim the fat from the chicken.', 'Heat the oil in a heavy pan.', 'Fry the onion until golden.']);
    expect(
      steps(page(`<h2>Method</h2><p>Trim the fat from the chicken.</p><h3>Notes</h3><p>Thighs work best here.</p>`)),
    ).toEqual(['Trim the fat from the chicken.']);
  });

  it('a plain paragraph that is only the title ("Zubereitung"), its steps <br> lines set off by dashes', () => {
    expect(
      steps(
        page(`<p>Zubereitung</p><p>&#8211; Zwiebel würfeln<br> &#8211; In Öl anbraten<br> &#8211; Würzen</p>
        <div class="views"><span>Post Views:</span> <span>66</span></div>`),
      ),
    ).toEqual(['Zwiebel würfeln', 'In Öl anbraten', 'Würzen']);
  });

  it('stays bounded on a page of thousands of step titles with nothing under them', () => {
    // Each title read on from its own place, and found by a search of the whole page, was quadratic (93 s of a core).
    // The reader's own CPU time is counted, not the wall clock: on a loaded machine the wait for a core is no
    // measure of the work (1-3 s here, 15 s of wall time at load 25).
    const started = process.cpuUsage();
    const draft = recipeFromHtml(page('<h2>Method</h2><div><span>x</span></div>'.repeat(40_000)));
    expect(draft?.instructions).toBe('');
    const used = process.cpuUsage(started);
    expect((used.user + used.system) / 1000).toBeLessThan(10_000);
  }, 30_000);
});

describe('a Recipe whose properties are spelt in another letter case', () => {
  it('reads "RecipeInstructions" and "RecipeYield" as schema.org’s recipeInstructions and recipeYield', () => {
    const draft = recipeFromHtml(
      `<html><head>${script({
        '@type': 'Recipe',
        name: 'Morotssoppa',
        recipeIngredient: ['4 morötter', '1 l buljong'],
        RecipeYield: '6 portioner',
        RecipeInstructions: [{ '@type': 'HowToStep', text: 'Koka morötterna.' }],
      })}</head><body></body></html>`,
    );
    expect(draft).toMatchObject({ servings: 6, instructions: 'Koka morötterna.' });
  });
});

describe('a HowToStep whose text holds line breaks', () => {
  it('is one step in a list of steps; a lone HowToStep’s lines are still the steps', () => {
    expect(
      steps(
        withSteps([
          { '@type': 'HowToStep', text: 'Skala morötterna och låt vila 15 minuter \r\nmed locket på.' },
          { '@type': 'HowToStep', text: 'Koka dem i buljongen.<br>Mixa soppan slät.' },
        ]),
      ),
    ).toEqual(['Skala morötterna och låt vila 15 minuter med locket på.', 'Koka dem i buljongen. Mixa soppan slät.']);
    expect(steps(withSteps([{ '@type': 'HowToStep', text: 'Skala morötterna.<br>Koka dem i buljongen.' }]))).toEqual([
      'Skala morötterna.',
      'Koka dem i buljongen.',
    ]);
  });
});
