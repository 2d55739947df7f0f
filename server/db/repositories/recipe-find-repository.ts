import { sql, type SQL } from 'drizzle-orm';
import { nameHasIngredient, wholeWordOnly } from '../../../src/lib/recipe-filters.ts';
import { swedishStem } from '../../../src/lib/swedish-stem.ts';
import type { AppDatabase } from '../types.ts';

// The list's filters beside the name search (issue 40, docs/decisions/055-find-recipes-by-content.md), the parts the
// database's indexes answer (migrations 014 and 017) on PGlite and PostgreSQL alike: which ingredient names hold a
// word (the name index then keeps the recipes with those names, and the time filter, in its own order), and which
// recipes hold words anywhere, ranked (full-text search).

export type RecipeFind = {
  /**
   * Words every one of which some ingredient's name matches (src/lib/recipe-filters.ts's ingredientStems and
   * nameHasIngredient; named stems before the rule took the words as typed).
   */
  ingredientStems?: readonly string[] | undefined;
  /** Total time, or preparation time where no total is set, at most this; recipes without either are left out. */
  maxMinutes?: number | undefined;
  /**
   * Words (letters and digits only: filterWords) each found, as a word's beginning, in the recipe's document; one or
   * two letters only as a whole word (src/lib/recipe-filters.ts's wholeWordOnly).
   */
  words?: readonly string[] | undefined;
};

/** LIKE treats % _ and \ as special; the stems are letters and digits, but the rule stays written once. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
const containing = (text: string) => `%${escapeLike(text)}%`;

/**
 * The ids a statement answers in its column `ids`, one text ("1,5,9") made by string_agg rather than a row per id:
 * at 100,000 recipes a filter can answer tens of thousands of ids, and a row object for each was most of the time
 * on PGlite. Both drivers answer { rows }; execute's type is the driver's own.
 */
async function idsOf(db: AppDatabase, statement: SQL): Promise<number[]> {
  const result = await db.execute(statement);
  const text = (result as { rows: { ids: string | null }[] }).rows[0]?.ids ?? '';
  return text === '' ? [] : text.split(',').map(Number);
}

/**
 * Where a filter's answer may come from instead of the database (server/api/read-models/find-cache.ts: the answers of the
 * database's current change stamp). `key` names the question exactly; `read` asks the database.
 */
export type Remember = <T extends FoundIds>(key: string, read: () => Promise<T>) => Promise<T>;
/**
 * A filter's answer: the ids, and a set of them made once when first needed; or `everything`, when the filters
 * asked nothing after all (words the Swedish configuration drops: "och", "kan" while "kanel" is typed), so the list
 * is every recipe in its own order, and no id was read.
 */
export type FoundIds = {
  ids: readonly number[];
  set(): ReadonlySet<number>;
  everything?: true;
  more?: true;
  /**
   * The words' answer: each id's rank (ts_rank, as float4 written by PostgreSQL and read back), best first as `ids`;
   * a page's cursor carries its last recipe's rank and id, so it keeps its place when recipes drop out (issue 53).
   */
  ranks?: readonly number[];
};

/**
 * The words' answer holds at most this many recipes (issue 52). A word in most of the book made the first read rank
 * every match, 224-366 ms at 100,000 recipes on the event loop (PGlite runs there); now the database stops after
 * this many and one more, and the answer says "more" (the list says "fler än 1 000"), as Meilisearch's and
 * Elasticsearch's estimated totals do.
 */
export const WORDS_LIMIT = 1_000;

const EVERYTHING: FoundIds = { ids: [], set: () => new Set(), everything: true };

/** The ids as they were read (the words' answer: best match first), and a set of them made when first asked for. */
export function foundIds(ids: readonly number[], more = false, ranks?: readonly number[]): FoundIds {
  let made: Set<number> | undefined;
  return {
    ids,
    set: () => (made ??= new Set(ids)),
    ...(more ? { more: true as const } : {}),
    ...(ranks ? { ranks } : {}),
  };
}

const askAgain: Remember = (_key, read) => read();

/**
 * The ids of the ingredient names (migration 017's `ingredient_names`) that match this word of "Med …" by the one
 * rule the site's offline copy applies too (src/lib/recipe-filters.ts's nameHasIngredient, decision 061): a word of
 * one or two letters as a whole word of the name, one lookup in migration 018's GIN index of the names' words; a
 * longer one as a name word's last part ("potatis" finds "Färskpotatis" and "Potatisar", not "Potatismjöl"). Such a
 * name holds the word's Swedish stem, so the trigram index offers the names containing the stem (as the filter read
 * them before: no scan of every name), and nameHasIngredient keeps those that match, here in JavaScript so that the
 * server and the offline copy cannot stem differently (PostgreSQL 18's stemmer differs from 15's on "öst"). The name
 * index knows each recipe's ingredient name ids (`recipe_ingredient_names`, read with its names), so it finds the
 * recipes holding any of them in its own order without asking the database again; a name no recipe holds any longer
 * is removed by the write that made it so (migration 018). Remembered per word for the reader's change stamp.
 */
export function ingredientNameIds(db: AppDatabase, word: string, remember: Remember = askAgain): Promise<FoundIds> {
  return remember(`ingredient ${word}`, async () => {
    if (wholeWordOnly(word)) {
      // A whole word is one lookup in migration 018's index of each name's words (a scan of every name before);
      // nameWords splits a name as ingredient_name_words does, so these are exactly the names it matches.
      return foundIds(
        await idsOf(
          db,
          sql`SELECT string_agg(id::text, ',' ORDER BY id) AS ids
              FROM ingredient_names WHERE ingredient_name_words(name) @> ARRAY[${word}::text]`,
        ),
      );
    }
    const result = await db.execute(
      sql`SELECT coalesce(json_agg(json_build_array(id, name) ORDER BY id), '[]') AS names
          FROM ingredient_names WHERE name ILIKE ${containing(swedishStem(word))}`,
    );
    // node-postgres and PGlite both parse json; a driver that does not would give its text.
    const value = (result as { rows: { names: unknown }[] }).rows[0]?.names ?? [];
    const offered = (typeof value === 'string' ? JSON.parse(value) : value) as [number, string][];
    return foundIds(offered.filter(([, name]) => nameHasIngredient(name, word)).map(([id]) => id));
  });
}

/**
 * The ids of the recipes with every one of these words (letters and digits only: filterWords) in their document,
 * best match first (ts_rank, the name counting most); or `everything` when the 'swedish' configuration drops every
 * word ("och", and "kan" while "kanel" is typed), so that they ask nothing. Each word is a prefix ("karde" finds
 * "kardemumma" while it is typed), stemmed by the configuration ("kakorna" finds "kaka"); a word of one or two
 * letters is a whole word, as in "Med …" (a one-letter prefix matched nearly every document, each read for its
 * rank). When more than WORDS_LIMIT match, the first WORDS_LIMIT the index gives are ranked and the answer says
 * `more`. Remembered for the reader's change stamp.
 */
export function findWords(
  db: AppDatabase,
  find: Pick<RecipeFind, 'words'>,
  remember: Remember = askAgain,
): Promise<FoundIds> {
  // Letters and digits only, so nothing in a word means anything to to_tsquery's syntax.
  const words = (find.words ?? []).filter((w) => /^[\p{L}\p{N}]+$/u.test(w));
  if (words.length === 0) return Promise.resolve(EVERYTHING);
  return remember(`words ${words.join(' ')}`, async () => {
    const terms = words.map((w) => (wholeWordOnly(w) ? w : `${w}:*`));
    const query = sql`to_tsquery('swedish', ${terms.join(' & ')})`;
    // Only stop words: numnode() is 0, and such a query would match nothing (with a notice); it asks nothing, and no
    // document is read (ranking every one, all alike, took half a second at 100,000 recipes).
    // The rank in a subquery (OFFSET 0 keeps it one): sorted inline, each row carried its document into the
    // sort, which at 33,000 matches spilled 15 MB to disk; now 8 bytes a row, sorted in memory.
    // At most WORDS_LIMIT and one more are read and ranked: the heap scan stops there. Each id with its rank
    // ("12:0.0607927"), one text as idsOf reads.
    const result = await db.execute(
      sql`SELECT CASE WHEN numnode(${query}) = 0 THEN '-1' ELSE (
            SELECT string_agg(id::text || ':' || rank::text, ',' ORDER BY rank DESC, id) FROM (
              SELECT recipe_id AS id, ts_rank(document, ${query}) AS rank
              FROM recipe_texts WHERE document @@ ${query} LIMIT ${WORDS_LIMIT + 1}) AS matching) END AS ids`,
    );
    const text = (result as { rows: { ids: string | null }[] }).rows[0]?.ids ?? '';
    if (text === '-1') return EVERYTHING;
    const pairs = text === '' ? [] : text.split(',').slice(0, WORDS_LIMIT + 1);
    const ids = pairs.map((pair) => Number(pair.slice(0, pair.indexOf(':'))));
    const ranks = pairs.map((pair) => Number(pair.slice(pair.indexOf(':') + 1)));
    const more = ids.length > WORDS_LIMIT;
    return foundIds(ids.slice(0, WORDS_LIMIT), more, ranks.slice(0, WORDS_LIMIT));
  });
}
