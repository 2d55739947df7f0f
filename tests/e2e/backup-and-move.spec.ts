import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { freePort } from '../../scripts/free-ports.ts';
import { startTestPostgres, type TestPostgres } from '../../scripts/postgres-for-tests.ts';
import { npmRunThroughNpm as npmRun } from '../support/npm-cli.ts';
import { cameraJpeg } from '../server/photos/photo-fixtures.ts';
import { editorToken, killGroup, startNpm, type Started } from '../server/lifecycle/support.ts';

// The README's moves, seen in the browser (issue 13): the embedded default's book is backed up while it
// runs (`npm run db:backup`), exported (`db:export`), imported into PostgreSQL (`DATABASE_URL`, `db:import`)
// and restored into a new folder (`db:restore`); each copy, started with `npm start`, shows the same list
// in the same order and the same recipe page, with what an editor wrote and its photo (the same file, loaded).
test.describe.configure({ mode: 'serial', timeout: 240_000 });

const work = mkdtempSync(join(tmpdir(), 'recipe-move-e2e-'));
const running: Started[] = [];
let postgres: TestPostgres | undefined;

test.afterAll(async () => {
  for (const server of running) {
    process.kill(-server.pid, 'SIGTERM');
    await Promise.race([server.exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
    killGroup(server.pid);
  }
  postgres?.stop();
  rmSync(work, { recursive: true, force: true });
});

async function start(dataDir: string, extra: Record<string, string> = {}): Promise<Started> {
  const server = await startNpm(await freePort(), dataDir, { SERVE_SITE: 'true', ...extra });
  running.push(server);
  return server;
}

async function stop(server: Started): Promise<void> {
  process.kill(-server.pid, 'SIGTERM');
  expect((await server.exited).code).toBe(0);
  running.splice(running.indexOf(server), 1);
}

/** The names the list screen shows, scrolled to its end (the list loads a page at a time). */
async function listedNames(page: Page, baseUrl: string): Promise<string[]> {
  await page.goto(`${baseUrl}/`);
  const links = page.getByRole('list', { name: 'Recept' }).getByRole('link');
  await expect(links.first()).toBeVisible();
  for (let count = -1; count !== (await links.count());) {
    count = await links.count();
    await links.last().scrollIntoViewIfNeeded();
    await page.waitForTimeout(300);
  }
  return links.allInnerTexts();
}

/** The recipe page as a reader sees it: the name, the servings, the ingredient lines and the main photo as loaded. */
async function recipePage(page: Page, baseUrl: string, id: number): Promise<string[]> {
  await page.goto(`${baseUrl}/${id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Flyttkaka');
  // The island's card, not the server's first screen (which it replaces): a photo measured mid-swap has no box.
  await expect(page.locator('#recipe-first-screen')).toHaveCount(0);
  await expect(page.getByRole('combobox', { name: 'Portioner' })).toBeVisible();
  const photo = page.getByRole('img', { name: 'Kakan på fatet' });
  await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  const loaded = await photo.evaluate((img: HTMLImageElement) => new URL(img.currentSrc).pathname.split('/').pop());
  return [
    `photo ${loaded}`,
    await page.getByRole('heading', { level: 1 }).innerText(),
    await page.getByRole('combobox', { name: 'Portioner' }).inputValue(),
    ...(await page
      .getByRole('region', { name: 'Ingredienser' })
      .getByRole('listitem')
      .evaluateAll((items) =>
        items.map((li) =>
          [...li.querySelectorAll('.amount, .ingredient-name')]
            .map((s) => s.textContent)
            .join(' ')
            .trim(),
        ),
      )),
  ];
}

test('a backed-up, exported, imported and restored book reads the same in the browser', async ({ page }) => {
  const source = join(work, 'source');
  const backup = join(work, 'backup.tar.gz');
  const exported = join(work, 'book.json');

  // The embedded default, with the demo recipes and one an editor writes now.
  const embedded = await start(source);
  const token = await editorToken(embedded.baseUrl);
  const uploaded = await fetch(`${embedded.baseUrl}/api/photos`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'image/jpeg' },
    body: new Uint8Array(await cameraJpeg()),
  });
  expect(uploaded.status).toBe(201);
  const photo = (await uploaded.json()) as { id: string };
  const written = await fetch(`${embedded.baseUrl}/api/recipes`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      name: 'Flyttkaka',
      photos: [{ id: photo.id, alt: 'Kakan på fatet' }],
      servings: 6,
      instructions: 'Blanda.\nGrädda i 200 °C.',
      ingredients: [
        { name: 'vetemjöl', quantity: { value: 3.5, unit: 'DECILITER' } },
        { name: 'ägg', quantity: { value: 2, unit: 'PIECES' } },
        { name: 'salt' },
      ],
    }),
  });
  expect(written.status).toBe(201);
  const { id } = (await written.json()) as { id: number };
  const names = await listedNames(page, embedded.baseUrl);
  expect(names).toContain('Flyttkaka');
  expect(names.length).toBeGreaterThan(10);
  const shown = await recipePage(page, embedded.baseUrl, id);
  expect(shown).toEqual([
    expect.stringMatching(/^photo [0-9a-f]{64}\.avif$/),
    'Flyttkaka',
    '6',
    '3 ½ dl vetemjöl',
    '2 ägg',
    'salt',
  ]);

  // A backup of the running product, then the export once it has stopped.
  const backedUp = await npmRun('db:backup', [backup], { DATA_DIR: source });
  expect(backedUp.code, backedUp.stderr).toBe(0);
  await stop(embedded);
  const exportRun = await npmRun('db:export', [exported], { DATA_DIR: source });
  expect(exportRun.code, exportRun.stderr).toBe(0);

  // Export, set DATABASE_URL, import: the book on PostgreSQL.
  postgres = await startTestPostgres();
  const importRun = await npmRun('db:import', [exported], { DATABASE_URL: postgres.url });
  expect(importRun.code, importRun.stderr).toBe(0);
  const onPostgres = await start(join(work, 'unused'), { DATABASE_URL: postgres.url });
  expect(await listedNames(page, onPostgres.baseUrl)).toEqual(names);
  expect(await recipePage(page, onPostgres.baseUrl, id)).toEqual(shown);
  await stop(onPostgres);

  // The backup restored into a new folder.
  const restoredDir = join(work, 'restored');
  const restoreRun = await npmRun('db:restore', [backup], { DATA_DIR: restoredDir });
  expect(restoreRun.code, restoreRun.stderr).toBe(0);
  const restored = await start(restoredDir);
  expect(await listedNames(page, restored.baseUrl)).toEqual(names);
  expect(await recipePage(page, restored.baseUrl, id)).toEqual(shown);
});
