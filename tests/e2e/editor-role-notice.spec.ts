import type { Page } from '@playwright/test';
import { EDITOR, PROVIDER_TIMEOUT, VISITOR } from './support/auth.ts';
import { expect, expectAccessible, test } from './support/fixtures.ts';
import { uniqueName } from './support/recipes.ts';

// Issue 39, point 3: a signed-in user without the editor role is told at the top of 'Nytt recept' and of the edit
// page that saving needs the role, with a link to the profile, before filling anything in. The form stays, and so
// does the specification's 403 message when they save anyway. An editor sees no notice; a signed-out visitor is
// still sent to sign in.

const SIZES = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 800 },
] as const;

const NOTICE = /kräver rollen editor/;
const MESSAGE_403 = 'You lack the privileges required to perform this action';

const notice = (page: Page) => page.getByRole('note').filter({ hasText: NOTICE });

/** The notice is on screen when the page opens, above the form, and links to the profile. */
async function expectNoticeAtTop(page: Page) {
  await expect(notice(page)).toBeVisible();
  await expect(notice(page)).toBeInViewport();
  await expect(notice(page).getByRole('link', { name: 'din profil' })).toHaveAttribute('href', '/profile');
  const noticeBox = await notice(page).boundingBox();
  const nameBox = await page.getByLabel('Namn').boundingBox();
  expect(noticeBox && nameBox && noticeBox.y + noticeBox.height <= nameBox.y).toBe(true);
}

for (const size of SIZES) {
  test.describe(`${size.name} (${size.width} px)`, () => {
    test.use({ viewport: { width: size.width, height: size.height } });

    test('besokare on Nytt recept: told first, the form and the 403 stay', async ({ page, sessions }) => {
      await sessions.open(page, VISITOR, '/new-recipe');
      await expect(page.getByRole('heading', { name: 'Nytt recept' })).toBeVisible();
      await expectNoticeAtTop(page);
      await expect(notice(page)).toHaveText(
        'Att spara recept kräver rollen editor, som ditt konto inte har. Du kan fylla i formuläret, men det går inte att spara. Dina behörigheter står på din profil.',
      );
      await expectAccessible(page);

      await page.getByLabel('Namn').fill(uniqueName('Besökarkaka'));
      await page.getByRole('button', { name: 'Spara nytt recept' }).click();
      await expect(page.getByText(MESSAGE_403)).toBeVisible();
      await expect(notice(page)).toBeVisible();

      // The link leaves a form with changes in it: the page asks first, as it does for any link.
      page.once('dialog', (d) => void d.accept());
      await notice(page).getByRole('link', { name: 'din profil' }).click();
      await expect(page).toHaveURL(/\/profile$/);
      await expect(page.getByRole('row', { name: 'Skapa och redigera Nej' })).toBeVisible();
    });

    test('besokare on the edit page: told first, the form stays', async ({ page, recipes, sessions }) => {
      const recipe = await recipes.create({ name: uniqueName('Besökarpaj') });
      await sessions.open(page, VISITOR, `/${recipe.id}/edit`);
      await expect(page.getByLabel('Namn')).toHaveValue(recipe.name);
      await expectNoticeAtTop(page);
      await expect(notice(page)).toHaveText(
        'Att spara eller ta bort recept kräver rollen editor, som ditt konto inte har. Du kan ändra i formuläret, men det går inte att spara. Dina behörigheter står på din profil.',
      );
      await expect(page.getByRole('button', { name: 'Spara', exact: true })).toBeVisible();
      await expectAccessible(page);
    });
  });
}

test('an editor sees no notice on either page', async ({ page, recipes, sessions }) => {
  const recipe = await recipes.create({ name: uniqueName('Redaktörspaj') });
  await sessions.open(page, EDITOR, '/new-recipe');
  await expect(page.getByLabel('Namn')).toBeVisible();
  await expect(page.getByText(NOTICE)).toHaveCount(0);
  await sessions.open(page, EDITOR, `/${recipe.id}/edit`);
  await expect(page.getByLabel('Namn')).toHaveValue(recipe.name);
  await expect(page.getByText(NOTICE)).toHaveCount(0);
});

test('signed out: still sent to sign in, as before', async ({ page }) => {
  await page.goto('/new-recipe');
  await expect(page.locator('#username')).toBeVisible({ timeout: PROVIDER_TIMEOUT });
  await expect(page.getByText(NOTICE)).toHaveCount(0);
});
