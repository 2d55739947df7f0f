import { sql } from 'drizzle-orm';
import { addRecipe } from '../../support/recipes.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppDatabase, Database } from '../../../server/db/index.ts';
import { listRecipes } from '../../../server/db/repositories/recipe-repository.ts';
import { insertBenchRecipes } from '../../../bench/bulk-seed.ts';
import { closeTestDatabase, createTestDatabase, DATABASE_KINDS } from '../../support/database.ts';

// The trigram index (migration 004) must never change WHAT a search finds, only how fast. On a
// small table the planner would rightly ignore the index, so these tests force each plan in turn
// and compare: any row the index failed to propose (say, if it folded "Ä" differently from ILIKE)
// would be missing from the forced-index answer.

type Plan = 'index' | 'scan';
const FORCE: Record<Plan, string[]> = {
  index: ['SET LOCAL enable_seqscan = off', 'SET LOCAL enable_indexscan = off'],
  scan: ['SET LOCAL enable_bitmapscan = off', 'SET LOCAL enable_indexscan = off'],
};

/** Runs `work` in a transaction whose planner may only use the given kind of plan. */
async function withPlan<T>(db: Database, plan: Plan, work: (tx: AppDatabase) => Promise<T>): Promise<T> {
  return db.orm.transaction(async (tx) => {
    for (const setting of FORCE[plan]) await tx.execute(sql.raw(setting));
    return work(tx);
  });
}

async function planOf(tx: AppDatabase, search: string): Promise<string> {
  const result = (await tx.execute(
    sql`EXPLAIN SELECT id FROM recipes WHERE name ILIKE ${`%${search}%`}`,
  )) as unknown as { rows: { 'QUERY PLAN': string }[] };
  return result.rows.map((r) => r['QUERY PLAN']).join('\n');
}

const NAMES = [
  'Äggröra',
  'äggtoddy',
  'ÄGGSALLAD',
  'Ärtsoppa',
  'ärtor med fläsk',
  'Öl',
  'Smörgåstårta',
  'ÅKERBÄRSSYLT',
  'Kanelbullar',
  'KANELBULLAR med kardemumma',
  'Crème brûlée',
  '50% mörk choklad_kaka',
  'Pytt i panna',
];
const SEARCHES = [
  'ÄGG',
  'ägg',
  'äGg',
  'ÄRT',
  'ärtor',
  'ö',
  'Ö',
  'GÅS',
  'åkerbär',
  'kanelbullar',
  'KANEL',
  'brûl',
  'BRÛLÉE',
  '50%',
  '_',
  'ck',
  'pytt i',
  'i p',
  'a',
  'x',
  'ägg och',
];

describe.each(DATABASE_KINDS)('search index (%s)', (kind) => {
  let db: Database;
  beforeAll(async () => {
    db = await createTestDatabase(kind);
    for (const name of NAMES)
      await addRecipe(db.orm, { name, instructions: '', servings: 2, ingredients: [] }, 'redaktor');
  });
  afterAll(() => closeTestDatabase(db));

  it('exists and can serve a name search', async () => {
    const plan = await withPlan(db, 'index', (tx) => planOf(tx, 'ägg'));
    expect(plan).toContain('recipes_name_trgm');
    expect(plan).not.toContain('Seq Scan');
  });

  it('finds exactly what a full scan finds, Unicode case folding included ("ÄGG" finds "Äggröra")', async () => {
    for (const search of SEARCHES) {
      const byIndex = (await withPlan(db, 'index', (tx) => listRecipes(tx, search))).map((r) => r.name);
      const byScan = (await withPlan(db, 'scan', (tx) => listRecipes(tx, search))).map((r) => r.name);
      expect(byIndex, `search ${JSON.stringify(search)}`).toEqual(byScan);
    }
    const found = (search: string) =>
      withPlan(db, 'index', async (tx) => (await listRecipes(tx, search)).map((r) => r.name));
    expect(await found('ÄGG')).toEqual(['Äggröra', 'ÄGGSALLAD', 'äggtoddy']);
    expect(await found('ägg')).toEqual(['Äggröra', 'ÄGGSALLAD', 'äggtoddy']);
    expect(await found('åkerbär')).toEqual(['ÅKERBÄRSSYLT']);
    expect(await found('BRÛLÉE')).toEqual(['Crème brûlée']);
    expect(await found('50%')).toEqual(['50% mörk choklad_kaka']);
    expect(await found('ö')).toEqual(['50% mörk choklad_kaka', 'Smörgåstårta', 'Äggröra', 'Öl']);
  });

  it('sees writes: a renamed recipe is found by its new name only', async () => {
    const recipe = await addRecipe(
      db.orm,
      { name: 'Tillfällig', instructions: '', servings: 1, ingredients: [] },
      'redaktor',
    );
    await db.orm.execute(sql`UPDATE recipes SET name = 'Älgfärsbiffar' WHERE id = ${recipe.id}`);
    const found = (search: string) =>
      withPlan(db, 'index', async (tx) => (await listRecipes(tx, search)).map((r) => r.name));
    expect(await found('ÄLGFÄRS')).toEqual(['Älgfärsbiffar']);
    expect(await found('tillfällig')).toEqual([]);
  });
});

// At scale the planner must choose the index by itself, for a selective search.
describe('search index at 20,000 recipes (postgres)', () => {
  let db: Database;
  beforeAll(async () => {
    db = await createTestDatabase('postgres');
    await insertBenchRecipes(db, 0, 20_000);
    await db.orm.execute(sql`ANALYZE recipes`);
  });
  afterAll(() => closeTestDatabase(db));

  it('is chosen without forcing for a rare word, and answers like a scan', async () => {
    const plan = await planOf(db.orm, '4711');
    expect(plan).toContain('recipes_name_trgm');
    expect(plan).not.toContain('Seq Scan');
    const names = (await listRecipes(db.orm, '4711')).map((r) => r.name);
    // Natural numbers (src/lib/recipe-search.ts): 4711 before 14711.
    expect(names).toEqual(['Kroppkakor nr 4711', 'Kroppkakor nr 14711']);
    const byScan = await withPlan(db, 'scan', (tx) => listRecipes(tx, '4711'));
    expect(byScan.map((r) => r.name)).toEqual(names);
  });
});
