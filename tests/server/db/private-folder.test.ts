import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../../server/db/index.ts';
import { loadOrCreateKeys } from '../../../server/idp/protocol/keys.ts';

// Data at rest: another local user must not be able to read the database, password hashes or signing keys.
const parent = mkdtempSync(join(tmpdir(), 'private-folder-'));
afterAll(() => rmSync(parent, { recursive: true, force: true }));

function readableByOthers(dir: string): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    const path = join(entry.parentPath, entry.name);
    if (statSync(path).mode & 0o077) found.push(path);
  }
  return found;
}

describe('DATA_DIR', () => {
  it('is created 0700 with nothing in it open to group or others, an older open folder included', async () => {
    const previous = process.umask(0o022);
    try {
      const fresh = join(parent, 'fresh');
      const old = join(parent, 'old');
      mkdirSync(old, { mode: 0o755 });
      for (const dir of [fresh, old]) {
        const db = await openDatabase({ dataDir: dir });
        await loadOrCreateKeys(dir);
        await db.close();
        expect(statSync(dir).mode & 0o777, dir).toBe(0o700);
        expect(readableByOthers(dir), dir).toEqual([]);
      }
    } finally {
      process.umask(previous);
    }
  });
});
