import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, tryImportTurn, type Database } from '../../../server/db/index.ts';
import { closeTestDatabase, createTestDatabase, DATABASE_KINDS, freshPostgresUrl } from '../../support/database.ts';

// One collection import at a time (issue 38, decision 054): within one process on either database, and across API
// processes on one PostgreSQL, where each process has its own pool (as two servers behind a load balancer).
describe.each(DATABASE_KINDS)('the import turn in one process (%s)', (kind) => {
  let db: Database;
  beforeAll(async () => {
    db = await createTestDatabase(kind);
  });
  afterAll(() => closeTestDatabase(db));

  it('is refused while held and given again once released', async () => {
    const turn = await tryImportTurn(db);
    expect(turn).not.toBeNull();
    expect(await tryImportTurn(db)).toBeNull();
    await turn?.release();
    await turn?.release(); // twice is harmless
    const next = await tryImportTurn(db);
    expect(next).not.toBeNull();
    await next?.release();
  });
});

describe('the import turn across processes on one PostgreSQL', () => {
  let url: string;
  let drop: () => Promise<void>;
  const open = () => openDatabase({ databaseUrl: url, dataDir: '' });
  beforeAll(async () => {
    ({ url, drop } = await freshPostgresUrl());
  });
  afterAll(() => drop());

  it("is refused in the other process while one holds it, and the other's once released", async () => {
    const [one, two] = await Promise.all([open(), open()]);
    try {
      const turn = await tryImportTurn(one);
      expect(turn).not.toBeNull();
      expect(await tryImportTurn(two)).toBeNull();
      await turn?.release();
      const theirs = await tryImportTurn(two);
      expect(theirs).not.toBeNull();
      expect(await tryImportTurn(one)).toBeNull();
      await theirs?.release();
    } finally {
      await Promise.all([one.close(), two.close()]);
    }
  });

  it('is free again when the process holding it is gone (its connection closed), without a release', async () => {
    const [one, two] = await Promise.all([open(), open()]);
    const held = await tryImportTurn(one);
    try {
      expect(held).not.toBeNull();
      expect(await tryImportTurn(two)).toBeNull();
      // A process that dies mid-import: PostgreSQL sees its connection close, as when this one is ended.
      await two.orm.execute(
        "SELECT pg_terminate_backend(pid) FROM pg_locks WHERE locktype = 'advisory' AND objid = 7305038 AND granted",
      );
      let theirs = null;
      await expect.poll(async () => (theirs = await tryImportTurn(two))).not.toBeNull();
      await theirs!.release();
    } finally {
      await held?.release(); // the lost connection is only dropped from the pool
      await Promise.all([one.close(), two.close()]);
    }
  });
});
