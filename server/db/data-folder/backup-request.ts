// The asking side of server/db/data-folder/backup.ts: `npm run db:backup` on a data folder that a running server holds
// puts a request into the folder and waits for the server's answer.
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { REQUEST_SUFFIX, REQUESTS_FOLDER, RESULT_SUFFIX, type BackupResult } from './backup.ts';

export class NoAnswerError extends Error {}

/** Asks the server holding `dataDir` to write its backup to `file` (absolute); resolves with its answer. */
export async function requestBackup(
  dataDir: string,
  file: string,
  pid: number,
  timeoutMs = 120_000,
): Promise<BackupResult> {
  const folder = join(dataDir, REQUESTS_FOLDER);
  if (!existsSync(folder)) {
    throw new NoAnswerError(
      `The server holding ${dataDir} (pid ${pid}) does not take backup requests: it runs a version without them. Stop it and run this again, or update and restart it.`,
    );
  }
  const id = randomBytes(8).toString('hex');
  const request = join(folder, `${id}${REQUEST_SUFFIX}`);
  const result = join(folder, `${id}${RESULT_SUFFIX}`);
  // Renamed into place, so the server never reads half a request.
  await writeFile(`${request}.tmp`, JSON.stringify({ file }), { mode: 0o600 });
  await rename(`${request}.tmp`, request);
  const deadline = Date.now() + timeoutMs;
  try {
    while (Date.now() < deadline) {
      if (existsSync(result)) return JSON.parse(await readFile(result, 'utf8')) as BackupResult;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new NoAnswerError(
      `The server holding ${dataDir} (pid ${pid}) did not answer within ${timeoutMs / 1000} s; is it stuck, or an older version without backups?`,
    );
  } finally {
    await rm(request, { force: true });
    await rm(result, { force: true });
  }
}
