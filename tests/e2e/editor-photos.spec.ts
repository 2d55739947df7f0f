import type { Page } from '@playwright/test';
import { EDITOR } from './support/auth.ts';
import { expect, expectAccessible, test } from './support/fixtures.ts';
import { cameraPicture, dropFiles, pasteFiles, smallPicture, textAsJpeg } from './support/photo-files.ts';
import { uniqueName } from './support/recipes.ts';
import { keyboardDragReady } from './support/keyboard-drag.ts';

// Issue 23, the editor's part: photos offered three ways (file chooser, paste, drop), uploaded to the real API
// with progress, reordered by keyboard, described ('Bildtext'), saved with the recipe and read back in order.
// A refused file says why in Swedish and the form keeps what was typed.

const NOT_A_PICTURE = 'Filen är ingen bild som kan användas (JPEG, PNG, WebP eller AVIF).';

const removeButtons = (page: Page) => page.getByRole('button', { name: /^Ta bort bild/ });

/** The previews' addresses in list order: each names its file's content, so it tells the photos apart. */
function previews(page: Page): Promise<string[]> {
  return page.locator('.editor-photo img').evaluateAll((imgs) => imgs.map((i) => i.getAttribute('src') ?? ''));
}

/** The 'Bildtext' fields' values in list order. */
function altTexts(page: Page): Promise<string[]> {
  return page.getByLabel(/^Bildtext/).evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value));
}

test('photos: chosen, pasted and dropped, reordered by keyboard, described, saved and read back', async ({
  page,
  recipes,
  sessions,
}) => {
  test.slow(); // three uploads through the photo workers, two axe runs, a save and a reload
  const recipe = await recipes.create({ name: uniqueName('Kanelbullar') });
  const dialogs: string[] = [];
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  await sessions.open(page, EDITOR, `/${recipe.id}/edit`);
  await expect(page.getByLabel('Namn')).toHaveValue(recipe.name);
  await expect(page.getByRole('heading', { name: 'Bilder' })).toBeVisible();

  // 1. The file chooser ('Välj bilder' opens it; a phone would offer the camera there too).
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Välj bilder' }).click();
  const fileChooser = await chooser;
  expect(fileChooser.isMultiple()).toBe(true);
  await expect(page.locator('input[type="file"]')).toHaveAttribute('accept', 'image/*');
  await fileChooser.setFiles(await cameraPicture('kamera.jpg'));
  await expect(removeButtons(page)).toHaveCount(1);
  await expect(page.getByText('Huvudbild', { exact: true })).toBeVisible();

  // 2. Pasted into the form while a field has focus.
  await pasteFiles(page.getByLabel('Instruktioner'), [await smallPicture('urklipp.jpg')]);
  await expect(removeButtons(page)).toHaveCount(2);
  await expect(page.getByLabel('Instruktioner')).toHaveValue(''); // the picture did not go into the text

  // 3. Dropped on the drop zone, which says so while the files hover.
  const zone = page.locator('.editor-photo-drop');
  await dropFiles(zone, [await smallPicture('släppt.jpg')], async () => {
    await expect(zone).toContainText('Släpp bilderna här');
  });
  await expect(removeButtons(page)).toHaveCount(3);
  await expect(zone).toContainText('Dra bilder hit eller');
  await expect(page.getByRole('progressbar')).toHaveCount(0);
  const [chosen, pasted, dropped] = await previews(page);
  expect(new Set([chosen, pasted, dropped]).size).toBe(3);
  for (const src of [chosen, pasted, dropped]) expect(src).toMatch(/\/photos\/[0-9a-f]{64}\.(webp|avif|jpg)$/);
  await expect(page.locator('.editor-photo img').first()).toHaveJSProperty('complete', true);
  await expectAccessible(page);

  // Keyboard: the dropped photo (3) to the top, announced in Swedish.
  await page.getByRole('button', { name: 'Flytta bild 3' }).focus();
  await page.keyboard.press('Space');
  await expect(page.getByText('Lyfte Bild 3, plats 3 av 3.')).toBeAttached();
  await keyboardDragReady(page);
  await page.keyboard.press('ArrowUp');
  await expect(page.getByText('Bild 3 flyttad till plats 2 av 3.')).toBeAttached();
  await page.keyboard.press('ArrowUp');
  await expect(page.getByText('Bild 3 flyttad till plats 1 av 3.')).toBeAttached();
  await page.keyboard.press('Space');
  await expect(page.getByText('Bild 3 släppt på plats 1 av 3.')).toBeAttached();
  await expect.poll(() => previews(page)).toEqual([dropped, chosen, pasted]);

  // A text alternative for the new main photo; one too long shows the schema's message at its field.
  const mainAlt = page.getByLabel('Bildtext Bild 1');
  await mainAlt.fill('x'.repeat(201));
  await expect(page.getByText('Max 200 characters')).toBeVisible();
  await expect(mainAlt).toHaveAttribute('aria-invalid', 'true');
  await mainAlt.fill('Nybakade kanelbullar på ett galler');
  await expect(page.getByText('Max 200 characters')).toHaveCount(0);

  // Remove the pasted photo (now the third); focus stays in the list.
  await page.getByRole('button', { name: 'Ta bort bild 3' }).click();
  await expect(removeButtons(page)).toHaveCount(2);
  await expect(page.getByRole('button', { name: 'Ta bort bild 2' })).toBeFocused();
  expect(await previews(page)).toEqual([dropped, chosen]);
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Spara', exact: true }).click();
  await page.waitForURL(`/${recipe.id}`);
  expect(dialogs, 'no "unsaved changes" question after a successful save').toEqual([]);

  // Read back: the order, the texts and the main photo as saved.
  await page.goto(`/${recipe.id}/edit`);
  await expect(page.getByLabel('Namn')).toHaveValue(recipe.name);
  await expect(removeButtons(page)).toHaveCount(2);
  expect(await previews(page)).toEqual([dropped, chosen]);
  expect(await altTexts(page)).toEqual(['Nybakade kanelbullar på ett galler', '']);
  await expect(page.locator('.editor-photo').first()).toContainText('Huvudbild');
});

test('a refused file says why in Swedish and keeps the form as typed', async ({ page, sessions }) => {
  await sessions.open(page, EDITOR, '/new-recipe');
  const name = uniqueName('Fel fil');
  await page.getByLabel('Namn').fill(name);
  await page.getByLabel('Instruktioner').fill('Grädda i 225 grader.');

  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Välj bilder' }).click();
  await (await chooser).setFiles(textAsJpeg('inte-en-bild.jpg'));
  await expect(page.getByRole('alert').filter({ hasText: NOT_A_PICTURE })).toHaveText(
    `inte-en-bild.jpg: ${NOT_A_PICTURE}`,
  );
  await expect(removeButtons(page)).toHaveCount(0);
  await expect(page.getByLabel('Namn')).toHaveValue(name);
  await expect(page.getByLabel('Instruktioner')).toHaveValue('Grädda i 225 grader.');
  await expectAccessible(page);

  // A file the browser knows is no picture is refused without a round trip, and the next good one still goes up.
  await dropFiles(page.locator('.editor-photo-drop'), [
    { name: 'anteckning.txt', mimeType: 'text/plain', buffer: Buffer.from('mjöl, socker') },
    await smallPicture('bra.jpg'),
  ]);
  await expect(page.getByRole('alert').filter({ hasText: 'anteckning.txt' })).toHaveText(
    `anteckning.txt: ${NOT_A_PICTURE}`,
  );
  await expect(removeButtons(page)).toHaveCount(1);
  await expect(page.getByText('inte-en-bild.jpg')).toHaveCount(0); // the earlier offer's message is gone
  await expect(page.getByLabel('Namn')).toHaveValue(name);
});

test("'Spara' waits for uploads still running, and says so", async ({ page, recipes, sessions }) => {
  const recipe = await recipes.create({ name: uniqueName('Långsam bild') });
  // Hold the upload back (it still goes to the real API once released).
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/photos$/, async (route) => {
    await held;
    await route.continue();
  });
  const saves: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'PUT') saves.push(r.url());
  });
  await sessions.open(page, EDITOR, `/${recipe.id}/edit`);
  await expect(page.getByLabel('Namn')).toHaveValue(recipe.name);
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Välj bilder' }).click();
  await (await chooser).setFiles(await smallPicture('stor.jpg'));
  await expect(page.getByRole('progressbar', { name: 'Laddar upp stor.jpg' })).toBeVisible();

  await page.getByRole('button', { name: 'Spara', exact: true }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Vänta tills bilderna har laddats upp' })).toBeVisible();
  expect(saves).toEqual([]);

  release();
  await expect(removeButtons(page)).toHaveCount(1);
  await expect(page.getByText('Vänta tills bilderna har laddats upp')).toHaveCount(0);
  await page.getByRole('button', { name: 'Spara', exact: true }).click();
  await page.waitForURL(`/${recipe.id}`);
  expect(saves).toHaveLength(1);
});

test('at most 8 photos: the first ones offered are kept, and the rest are named in Swedish', async ({
  page,
  sessions,
}) => {
  test.slow(); // eight uploads, one at a time
  await sessions.open(page, EDITOR, '/new-recipe');
  const pictures = await Promise.all(Array.from({ length: 9 }, (_, i) => smallPicture(`bild-${i + 1}.jpg`)));
  await dropFiles(page.locator('.editor-photo-drop'), pictures);
  await expect(page.getByRole('alert')).toHaveText('Ett recept kan ha högst 8 bilder. 1 bild lades inte till.');
  await expect(page.getByText('Väntar: bild-8.jpg')).toBeVisible();
  await expect(page.getByText('bild-9.jpg')).toHaveCount(0);
  await expect(removeButtons(page)).toHaveCount(8, { timeout: 30_000 });
  await expect(page.getByText('Huvudbild', { exact: true })).toBeVisible();

  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Välj bilder' }).click();
  await (await chooser).setFiles(pictures.slice(0, 2));
  await expect(page.getByRole('alert')).toHaveText('Ett recept kan ha högst 8 bilder. 2 bilder lades inte till.');
  await expect(removeButtons(page)).toHaveCount(8);
});
