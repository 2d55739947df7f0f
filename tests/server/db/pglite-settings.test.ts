import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../server/db/index.ts';
import { PGLITE_SHARED_BUFFERS } from '../../../server/db/pglite.ts';
import { closeTestDatabase, createTestDatabase } from '../../support/database.ts';

// The embedded database is started with our own settings on top of PGlite's defaults
// (server/db/pglite.ts); this pins that they take effect and that PGlite's own still hold.
describe('PGlite start settings', () => {
  let db: Database;
  beforeAll(async () => {
    db = await createTestDatabase('pglite');
  });
  afterAll(() => closeTestDatabase(db));

  const show = async (name: string) =>
    ((await db.orm.execute(sql.raw(`SHOW ${name}`))) as unknown as { rows: Record<string, string>[] }).rows[0]?.[name];

  it('uses the smaller buffer cache and keeps PGlite defaults', async () => {
    expect(PGLITE_SHARED_BUFFERS).toBe('8MB');
    expect(await show('shared_buffers')).toBe('8MB');
    expect(await show('search_path')).toBe('public');
    expect(await show('max_parallel_workers_per_gather')).toBe('0');
  });

  it('has pg_trgm loaded for the search index', async () => {
    const rows = (await db.orm.execute(sql`SELECT extname FROM pg_extension WHERE extname = 'pg_trgm'`)) as unknown as {
      rows: unknown[];
    };
    expect(rows.rows).toHaveLength(1);
    const similarity = (await db.orm.execute(
      sql`SELECT similarity('kanelbullar', 'kanelbulle') > 0.5 AS close`,
    )) as unknown as { rows: { close: boolean }[] };
    expect(similarity.rows[0]?.close).toBe(true);
  });
});
