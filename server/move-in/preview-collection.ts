// What a file holds, before anything is written: each recipe with its photos, whether the same recipe (name and
// content) is already here, and why one cannot be imported. Its answers are the import's own: the same check of
// each recipe (collection-input.ts) and the same matching (same-recipe.ts), and the same 'Granska' list of what
// tidying the other app's habits (server/move-in/apps/tidy-draft.ts) leaves for a person to check.
import { APP_NAMES, type CollectionScan } from './apps/collection-reader.ts';
import { collectionInput } from './collection-input.ts';
import { shownName, TWICE_IN_FILE_NOTE, type CollectionPreview, type PreviewRecipe } from './collection-report.ts';
import { contentKey, nameKey, type RecipeMatcher } from './same-recipe.ts';

export async function previewCollection(scan: CollectionScan, matcher: RecipeMatcher): Promise<CollectionPreview> {
  await matcher.prepare(scan.recipes.map((r) => r.draft.name));
  const seen = new Set<string>();
  const recipes: PreviewRecipe[] = [];
  for (const recipe of scan.recipes) {
    const checked = recipe.problem ? null : collectionInput(recipe);
    const problem = recipe.problem ?? (checked?.kind === 'invalid' ? checked.reason : undefined);
    const notes = checked?.kind === 'ok' ? [...checked.notes] : [...recipe.notes];
    let alreadyHere = false;
    let twice = false;
    if (checked?.kind === 'ok') {
      alreadyHere = (await matcher.find(checked.input)).kind === 'here';
      const key = `${nameKey(checked.input.name)}\n${contentKey(checked.input)}`;
      twice = !alreadyHere && seen.has(key);
      if (twice) notes.push(TWICE_IN_FILE_NOTE);
      seen.add(key);
    }
    recipes.push({
      index: recipe.index,
      name: shownName(recipe.draft.name, recipe.index),
      photos: recipe.photos.length,
      alreadyHere,
      ...(problem ? { problem } : {}),
      notes,
      // What to check once it is in ('Granska'), as the report will say it: only for a recipe that comes in (one
      // already here or not importable is not saved, so there is nothing to check), and not for a second copy.
      ...(checked?.kind === 'ok' && checked.review?.length && !alreadyHere && !twice ? { review: checked.review } : {}),
    });
  }
  return {
    format: scan.format,
    formatName: APP_NAMES[scan.format],
    recipes,
    count: {
      recipes: recipes.length,
      withPhotos: recipes.filter((r) => r.photos > 0).length,
      alreadyHere: recipes.filter((r) => r.alreadyHere).length,
      cannotImport: recipes.filter((r) => r.problem !== undefined).length,
      toReview: recipes.filter((r) => r.review !== undefined).length,
    },
    notes: scan.notes,
  };
}
