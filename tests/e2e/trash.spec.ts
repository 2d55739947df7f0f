import { EDITOR, VISITOR } from './support/auth.ts';
import { expect, expectAccessible, test } from './support/fixtures.ts';
import { uniqueName } from './support/recipes.ts';

// 'Papperskorg' (/trash, issue 41) against the real server: an editor reaches it from the menu, sees what was deleted
// by whom, restores one (it is back at its address) and erases another for good after a confirmation; a visitor has
// no such menu item and is refused the page. axe checks each state.

test('an editor restores a deleted recipe and erases another for good', async ({ page, recipes, sessions }) => {
  test.slow(); // two recipes through the trash, and axe on the list and on the dialog
  const kept = await recipes.create({ name: uniqueName('Återställs') });
  const gone = await recipes.create({ name: uniqueName('Raderas') });
  await recipes.trash(kept.id);
  await recipes.trash(gone.id);

  await sessions.open(page, EDITOR, '/');
  await page.getByRole('button', { name: EDITOR.username }).click();
  await page.getByRole('menuitem', { name: 'Papperskorg' }).click();
  await expect(page).toHaveURL(/\/trash$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Papperskorg' })).toBeVisible();
  const card = (name: string) => page.getByRole('listitem').filter({ has: page.getByRole('heading', { name }) });
  await expect(card(kept.name)).toContainText(`av ${EDITOR.username}`);
  await expect(card(kept.name)).toContainText('Raderas för gott');
  await expectAccessible(page);

  await card(gone.name)
    .getByRole('button', { name: `Radera permanent: ${gone.name}` })
    .click();
  const dialog = page.getByRole('alertdialog', { name: 'Radera permanent' });
  await expect(dialog).toContainText('Det går inte att ångra.');
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Radera permanent' }).click();
  await expect(page.getByRole('status').filter({ hasText: `${gone.name} är raderat för gott.` })).toBeVisible();
  await expect(card(gone.name)).toHaveCount(0);

  await card(kept.name)
    .getByRole('button', { name: `Återställ ${kept.name}` })
    .click();
  const status = page.getByRole('status').filter({ hasText: `${kept.name} är återställt.` });
  await expect(status).toBeVisible();
  await expect(card(kept.name)).toHaveCount(0);

  await status.getByRole('link', { name: 'Öppna receptet' }).click();
  await page.waitForURL(`/${kept.id}`);
  await expect(page.getByRole('heading', { level: 1, name: kept.name })).toBeVisible();
  // The erased one is gone for good.
  expect((await page.request.get(`/${gone.id}`)).status()).toBe(404);
});

test('a visitor has no trash: no menu item, and the page says why', async ({ page, sessions }) => {
  await sessions.open(page, VISITOR, '/');
  await page.getByRole('button', { name: VISITOR.username }).click();
  await expect(page.getByRole('menuitem', { name: 'Profil' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Papperskorg' })).toHaveCount(0);
  await page.goto('/trash');
  await expect(page.getByRole('alert')).toBeVisible();
  await expectAccessible(page);
});
