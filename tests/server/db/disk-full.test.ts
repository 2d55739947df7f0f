import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../server/app.ts';
import { openDatabase, type Database } from '../../../server/db/index.ts';
import { testConfig } from '../../support/api-app.ts';
import { createTestKeys, editorToken } from '../../support/tokens.ts';
import { bearer, recipeBody } from '../../support/recipes.ts';

// PGlite cannot go away on its own, but its folder can fill up. On a small tmpfs (mounting needs root, as
// the suite runs in CI): a write then answers 503 and the log says why, reads keep working, and writes
// work again as soon as there is space, without a restart.
const mountPoint = mkdtempSync(join(tmpdir(), 'recipe-book-full-'));
let mounted = false;
try {
  execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=64m', 'tmpfs', mountPoint], { stdio: 'pipe' });
  mounted = true;
} catch (error) {
  console.warn(`disk-full test skipped: cannot mount a tmpfs here (${String(error).split('\n')[0]})`);
}

let db: Database;
let app: FastifyInstance;
let token: string;
const logLines: string[] = [];

beforeAll(async () => {
  if (!mounted) return;
  const dataDir = join(mountPoint, 'data');
  mkdirSync(dataDir);
  db = await openDatabase({ dataDir });
  const keys = await createTestKeys();
  token = await editorToken(keys);
  const config = testConfig();
  const stream = new Writable({ write: (chunk, _enc, done) => (logLines.push(String(chunk)), done()) });
  app = await buildApp(config, { db, logger: { level: 'info', stream }, jwks: keys.jwks });
}, 120_000);

afterAll(async () => {
  await app?.close();
  await db?.close();
  if (mounted) execFileSync('umount', [mountPoint]);
  rmSync(mountPoint, { recursive: true, force: true });
});

const post = (name: string) =>
  app.inject({
    method: 'POST',
    url: '/api/recipes',
    headers: bearer(token),
    payload: recipeBody({
      name,
      instructions: 'x'.repeat(8000),
      ingredients: Array.from({ length: 60 }, (_, i) => ({ name: `Ingrediens ${i}` })),
    }),
  });

describe.skipIf(!mounted)('PGlite with a full disk', () => {
  it('a write answers 503 with a clear log line, reads keep working, and writes recover when space returns', async () => {
    const before = await post('Före');
    expect(before.statusCode).toBe(201);
    const filler = join(mountPoint, 'filler');
    try {
      execFileSync('dd', ['if=/dev/zero', `of=${filler}`, 'bs=1M', 'count=200'], { stdio: 'pipe' });
    } catch {
      // dd stops with "No space left on device": that is the point.
    }
    // Pages with room left take a few more rows; the first write that needs a new page is refused.
    let refused = await post('Under full disk');
    for (let i = 0; i < 100 && refused.statusCode === 201; i++) refused = await post('Under full disk');
    expect(refused.statusCode).toBe(503);
    expect(refused.headers['retry-after']).toBe('5');
    const outage = logLines.filter((line) => line.includes('database unreachable'));
    expect(outage).toHaveLength(1);
    expect(JSON.parse(outage[0]!).reason).toMatch(/^53100: could not extend file .*No space left on device$/);
    for (let i = 0; i < 3; i++) {
      expect((await app.inject({ method: 'GET', url: `/api/recipes/${before.json().id}` })).statusCode).toBe(200);
      expect((await app.inject({ method: 'GET', url: '/api/recipes?search=F' })).statusCode).toBe(200);
      expect((await post('Fortfarande full')).statusCode).toBe(503);
    }
    // One line for the whole outage, not one per request (reads succeeding meanwhile do not end it).
    expect(logLines.filter((line) => line.includes('database unreachable'))).toHaveLength(1);

    rmSync(filler);
    const after = await post('Efter');
    expect(after.statusCode).toBe(201);
    expect(logLines.join('')).toMatch(/database reachable again/);
    const names = (
      (await app.inject({ method: 'GET', url: '/api/recipes?search=Efter' })).json() as { name: string }[]
    ).map((r) => r.name);
    expect(names).toEqual(['Efter']);
    writeFileSync(join(mountPoint, 'ok'), '');
  }, 120_000);
});
