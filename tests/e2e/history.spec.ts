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
  await expect(changes).toContainText(`Namn: ${first.name} [tillagt: (ny)]`);
  await expect(changes).toContainText('Portioner: 4 → 6');
  await expect(changes).toContainText('Instruktioner: Knåda degen [tillagt: länge].');
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

// Issue 54 item 6: a changed text shows the words removed and added in place (struck through, underlined, and named
// for screen readers), not the whole text twice; the fields carry the form's labels ('Förberedelser').
for (const size of [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 800 },
]) {
  test(`changed words are shown in place, with the form's labels (${size.name})`, async ({
    page,
    recipes,
    sessions,
  }) => {
    test.slow(); // two saves, a sign-in and axe
    await page.setViewportSize({ width: size.width, height: size.height });
    const first = await recipes.create({
      name: uniqueName('Kanelbullar'),
      servings: 4,
      prepTime: 20,
      instructions: 'Värm mjölken.\nKnåda degen.',
      ingredients: [{ name: 'Vetemjöl', quantity: { value: 5, unit: 'DECILITER' } }],
    });
    await recipes.update(first, {
      name: first.name,
      servings: 4,
      prepTime: 30,
      instructions: 'Värm mjölken till 37 grader.\nKnåda bulldegen länge.',
      ingredients: [{ name: 'Vetemjöl', quantity: { value: 5, unit: 'DECILITER' } }],
    });

    await sessions.open(page, EDITOR, `/${first.id}/edit`);
    await page.getByRole('button', { name: 'Historik' }).click();
    await page.getByRole('dialog', { name: 'Historik' }).getByRole('button', { name: 'Visa version 1' }).click();
    const changes = page
      .getByRole('dialog', { name: 'Version 1' })
      .getByRole('region', { name: 'Ändrat sedan den här versionen' });
    await expect(changes).toContainText('Förberedelser: 20 min → 30 min');
    await expect(changes).not.toContainText('Tid att förbereda');
    const instructions = changes.getByRole('listitem').filter({ hasText: 'Instruktioner' });
    // The old text is not repeated whole: the unchanged words appear once.
    await expect(instructions).toHaveText(
      'Instruktioner: Värm mjölken [tillagt: till 37 grader].\nKnåda [borttaget: degen][tillagt: bulldegen länge].',
    );
    const removed = instructions.locator('del');
    await expect(removed).toHaveText('[borttaget: degen]');
    await expect(instructions.locator('ins')).toHaveText(['[tillagt: till 37 grader]', '[tillagt: bulldegen länge]']);
    // Not by colour alone: struck through and underlined; the bracketed names are for screen readers only.
    expect(await removed.evaluate((e) => getComputedStyle(e).textDecorationLine)).toBe('line-through');
    expect(
      await instructions
        .locator('ins')
        .first()
        .evaluate((e) => getComputedStyle(e).textDecorationLine),
    ).toBe('underline');
    await expect(removed.getByText('[borttaget:')).toHaveClass('visually-hidden');
    await expect(removed).toBeVisible();
    await expectAccessible(page);
  });
}
