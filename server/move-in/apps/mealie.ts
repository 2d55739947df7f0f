// Mealie (mealie-recipes/mealie, v1 and v2). Two files hold its recipes:
// - the recipe export (Data Management -> export; services/exporter): recipes/{slug}/{slug}.json, the Recipe
//   model as JSON, beside recipes/{slug}/images/original.webp (and smaller copies);
// - the backup (services/backups_v2): database.json, every table as rows ({"recipes": [...],
//   "recipes_ingredients": [...], ...}), and the data folder, with data/recipes/{id}/images/original.webp.
// Both read into one shape here. Ingredients: a parsed one has quantity, unit and food (and a note); an unparsed
// one its whole text in `note`; `title` starts a section. Instructions: `title` names a section, `text` the step.
import { EntryError } from './collection-errors.ts';
import type { CollectionRecipe, PhotoRef } from './collection-types.ts';
import {
  collectionRecipe,
  isEmpty,
  isObject,
  leftOutFields,
  text,
  unreadableRecipe,
  withCookTime,
  type IngredientGroup,
  type IngredientText,
  type JsonObject,
} from './app-draft.ts';
import { tooManyRecipes } from './collection-errors.ts';
import type { ZipEntry } from './zip-archive.ts';
import { baseName, entryJson, recipeEntries, visible, type Found, type ZipScan } from './zip-entries.ts';

/** database.json at the backup's root (or in the one folder Safari's unzip-and-rezip leaves around it). */
export const MEALIE_BACKUP = /^(?:[^/]+\/)?database\.json$/u;
/** recipes/{slug}/{slug}.json of the recipe export. */
export const MEALIE_EXPORT = /^(?:[^/]+\/)?recipes\/([^/]+)\/\1\.json$/u;

type MealieRecipe = {
  fields: JsonObject;
  ingredients: JsonObject[];
  instructions: JsonObject[];
  categories: unknown[];
  tags: unknown[];
  author?: string;
  photos: PhotoRef[];
};

// The recipe's fields in either spelling (the export writes the model's snake_case names; the API's camelCase).
const FIELDS: Record<string, string | null> = Object.fromEntries(
  Object.entries({
    name: null,
    recipe_yield: null,
    recipe_servings: null,
    recipe_yield_quantity: null,
    prep_time: null,
    total_time: null,
    perform_time: null, // withCookTime
    cook_time: null,
    recipe_category: null,
    tags: null,
    org_url: null,
    recipe_ingredient: null,
    recipe_instructions: null,
    // bookkeeping
    id: null,
    user_id: null,
    household_id: null,
    group_id: null,
    slug: null,
    image: null,
    date_added: null,
    date_updated: null,
    created_at: null,
    updated_at: null,
    update_at: null,
    last_made: null,
    settings: null,
    name_normalized: null,
    description_normalized: null,
    is_ocr_recipe: null,
    recipe_cuisine: null,
    recipeCuisine: null,
    description: 'beskrivningen',
    rating: 'betyget',
    notes: 'anteckningarna',
    nutrition: 'näringsvärdet',
    tools: 'redskapen',
    comments: 'kommentarerna',
    assets: 'de bifogade filerna',
    extras: 'extrafälten',
  }).flatMap(([key, rule]) => [
    [key, rule],
    [camel(key), rule],
  ]),
);

export async function mealieExport(scan: ZipScan): Promise<Found> {
  const names = new Set(scan.zip.entries.map((e) => e.name));
  const recipes: CollectionRecipe[] = [];
  for (const [index, entry] of recipeEntries(scan, MEALIE_EXPORT).entries()) {
    const folder = entry.name.slice(0, entry.name.lastIndexOf('/') + 1);
    try {
      const recipe = await entryJson(scan.zip, entry);
      if (!isObject(recipe)) throw new EntryError(`”${entry.name}” är inget recept.`);
      const field = (key: string) => recipe[key] ?? recipe[camel(key)];
      recipes.push(
        mealieRecipe(index, scan.limits.maxIngredients, baseName(entry.name), {
          fields: recipe,
          ingredients: objects(field('recipe_ingredient')),
          instructions: objects(field('recipe_instructions')),
          categories: objects(field('recipe_category')).map((c) => c.name),
          tags: objects(field('tags')).map((t) => t.name),
          photos: imageIn(names, `${folder}images/`),
        }),
      );
    } catch (error) {
      if (!(error instanceof EntryError)) throw error;
      recipes.push(unreadableRecipe(index, baseName(entry.name), error.message));
    }
  }
  return { recipes, notes: [] };
}

export async function mealieBackup(scan: ZipScan): Promise<Found> {
  const database = scan.zip.entries.find((e) => visible(e.name) && MEALIE_BACKUP.test(e.name)) as ZipEntry;
  const base = database.name.slice(0, database.name.length - 'database.json'.length);
  const tables = await entryJson(scan.zip, database);
  if (!isObject(tables)) throw new EntryError('database.json är ingen Mealie-säkerhetskopia.');
  const rows = (table: string) => objects(tables[table]);
  const recipeRows = rows('recipes');
  if (recipeRows.length > scan.limits.maxRecipes) throw tooManyRecipes(scan.limits.maxRecipes);
  const byId = (table: string) => new Map(rows(table).map((row) => [key(row.id), row]));
  const byRecipe = (table: string) => {
    const map = new Map<string, JsonObject[]>();
    for (const row of rows(table)) map.set(key(row.recipe_id), [...(map.get(key(row.recipe_id)) ?? []), row]);
    for (const list of map.values()) list.sort((a, b) => Number(a.position ?? 0) - Number(b.position ?? 0));
    return map;
  };
  const units = byId('ingredient_units');
  const foods = byId('ingredient_foods');
  const users = byId('users');
  const categories = byId('categories');
  const tags = byId('tags');
  const ingredients = byRecipe('recipes_ingredients');
  const instructions = byRecipe('recipe_instructions');
  const notes = byRecipe('notes');
  const recipeCategories = byRecipe('recipes_to_categories');
  const recipeTags = byRecipe('recipes_to_tags');
  const extraTables: [string, string][] = [
    ['recipe_nutrition', 'nutrition'],
    ['recipes_to_tools', 'tools'],
    ['recipe_comments', 'comments'],
    ['recipe_assets', 'assets'],
    ['api_extras', 'extras'],
  ];
  const extras = extraTables.map(([table, field]) => [field, byRecipe(table)] as const);
  const names = new Set(scan.zip.entries.map((e) => e.name));
  const recipes = recipeRows.map((row, index) => {
    const id = key(row.id);
    const attached: JsonObject = { notes: notes.get(id) ?? [] };
    for (const [field, map] of extras)
      attached[field] = (map.get(id) ?? []).map(({ id: _, recipe_id: __, ...rest }) => rest);
    const user = users.get(key(row.user_id));
    return mealieRecipe(index, scan.limits.maxIngredients, text(row.slug) || 'recept', {
      fields: { ...row, ...attached },
      ingredients: (ingredients.get(id) ?? []).map((i) => ({
        ...i,
        unit: units.get(key(i.unit_id)),
        food: foods.get(key(i.food_id)),
      })),
      instructions: instructions.get(id) ?? [],
      categories: (recipeCategories.get(id) ?? []).map((link) => categories.get(key(link.category_id))?.name),
      tags: (recipeTags.get(id) ?? []).map((link) => tags.get(key(link.tag_id))?.name),
      ...(user && text(user.full_name).trim() ? { author: text(user.full_name) } : {}),
      photos: imageIn(names, ...folderNames(id).map((folder) => `${base}data/recipes/${folder}/images/`)),
    });
  });
  return { recipes, notes: [] };
}

function mealieRecipe(index: number, maxIngredients: number, fallbackName: string, r: MealieRecipe): CollectionRecipe {
  const field = (name: string) => r.fields[name] ?? r.fields[camel(name)];
  const servings = Number(field('recipe_servings'));
  const cooked = withCookTime(
    { prepTime: field('prep_time'), totalTime: field('total_time') },
    field('perform_time') ?? field('cook_time'),
  );
  const groups: IngredientGroup[] = [];
  for (const ingredient of r.ingredients) {
    const title = text(ingredient.title).trim();
    if (title || groups.length === 0) groups.push({ ...(title ? { heading: title } : {}), lines: [] });
    const line = ingredientLine(ingredient);
    if (line) groups[groups.length - 1]!.lines.push(line);
  }
  const steps = r.instructions.flatMap((step) => [text(step.title), text(step.text)].filter((t) => t.trim() !== ''));
  const url = text(field('org_url') ?? r.fields.orgURL).trim();
  return collectionRecipe(
    index,
    {
      schema: {
        ...cooked.schema,
        name: field('name'),
        recipeYield: servings > 0 ? servings : field('recipe_yield'),
        recipeInstructions: steps,
        recipeCategory: r.categories.filter((c) => typeof c === 'string'),
        keywords: r.tags.filter((t) => typeof t === 'string'),
        ...(url ? { url } : {}),
      },
      groups: groups.filter((g) => g.lines.length > 0),
      photos: r.photos,
      ...(r.author ? { author: r.author } : {}),
      leftOut: [
        ...leftOutFields({ ...r.fields, orgURL: undefined }, FIELDS),
        ...cooked.leftOut,
        ...(r.instructions.some((s) => !isEmpty(s.summary)) ? ['stegens sammanfattningar'] : []),
      ],
      fallbackName,
    },
    maxIngredients,
  );
}

// "2 dl mjölk" (and its note apart) from a parsed ingredient; an unparsed one is its note (Mealie's display rule).
function ingredientLine(ingredient: JsonObject): IngredientText {
  const note = text(ingredient.note).trim();
  const unit = isObject(ingredient.unit)
    ? text(ingredient.unit.use_abbreviation || ingredient.unit.useAbbreviation ? ingredient.unit.abbreviation : '') ||
      text(ingredient.unit.name)
    : '';
  const food = isObject(ingredient.food) ? text(ingredient.food.name).trim() : '';
  const disabled = ingredient.disable_amount === true || ingredient.disableAmount === true;
  if (!food && !unit)
    return note || text(ingredient.original_text ?? ingredient.originalText ?? ingredient.display).trim();
  const quantity = Number(ingredient.quantity);
  const amount = !disabled && quantity > 0 ? String(Math.round(quantity * 1000) / 1000) : '';
  const head = [amount, unit.trim(), food].filter(Boolean).join(' ');
  return note ? { text: head, note } : head;
}

// The recipe's photo: images/original.* in its folder (Mealie also keeps min-original and tiny-original).
function imageIn(names: Set<string>, ...folders: string[]): PhotoRef[] {
  for (const folder of folders)
    for (const ext of ['webp', 'jpg', 'jpeg', 'png'])
      if (names.has(`${folder}original.${ext}`)) return [{ entry: `${folder}original.${ext}` }];
  return [];
}

// A GUID as database.json writes it (with or without dashes) and as the data folder names it (with).
function folderNames(id: string): string[] {
  const hex = id.replace(/-/gu, '');
  const dashed = /^[0-9a-f]{32}$/u.test(hex)
    ? `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
    : id;
  return [...new Set([dashed, hex, id])];
}

function key(value: unknown): string {
  return text(value).toLowerCase().replace(/-/gu, '');
}

function objects(value: unknown): JsonObject[] {
  return Array.isArray(value) ? value.filter(isObject) : [];
}

function camel(snake: string): string {
  return snake.replace(/_([a-z])/gu, (_, c: string) => c.toUpperCase());
}
