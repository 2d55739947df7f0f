import { describe, expect, it } from 'vitest';
import { SEED_RECIPES } from '../../../server/db/transfer/seed-recipes.ts';
import { recipeInputSchema } from '../../../src/lib/recipe-schema.ts';
import { ingredientGroups } from '../../../src/lib/ingredient-groups.ts';
import { OFFERED_UNIT_KEYS, unitLabel } from '../../../src/lib/units.ts';
import { formatIngredientAmounts } from '../../../src/lib/kitchen-amount.ts';

// Issue 39: the demo recipes show what the book can do (categories, times, sources, sections, an ingredient that
// does not scale), in valid form, with every offered unit, and no photos (the product ships none it has no right to).
describe('the demo recipes', () => {
  it('are fifteen, each valid as the API takes it and named once', () => {
    expect(SEED_RECIPES).toHaveLength(15);
    expect(new Set(SEED_RECIPES.map((r) => r.name)).size).toBe(15);
    for (const recipe of SEED_RECIPES) expect(recipeInputSchema.safeParse(recipe).error, recipe.name).toBeUndefined();
  });

  it('each have categories and a preparation time within the total time', () => {
    for (const r of SEED_RECIPES) {
      expect(r.categories?.length, r.name).toBeGreaterThan(0);
      expect(r.prepTime, r.name).toBeGreaterThan(0);
      expect(r.totalTime, r.name).toBeGreaterThanOrEqual(r.prepTime ?? Infinity);
    }
  });

  it('share their categories, so the chips narrow the list', () => {
    const uses = new Map<string, number>();
    for (const name of SEED_RECIPES.flatMap((r) => r.categories ?? [])) uses.set(name, (uses.get(name) ?? 0) + 1);
    expect([...uses.values()].filter((n) => n >= 2).length).toBeGreaterThanOrEqual(5);
  });

  it('have sections, sources and ingredients that do not scale where a cook would use them', () => {
    const sectioned = SEED_RECIPES.filter((r) => ingredientGroups(r.ingredients).some((g) => g.heading));
    expect(sectioned.map((r) => r.name)).toEqual(expect.arrayContaining(['Kanelbullar', 'Semlor', 'Lussekatter']));
    expect(sectioned.length).toBeGreaterThanOrEqual(8);
    expect(SEED_RECIPES.filter((r) => r.source).length).toBeGreaterThanOrEqual(3);
    const notScaled = SEED_RECIPES.flatMap((r) => r.ingredients.filter((i) => i.doNotScale).map((i) => i.name));
    expect(notScaled).toEqual(expect.arrayContaining(['ägg', 'kanelstång', 'lagerblad']));
    // A quantity is what stays as written: every ingredient that does not scale has one.
    for (const r of SEED_RECIPES)
      for (const i of r.ingredients.filter((i) => i.doNotScale))
        expect(i.quantity, `${r.name}: ${i.name}`).toBeDefined();
  });

  it('use every offered unit and carry no photos', () => {
    const units = new Set(SEED_RECIPES.flatMap((r) => r.ingredients.map((i) => i.quantity?.unit)));
    for (const unit of OFFERED_UNIT_KEYS) expect(units, unit).toContain(unit);
    expect(SEED_RECIPES.filter((r) => r.photos && r.photos.length > 0)).toEqual([]);
  });

  // Issue 54 item 3: the page shows a name as written and makes no plural (docs/quantities.md), so the demo writes
  // its names as a Swedish recipe prints them.
  it('write their ingredients in lower case, but for a name of its own', () => {
    const PROPER = new Set(['Kesella']);
    const names = SEED_RECIPES.flatMap((r) => r.ingredients.map((i) => i.name));
    expect(names.filter((n) => n !== n.toLowerCase() && !PROPER.has(n))).toEqual([]);
    for (const name of PROPER) expect(names).toContain(name);
  });

  it('read as a cook writes them: a count without st before the name, a plural where the count is above one', () => {
    const shown = (name: string) => {
      const recipe = SEED_RECIPES.find((r) => r.name === name);
      if (!recipe) throw new Error(`no demo recipe ${name}`);
      // As the API hands them to the page: the unit's label ('dl'), not its key.
      const amounts = formatIngredientAmounts(
        recipe.ingredients.map((i) => ({
          name: i.name,
          quantity: i.quantity && { value: i.quantity.value, unit: unitLabel(i.quantity.unit) },
        })),
      );
      return recipe.ingredients.map((i, n) => `${amounts[n] ?? ''} ${i.name}`.trim());
    };
    expect(shown('Pannkakor')).toEqual(['2 ½ dl vetemjöl', '½ tsk salt', '6 dl mjölk', '3 ägg', '2 msk smör', 'sylt']);
    expect(shown('Janssons frestelse')).toContain('2 gula lökar');
    expect(shown('Sjömansbiff')).toEqual(
      expect.arrayContaining(['3 gula lökar', '1 köttbuljongtärning', '2 lagerblad']),
    );
    expect(shown('Köttbullar')).toEqual(expect.arrayContaining(['1 ägg', '1 gul lök']));
    expect(shown('Äppelkaka')).toContain('4 äpplen');
    expect(shown('Vaniljsås')).toContain('3 äggulor');
    // A piece counted in the singular is one piece: a count above one is written with the plural.
    for (const r of SEED_RECIPES)
      for (const i of r.ingredients)
        if (i.quantity?.unit === 'PIECES' && i.quantity.value > 1)
          expect(i.name, `${r.name}: ${i.quantity.value} ${i.name}`).not.toMatch(/(^|\s)(gul lök|lök|äpple|äggula)$/);
  });
});
