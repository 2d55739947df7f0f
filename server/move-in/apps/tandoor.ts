// Tandoor Recipes: its export (the "Default" integration, cookbook/integration/default.py) is a zip of zips, one
// {id}.zip per recipe holding recipe.json (RecipeExportSerializer: name, description, keywords [{name}], steps
// [{name, instruction (markdown), ingredients [{food {name}, unit {name}, amount, note, order, is_header,
// no_amount}], time, order, show_as_header}], working_time and waiting_time in minutes, servings, servings_text,
// source_url, nutrition) and image.{jpg,png,webp}. A step's name heads its ingredients, as Tandoor shows them.
import { EntryError } from './collection-errors.ts';
import type { CollectionRecipe, PhotoRef } from './collection-types.ts';
import {
  collectionRecipe,
  isObject,
  isoMinutes,
  leftOutFields,
  text,
  unreadableRecipe,
  type IngredientGroup,
  type IngredientText,
  type JsonObject,
} from './app-draft.ts';
import { MAX_INNER_ZIP_BYTES } from './photo-ref.ts';
import { openZip } from './zip-archive.ts';
import { baseName, entryJson, recipeEntries, type Found, type ZipScan } from './zip-entries.ts';

const FIELDS: Record<string, string | null> = {
  name: null,
  keywords: null,
  steps: null,
  working_time: null,
  waiting_time: null,
  servings: null,
  servings_text: null,
  source_url: null,
  internal: null,
  description: 'beskrivningen',
  nutrition: 'näringsvärdet',
};

export async function tandoorRecipes(scan: ZipScan): Promise<Found> {
  const recipes: CollectionRecipe[] = [];
  for (const [index, entry] of recipeEntries(scan, /^[^/]+\.zip$/iu).entries()) {
    const name = baseName(entry.name);
    try {
      // The inner zip is read into memory (at most MAX_INNER_ZIP_BYTES, refused before inflating beyond) and opened
      // there; no deeper nesting is read.
      const inner = await openZip({ buffer: await scan.zip.read(entry, MAX_INNER_ZIP_BYTES) }, scan.budget, 1);
      try {
        const json =
          inner.entries.find((e) => /^recipe\.json$/iu.test(e.name)) ??
          inner.entries.find((e) => /\.json$/iu.test(e.name));
        if (!json) throw new EntryError(`”${entry.name}” har ingen recipe.json.`);
        const recipe = await entryJson(inner, json);
        if (!isObject(recipe)) throw new EntryError(`”${entry.name}” har inget recept.`);
        const image = inner.entries.find((e) => /^image\.[a-z]+$/iu.test(e.name));
        const photos: PhotoRef[] = image ? [{ entry: entry.name, inner: image.name }] : [];
        recipes.push(tandoorRecipe(index, recipe, photos, scan.limits.maxIngredients, name));
      } finally {
        inner.close();
      }
    } catch (error) {
      if (!(error instanceof EntryError) && !isInnerZipError(error)) throw error;
      recipes.push(unreadableRecipe(index, name, (error as Error).message));
    }
  }
  return { recipes, notes: [] };
}

// A corrupt inner zip is that recipe's problem; the budget's refusal (a bomb inside) stays the file's.
function isInnerZipError(error: unknown): boolean {
  return error instanceof Error && /zip-fil men är trasig/u.test(error.message);
}

function tandoorRecipe(
  index: number,
  recipe: JsonObject,
  photos: PhotoRef[],
  maxIngredients: number,
  fallbackName: string,
): CollectionRecipe {
  const steps = list(recipe.steps).sort((a, b) => Number(a.order ?? 0) - Number(b.order ?? 0));
  const groups: IngredientGroup[] = [];
  const instructions: string[] = [];
  for (const step of steps) {
    const stepName = text(step.name).trim();
    const stepLines = markdownLines(text(step.instruction));
    // A step's name heads its text in the steps too, when it has text (else it only heads the ingredients).
    if (stepName && stepLines.length > 0) instructions.push(stepName);
    instructions.push(...stepLines);
    let group: IngredientGroup = { ...(stepName ? { heading: stepName } : {}), lines: [] };
    groups.push(group);
    for (const ingredient of list(step.ingredients).sort((a, b) => Number(a.order ?? 0) - Number(b.order ?? 0))) {
      if (ingredient.is_header) {
        group = { heading: text(ingredient.note).trim() || foodName(ingredient), lines: [] };
        groups.push(group);
      } else {
        const line = ingredientLine(ingredient);
        if (line) group.lines.push(line);
      }
    }
  }
  const working = Number(recipe.working_time) || 0;
  const waiting = Number(recipe.waiting_time) || 0;
  const servings = Number(recipe.servings) || 0;
  const stepTimes = steps.some((step) => Number(step.time) > 0) ? ['stegens tider'] : [];
  return collectionRecipe(
    index,
    {
      schema: {
        name: recipe.name,
        ...(servings > 0 ? { recipeYield: `${servings} ${text(recipe.servings_text)}`.trim() } : {}),
        recipeInstructions: instructions,
        keywords: list(recipe.keywords).map((k) => text(k.name)),
        ...(isoMinutes(working) ? { prepTime: isoMinutes(working) } : {}),
        ...(isoMinutes(working + waiting) ? { totalTime: isoMinutes(working + waiting) } : {}),
        ...(text(recipe.source_url).trim() ? { url: text(recipe.source_url).trim() } : {}),
      },
      groups: groups.filter((g) => g.lines.length > 0),
      photos,
      leftOut: [...leftOutFields(recipe, FIELDS), ...stepTimes],
      fallbackName,
    },
    maxIngredients,
  );
}

// "200 g smör" for the ingredient-line reader, the note ('rumsvarmt') kept apart.
function ingredientLine(ingredient: JsonObject): IngredientText | undefined {
  const amount = Number(ingredient.amount);
  const unit = isObject(ingredient.unit) ? text(ingredient.unit.name).trim() : '';
  const food = foodName(ingredient);
  const note = text(ingredient.note).trim();
  const quantity = !ingredient.no_amount && amount > 0 ? String(Math.round(amount * 1000) / 1000) : '';
  const head = [quantity, unit, food].filter(Boolean).join(' ');
  if (!head) return note || undefined;
  return note ? { text: head, note } : head;
}

function foodName(ingredient: JsonObject): string {
  return isObject(ingredient.food) ? text(ingredient.food.name).trim() : '';
}

// Tandoor's steps are markdown: the marks go, the text stays (a heading's '#', bold, a list's bullet).
function markdownLines(markdown: string): string[] {
  return markdown
    .split('\n')
    .map((line) =>
      line
        .replace(/^\s{0,3}#{1,6}\s+/u, '')
        .replace(/^\s*[-*+]\s+/u, '')
        .replace(/\*\*|__/gu, '')
        .trim(),
    )
    .filter((line) => line !== '');
}

function list(value: unknown): JsonObject[] {
  return Array.isArray(value) ? value.filter(isObject) : [];
}
