// The book of bench/filters.ts (issue 52), in a module of its own so that a profile of one read (in process, at the
// same size) can seed the same book: N recipes with about as many distinct ingredient names (names in Latin, Greek
// and Cyrillic letters, some with one-letter words), instructions drawn from a Zipf vocabulary, plus one sentence and
// three ingredients in every recipe; and the worst questions to ask of it.
import { sql } from 'drizzle-orm';
import type { Database } from '../server/db/index.ts';

/** A deterministic pseudo-random number in [0, 1) for (i, j). */
const rand = (i: number, j: number) => ((Math.imul(i + 1, 2654435761) ^ Math.imul(j + 7, 2246822519)) >>> 0) / 2 ** 32;

const LATIN = 'ka ri mo se lu ta ne vi po gå är ön bo fe li'.split(' ');
const GREEK = 'κα ρι μο σε λυ τα νε βι πο φε'.split(' ');
const CYRILLIC = 'ка ри мо се лу та не ви по фе'.split(' ');
const LETTERS = [...'abcdefghijklmnopqrstuvwxyzåäö', ...'αβγδεζηθικλμνξοπρστυφχψω', ...'абвгдежзиклмнопрстуфхцчшщэюя'];
const FOODS = ['Ost', 'Korv', 'Svamp', 'Bär', 'Kål', 'Fisk', 'Bröd', 'Sås', 'Krydda', 'Olja', 'Rot', 'Frukt'];

/** Ingredient name number n: a food and a made-up word (about one name in three in Greek or Cyrillic letters). */
function ingredientName(n: number): string {
  const script = [LATIN, LATIN, LATIN, GREEK, CYRILLIC][n % 5] as string[];
  let word = '';
  for (let s = 0; s < 3 + (n % 3); s++) word += script[Math.floor(rand(n, s) * script.length)];
  const letter = n % 10 === 0 ? ` ${LETTERS[n % LETTERS.length]}` : '';
  return `${FOODS[n % FOODS.length]} ${word}${letter} ${n % 997}`.slice(0, 34);
}

// The vocabulary of the instructions: 3,000 words, the k-th most common used with weight 1/k (Zipf, s = 1).
export const VOCABULARY = Array.from({ length: 3000 }, (_, k) => {
  let word = '';
  for (let s = 0; s < 2 + (k % 2); s++) word += LATIN[Math.floor(rand(k, s + 40) * LATIN.length)] as string;
  return (
    word +
    'bdfgklmnrt'[k % 10] +
    'aeiouyåäöe'[Math.floor(k / 10) % 10] +
    'bdfgklmnrst'.slice(0, Math.floor(k / 100) % 11)
  );
});
const HARMONIC = VOCABULARY.reduce((sum, _w, k) => sum + 1 / (k + 1), 0);
function zipfWord(u: number): string {
  let acc = 0;
  for (let k = 0; k < VOCABULARY.length; k++) {
    acc += 1 / (k + 1) / HARMONIC;
    if (u < acc) return VOCABULARY[k] as string;
  }
  return VOCABULARY.at(-1) as string;
}
/** In every recipe: the words a person may type that then match the whole book. */
const EVERY_RECIPE_SENTENCE = 'Sätt ugnen på och grädda tills ytan är gyllenbrun, servera varm.';
const EVERY_RECIPE_INGREDIENTS = ['Salt', 'Vatten', 'Svartpeppar'];

function recipe(i: number, recipes: number) {
  const words = Array.from({ length: 40 }, (_, j) => zipfWord(rand(i, j + 100)));
  const names = new Set(EVERY_RECIPE_INGREDIENTS);
  // Recipe i brings one or two new names (about N distinct in all) and three of the names before it.
  names.add(ingredientName(i));
  if (i % 3 === 0) names.add(ingredientName(recipes + i));
  for (let j = 0; j < 3; j++) names.add(ingredientName(Math.floor(rand(i, j + 200) * (i + 1))));
  return {
    name: `Rätt ${i}`,
    author: 'bench',
    instructions: `${words.join(' ')}. ${EVERY_RECIPE_SENTENCE}`,
    servings: 4,
    ingredients: [...names],
  };
}

/** The book, loaded as bench/bulk-seed.ts loads one: documents and names in one statement each, GIN built after. */
export async function seed(db: Database, recipes: number): Promise<void> {
  await db.orm.transaction(async (tx) => {
    await tx.execute(sql`ALTER TABLE recipes DISABLE TRIGGER recipes_document`);
    const found = await tx.execute(sql`
      SELECT indexname AS name, indexdef AS definition FROM pg_indexes
      WHERE schemaname = current_schema() AND indexdef LIKE '% USING gin %'
        AND tablename IN ('recipes', 'ingredients', 'recipe_texts', 'ingredient_names', 'recipe_ingredient_names')`);
    const indexes = (found as unknown as { rows: { name: string; definition: string }[] }).rows;
    for (const { name } of indexes) await tx.execute(sql`DROP INDEX ${sql.identifier(name)}`);
    for (let start = 0; start < recipes; start += 5000) {
      const batch = Array.from({ length: Math.min(5000, recipes - start) }, (_, k) => recipe(start + k, recipes));
      await tx.execute(sql`
        WITH input AS (
          SELECT * FROM json_to_recordset(${JSON.stringify(batch)}::json)
            AS x(name text, author text, instructions text, servings integer, ingredients json)
        ), inserted AS (
          INSERT INTO recipes (name, author, instructions, servings, total_minutes)
          SELECT name, author, instructions, servings, 10 + length(name) * 7 % 110 FROM input RETURNING id, name
        )
        INSERT INTO ingredients (recipe_id, position, name)
        SELECT inserted.id, g.ordinality - 1, g.item
        FROM inserted JOIN input ON input.name = inserted.name
        CROSS JOIN LATERAL json_array_elements_text(input.ingredients) WITH ORDINALITY AS g(item, ordinality)`);
    }
    await tx.execute(sql`INSERT INTO recipe_texts (recipe_id, document) SELECT id, recipe_document(id) FROM recipes`);
    await tx.execute(sql`SELECT write_missing_ingredient_names()`);
    await tx.execute(sql`SET CONSTRAINTS ALL IMMEDIATE`);
    for (const { definition } of indexes) await tx.execute(sql.raw(definition));
    await tx.execute(sql`ALTER TABLE recipes ENABLE TRIGGER recipes_document`);
  });
  await db.orm.execute(sql`VACUUM ANALYZE`);
}

/** The worst questions, none asked twice: short words in every script, and words found in every recipe. */
export function worstQueries(run: number): string[] {
  const short: string[] = [];
  for (const a of LETTERS) short.push(`ingredients=${encodeURIComponent(a)}`);
  for (const a of LETTERS) for (const b of LETTERS) short.push(`ingredients=${encodeURIComponent(a + b)}`);
  const everyIngredient = EVERY_RECIPE_INGREDIENTS.flatMap((w) =>
    Array.from({ length: w.length - 2 }, (_, k) => w.slice(0, k + 3).toLowerCase()),
  );
  const everyWord = EVERY_RECIPE_SENTENCE.toLowerCase().match(/\p{L}{3,}/gu) ?? [];
  const common: string[] = [];
  for (const a of everyIngredient)
    for (const b of everyIngredient) if (a < b) common.push(`ingredients=${encodeURIComponent(`${a} ${b}`)}`);
  for (const a of everyWord)
    for (const b of everyWord) if (a < b) common.push(`words=${encodeURIComponent(`${a} ${b}`)}`);
  // Interleaved: one in three asks for a word in every recipe. Each run takes other questions (a new server too).
  const mixed: string[] = [];
  for (let k = 0; mixed.length < short.length + common.length; k++) {
    if (k % 3 === 2 && common.length > 0)
      mixed.push(common.splice((k * 7919 + run * 31) % common.length, 1)[0] as string);
    else if (short.length > 0) mixed.push(short.splice((k * 104729 + run * 131) % short.length, 1)[0] as string);
    else mixed.push(common.shift() as string);
  }
  return mixed;
}
