// The last step of every import reader: the draft in the form's characters and lengths, so it saves as it is.
import { describe, expect, it } from 'vitest';
import { fitDraft, STEPS_CUT } from '../../../server/drafts/fit-draft.ts';
import type { ReadRecipe } from '../../../server/drafts/recipe-draft.ts';
import { instructionsSchema, recipeInputSchema, recipeNameSchema } from '../../../src/lib/recipe-schema.ts';

const draft = (fields: Partial<ReadRecipe>): ReadRecipe => ({
  name: 'Kladdkaka',
  servings: 4,
  instructions: 'Blanda.',
  ingredients: [],
  ...fields,
});

describe('fitDraft', () => {
  it('writes the steps in the form’s characters, line by line, with °C', () => {
    const fitted = fitDraft(draft({ instructions: 'Preheat to 350°F 🔥\n\n“Whisk” 2+3 eggs… ™\nServe ✨' }));
    expect(fitted.instructions).toBe('Preheat to 175°C\n"Whisk" 2 plus 3 eggs...\nServe');
  });

  it('keeps steps longer than the field as far as they fit, to a word, and says so beside the draft', () => {
    const line = 'Rör om i grytan. '.repeat(400).trim(); // 6,799 characters
    const fitted = fitDraft(draft({ instructions: `${line}\n${line}` }));
    expect([...fitted.instructions].length).toBeLessThanOrEqual(10_000);
    expect(fitted.instructions.split('\n')).toHaveLength(2);
    const [first, second = ''] = fitted.instructions.split('\n');
    expect(first).toBe(line);
    expect(line.startsWith(second) && line[second.length] === ' ').toBe(true); // cut between two words
    expect(fitted.notices).toEqual([STEPS_CUT]);
    expect(fitDraft(draft({ instructions: line })).notices).toBeUndefined();
  });

  it('keeps a title within 64 characters: without the site’s tail if that is enough, else at a word', () => {
    expect(fitDraft(draft({ name: 'Kladdkaka® med hallon' })).name).toBe('Kladdkaka med hallon');
    const tail = 'Världens godaste kladdkaka med hallon och vit choklad | Receptsajten för alla';
    expect(fitDraft(draft({ name: tail })).name).toBe('Världens godaste kladdkaka med hallon och vit choklad');
    const long = 'A very long recipe title that goes on and on about a chocolate cake with raspberries';
    const name = fitDraft(draft({ name: long })).name;
    expect(name).toBe('A very long recipe title that goes on and on about a chocolate');
    expect(long.startsWith(name)).toBe(true);
  });

  it('cuts a heading at a word and drops an ingredient of refused characters alone', () => {
    const heading = `For the ${'very '.repeat(15)}dressing`;
    const fitted = fitDraft(
      draft({ ingredients: [{ name: '🍪' }, { name: 'senap', heading }, { name: 'olja', heading: '✨' }] }),
    );
    expect(fitted.ingredients).toHaveLength(2);
    expect(fitted.ingredients[0]?.heading).toMatch(/^For the very/);
    expect([...(fitted.ingredients[0]?.heading ?? '')].length).toBeLessThanOrEqual(64);
    expect(fitted.ingredients[1]).toEqual({ name: 'olja' });
  });

  it('keeps the total time when the preparation outlasts it, and both when they are in order', () => {
    expect(fitDraft(draft({ prepTime: 90, totalTime: 30 }))).toMatchObject({ totalTime: 30 });
    expect(fitDraft(draft({ prepTime: 90, totalTime: 30 }))).not.toHaveProperty('prepTime');
    expect(fitDraft(draft({ prepTime: 20, totalTime: 30 }))).toMatchObject({ prepTime: 20, totalTime: 30 });
    expect(fitDraft(draft({ prepTime: 20 }))).toMatchObject({ prepTime: 20 });
  });

  it('a fitted draft of hostile text is a body the API takes', () => {
    const fitted = fitDraft(
      draft({
        name: `🍰 ${'Tårta™ '.repeat(20)}`,
        instructions: `${'Rör 🥄 om. '.repeat(2000)}\n${'x'.repeat(20)}`,
        ingredients: [{ name: 'mjöl', heading: `Botten: ${'lager '.repeat(20)}` }],
        prepTime: 50,
        totalTime: 10,
      }),
    );
    const { imageUrl: _image, ...body } = fitted;
    expect(recipeInputSchema.safeParse({ ...body, servings: 4 }).error?.issues).toBeUndefined();
  });

  it("cuts exactly at the form's own limits: the schema's longest name and steps are kept whole, one more is cut", () => {
    const name = 'Kaka '.repeat(13).slice(0, 64); // 64 characters, no site's tail
    expect(recipeNameSchema.safeParse(name).success).toBe(true);
    expect(recipeNameSchema.safeParse(`${name}x`).success).toBe(false);
    expect(fitDraft(draft({ name })).name).toBe(name);
    expect(fitDraft(draft({ name: `${name.slice(0, 63)}xy` })).name).toBe(name.slice(0, 60).trim());

    const steps = `${'Rör. '.repeat(1999)}Rör!!`; // 10,000 characters on one line
    expect([...steps]).toHaveLength(10_000);
    expect(instructionsSchema.safeParse(steps).success).toBe(true);
    expect(instructionsSchema.safeParse(`${steps}x`).success).toBe(false);
    expect(fitDraft(draft({ instructions: steps }))).toMatchObject({ instructions: steps });
    expect(fitDraft(draft({ instructions: steps })).notices).toBeUndefined();
    const over = fitDraft(draft({ instructions: `${steps} x` }));
    expect(over.instructions === steps).toBe(true); // the word beyond the limit left out
    expect(over.notices).toEqual([STEPS_CUT]);
    expect(STEPS_CUT).toBe('Sidans instruktioner är längre än 10 000 tecken: slutet kom inte med.');
  });
});
