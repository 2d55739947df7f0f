// Server-test global setup: a PostgreSQL to test against (TEST_DATABASE_URL, or a throwaway
// cluster started here) and a migrated PGlite "golden" folder that each test copies instead of
// paying for a fresh PGlite initdb (several seconds) every time.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../server/db/index.ts';
import { startTestPostgres, type TestPostgres } from '../../scripts/postgres-for-tests.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    testPostgresUrl: string;
    pgliteTemplateDir: string;
  }
}

export default async function setup(project: TestProject) {
  const external = process.env['TEST_DATABASE_URL'];
  let cluster: TestPostgres | undefined;
  const started = Promise.resolve(external ? undefined : startTestPostgres()).then((c) => (cluster = c));

  const root = mkdtempSync(join(tmpdir(), 'recipe-book-pglite-template-'));
  const templateDir = join(root, 'data');
  try {
    const template = await openDatabase({ dataDir: templateDir });
    await template.close();
    await started;
  } catch (error) {
    // Never leave a PostgreSQL running behind a failed setup.
    await started.catch(() => undefined);
    cluster?.stop();
    rmSync(root, { recursive: true, force: true });
    throw error;
  }
  project.provide('testPostgresUrl', external ?? cluster!.url);
  project.provide('pgliteTemplateDir', templateDir);

  return () => {
    cluster?.stop();
    rmSync(root, { recursive: true, force: true });
  };
}
