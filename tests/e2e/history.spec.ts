import { EDITOR, VISITOR } from './support/auth.ts';
import { expect, expectAccessible, test } from './support/fixtures.ts';
import { uniqueName } from './support/recipes.ts';

// 'Historik' on the edit page (issue 41) against the real server: an editor lists a recipe's saved versions, opens an
// older one read-only with what has changed since (as a cook reads it), and restores it, which saves it as the
// newest version; a visitor has no history. axe checks the list and the version.

test('an editor sees what changed since an older version and restores it', async ({ page, recipes, sessions }) => {
  test.slow(); // three saves, two dialogs with axe, a restore and the recipe page
  const first = await recipes.create({
    name: uniqueName('Mormors bullar'),
    servings: 4,
    instructions: 'Knåda degen.',
    ingredients: [
      { name: 'Vetemjöl', quantity: { value: 5, unit: 'DECILITER' } },
      { name: 'Kardemumma', quantity: { value: 1, unit: 'TEASPOON' } },
    ],
  });
  const second = await recipes.update(first, {
    name: first.name,
    servings: 4,
    instructions: 'Knåda degen.',
    ingredients: [{ name: 'Vetemjöl', quantity: { value: 6, unit: 'DECILITER' } }],
  });
  await recipes.update(second, {
    name: `${first.name} (ny)`,
    servings: 6,
    instructions: 'Knåda degen länge.',
    ingredients: [
      { name: 'Vetemjöl', quantity: { value: 6, unit: 'DECILITER' } },
      { name: 'Kanel', quantity: { value: 2, unit: 'TEASPOON' } },
    ],
  });

  await sessions.open(page, EDITOR, `/${first.id}/edit`);
  await page.getByRole('button', { name: 'Historik' }).click();
  const dialog = page.getByRole('dialog', { name: 'Historik' });
  const rows = dialog.getByRole('listitem');
  await expect(rows).toHaveCount(3);
  await expect(rows.first()).toContainText('Version 3 (nuvarande)');
  await expect(rows.nth(2)).toContainText(`Version 1`);
  await expect(rows.nth(2)).toContainText(`av ${EDITOR.username}`);
  await expectAccessible(page);

  await dialog.getByRole('button', { name: 'Visa version 1' }).click();
  const version = page.getByRole('dialog', { name: 'Version 1' });
  const changes = version.getByRole('region', { name: 'Ändrat sedan den här versionen' });
  await expect(changes).toContainText(`Namn: ${first.name} → ${first.name} (ny)`);
  await expect(changes).toContainText('Portioner: 4 → 6');
  await expect(changes).toContainText('Instruktioner: Knåda degen. → Knåda degen länge.');
  await expect(changes).toContainText('Ändrad ingrediens: 5 dl Vetemjöl → 6 dl Vetemjöl');
  await expect(changes).toContainText('Borttagen ingrediens: 1 tsk Kardemumma');
  await expect(changes).toContainText('Ny ingrediens: 2 tsk Kanel');
  const content = version.getByRole('region', { name: 'Så här såg receptet ut' });
  await expect(content).toContainText(first.name);
  await expect(content.getByRole('listitem')).toHaveText(['5 dl Vetemjöl', '1 tsk Kardemumma']);
  await expectAccessible(page);

  await version.getByRole('button', { name: 'Återställ den här versionen' }).click();
  await page.waitForURL(`/${first.id}`);
  await expect(
    page.getByRole('status').filter({ hasText: 'Versionen är återställd och sparad som receptets nyaste.' }),
  ).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: first.name, exact: true })).toBeVisible();
  await expect(page.getByText('Kardemumma')).toBeVisible();

  // The restore is itself a version: four now, the newest the same content as the first.
  await page.goto(`/${first.id}/edit`);
  await page.getByRole('button', { name: 'Historik' }).click();
  await expect(page.getByRole('dialog', { name: 'Historik' }).getByRole('listitem')).toHaveCount(4);
  await expect(page.getByRole('dialog', { name: 'Historik' }).getByRole('listitem').first()).toContainText(
    'Version 4 (nuvarande)',
  );
});

test('a visitor has no history on the edit page', async ({ page, recipes, sessions }) => {
  const recipe = await recipes.create({ name: uniqueName('Utan historik') });
  await sessions.open(page, VISITOR, `/${recipe.id}/edit`);
  await expect(page.getByRole('note')).toBeVisible(); // the role notice: saving needs the editor role
  await expect(page.getByRole('button', { name: 'Historik' })).toHaveCount(0);
});
