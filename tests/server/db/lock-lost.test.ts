// Once another server has taken the data folder over (this one was frozen past the heartbeat, decision 060), the
// holder runs no query on it again: requests answer 503 with a Swedish sentence in the API's error shape.
import { renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LOCK_FILE, whenDataDirLost, type DataDirLostError } from '../../../server/db/data-folder/data-dir-lock.ts';
import { openDatabase } from '../../../server/db/index.ts';
import { buildApiApp, testConfig } from '../../support/api-app.ts';
import { freshPgliteDir } from '../../support/database.ts';
import { bearer, recipeBody } from '../../support/recipes.ts';
import { createTestKeys, signToken } from '../../support/tokens.ts';

describe('a data folder taken over by another server', () => {
  it('is noticed by the next beat; from then on reads and writes answer 503 in Swedish', async () => {
    const folder = freshPgliteDir();
    const db = await openDatabase({ dataDir: folder.dir });
    const keys = await createTestKeys();
    // A loaded test machine may take longer than the default 1.5 s for the first write: not what is tested.
    const app = await buildApiApp(testConfig({ DB_REQUEST_TIMEOUT_MS: '60000' }), db, keys);
    try {
      const headers = bearer(await signToken(keys, { realmRoles: ['editor'] }));
      const post = () => app.inject({ method: 'POST', url: '/api/recipes', headers, payload: recipeBody() });
      const first = await post();
      expect(first.statusCode, first.body).toBe(201);

      const lost = new Promise<DataDirLostError>((resolve) => {
        const stop = whenDataDirLost((error) => {
          stop();
          resolve(error);
        });
      });
      // What a takeover leaves: the holder's lock renamed aside, the taker's in its place.
      const lock = join(folder.dir, LOCK_FILE);
      writeFileSync(`${lock}.taker`, '4242\ntoken 00000000\n');
      renameSync(`${lock}.taker`, lock);
      expect((await lost).message).toContain('was taken over by another process (pid 4242)');

      for (const response of [await post(), await app.inject({ method: 'GET', url: '/api/recipes/1' })]) {
        expect(response.statusCode).toBe(503);
        expect(response.headers['retry-after']).toBe('5');
        expect(response.json()).toEqual({
          status: 503,
          error: 'Service Unavailable',
          message: expect.stringMatching(/^Databasen har tagits över av en annan server/),
        });
      }
    } finally {
      await app.close();
      // Closes nothing in the folder (closing PGlite would write a checkpoint there) and leaves the taker's lock.
      await db.close();
      folder.remove();
    }
  });
});
