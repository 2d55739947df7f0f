// A new PGlite data folder starts from a copy of a new cluster (server/db/pglite.ts, decision 041). A first start
// stopped while the copy was being unpacked must not leave a folder that never opens again.
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openPglite } from '../../../server/db/pglite.ts';

const folders: string[] = [];
afterAll(() => folders.forEach((f) => rmSync(f, { recursive: true, force: true })));
const newFolder = () => {
  const folder = mkdtempSync(join(tmpdir(), 'recipe-book-template-'));
  folders.push(folder);
  return folder;
};

describe('a new data folder from the cluster template', () => {
  it('opens, and opens again as an existing cluster', async () => {
    const folder = newFolder();
    const db = await openPglite(folder);
    await db.close();
    expect(readdirSync(folder)).toContain('PG_VERSION');
    const again = await openPglite(folder);
    await again.close();
  });

  it('is unpacked again when a first start stopped halfway (files there, no PG_VERSION yet)', async () => {
    const folder = newFolder();
    // What an interrupted unpack leaves: some of the cluster's files, PG_VERSION (written last) missing.
    writeFileSync(join(folder, 'postgresql.conf'), '# cut short\n');
    const db = await openPglite(folder);
    await db.close();
    expect(readdirSync(folder)).toContain('PG_VERSION');
  });
});
