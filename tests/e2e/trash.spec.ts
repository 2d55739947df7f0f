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

// Issue 54 item 8: the trash is no screen of the specification, so a visitor is told in Swedish that it is for
// editors, with a link to the profile and nothing to retry; a session that ended is offered 'Logga in'.
for (const size of [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 800 },
]) {
  test(`a visitor has no trash: no menu item, and the page says in Swedish why (${size.name})`, async ({
    page,
    sessions,
  }) => {
    test.slow(); // a sign-in and axe
    await page.setViewportSize({ width: size.width, height: size.height });
    await sessions.open(page, VISITOR, '/');
    await page.getByRole('button', { name: VISITOR.username }).click();
    await expect(page.getByRole('menuitem', { name: 'Profil' })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: 'Papperskorg' })).toHaveCount(0);
    await page.goto('/trash');
    await expect(page.getByText('Papperskorgen är bara för redaktörer.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'din profil' })).toHaveAttribute('href', '/profile');
    await expect(page.getByText('You lack the privileges')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Försök igen' })).toHaveCount(0);
    await expectAccessible(page);
  });

  test(`a session that ended on the way is offered 'Logga in', not 'Försök igen' (${size.name})`, async ({
    page,
    sessions,
  }) => {
    test.slow(); // a sign-in and axe
    await page.setViewportSize({ width: size.width, height: size.height });
    await page.route(/\/api\/trash$/, (route) =>
      route.fulfill({ status: 401, contentType: 'application/json', body: '{"message":"Unauthorized"}' }),
    );
    await sessions.open(page, EDITOR, '/trash');
    await expect(page.getByText('Du är inte inloggad.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Logga in' }).last()).toBeVisible();
    await expect(page.getByRole('button', { name: 'Försök igen' })).toHaveCount(0);
    await expectAccessible(page);
  });
}
