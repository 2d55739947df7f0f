// Which stored photo files no photo lists any more (the photo store removes those), asked for many files in one
// statement, on both databases.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertUpload, unreferencedFiles } from '../../../server/db/repositories/photo-repository.ts';
import type { Database } from '../../../server/db/index.ts';
import { closeTestDatabase, createTestDatabase, DATABASE_KINDS } from '../../support/database.ts';

const name = (n: number) => `${n.toString(16).padStart(64, '0')}.jpg`;
const upload = (id: string, files: number[]) => ({
  id,
  width: 10,
  height: 10,
  placeholder: 'p',
  uploadedBy: 'anna',
  files: files.map((n) => ({ use: 'jpeg' as const, format: 'jpeg' as const, width: 10, height: 10, file: name(n) })),
});

describe.each(DATABASE_KINDS)('unreferencedFiles (%s)', (kind) => {
  let db: Database;
  beforeAll(async () => {
    db = await createTestDatabase(kind);
    await insertUpload(db.orm, upload('AAAAAAAAAAAAAAAAAAAAAA', [1, 2]));
    await insertUpload(db.orm, upload('BBBBBBBBBBBBBBBBBBBBBB', [2, 3]));
  });
  afterAll(() => closeTestDatabase(db));

  it('answers the files no photo lists, each once, in the order asked', async () => {
    expect(await unreferencedFiles(db.orm, [name(9), name(1), name(3), name(8), name(9), name(2)])).toEqual([
      name(9),
      name(8),
    ]);
    expect(await unreferencedFiles(db.orm, [name(1), name(2), name(3)])).toEqual([]);
    expect(await unreferencedFiles(db.orm, [])).toEqual([]);
    // Names are data, not part of the statement.
    expect(await unreferencedFiles(db.orm, [`x"}]'; DROP TABLE photos; --`])).toEqual([`x"}]'; DROP TABLE photos; --`]);
  });

  it('asks for many files in one go', async () => {
    const many = Array.from({ length: 5000 }, (_, i) => name(i + 10));
    expect(await unreferencedFiles(db.orm, [name(2), ...many])).toEqual(many);
  });
});
