import { readFileSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { EDITOR, PROVIDER_TIMEOUT, VISITOR } from './support/auth.ts';
import { expect, islandCardShown, test } from './support/fixtures.ts';
import { uniqueName, type RecipeApi } from './support/recipes.ts';

// Issue 22, items 7, 8 and 10: one product name, the recipe page's two columns, dialogs and buttons that keep
// their distance, focus rings in the house colours with contrast, and cook mode (big targets, the current step,
// ticks kept in the tab).

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

const realm = JSON.parse(readFileSync('keycloak/realm-recipes.json', 'utf8')) as { displayName: string };

type Rgb = [number, number, number];
function rgb(css: string): Rgb {
  const m = /rgba?\(\s*([\d.]+)[,\s]+([\d.]+)[,\s]+([\d.]+)/.exec(css);
  if (!m) throw new Error(`not an rgb() colour: ${css}`);
  return [Number(m[1]), Number(m[2]), Number(m[3])];
}
function luminance([r, g, b]: Rgb): number {
  const lin = (c: number) => (c / 255 <= 0.03928 ? c / 255 / 12.92 : ((c / 255 + 0.055) / 1.055) ** 2.4);
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}
function contrast(a: string, b: string): number {
  const [x, y] = [luminance(rgb(a)), luminance(rgb(b))].sort((p, q) => q - p) as [number, number];
  return (x + 0.05) / (y + 0.05);
}

/** The focused element's outline colour and the background around it (the first opaque one among its ancestors). */
async function focusRing(page: Page): Promise<{ outline: string; width: string; around: string; what: string }> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement;
    const style = getComputedStyle(el);
    let parent: HTMLElement | null = el.parentElement;
    let around = 'rgb(255, 255, 255)';
    while (parent) {
      const bg = getComputedStyle(parent).backgroundColor;
      if (bg && bg !== 'transparent' && !/rgba\(.*,\s*0\)$/.test(bg)) {
        around = bg;
        break;
      }
      parent = parent.parentElement;
    }
    return { outline: style.outlineColor, width: style.outlineWidth, around, what: el.outerHTML.slice(0, 60) };
  });
}

/** A CSS colour (a custom property's value, var(--x)) as the browser computes it: rgb(r, g, b). */
function cssColour(page: Page, value: string): Promise<string> {
  return page.evaluate((c) => {
    const probe = document.createElement('span');
    probe.style.color = c;
    document.body.append(probe);
    const computed = getComputedStyle(probe).color;
    probe.remove();
    return computed;
  }, value);
}

async function boxOf(locator: Locator) {
  const box = await locator.boundingBox();
  if (!box) throw new Error('not visible');
  return box;
}

test('the product is called Receptboken in the header and on the sign-in pages', async ({ page }) => {
  expect(realm.displayName).toBe('Receptboken');
  await page.setViewportSize(DESKTOP);
  await page.goto('/');
  await expect(page.getByRole('banner').getByRole('link', { name: 'Receptboken', exact: true })).toBeVisible();
  await expect(page).toHaveTitle('recipes-frontend');
  await expect(page.getByRole('contentinfo')).toContainText('recipes-frontend');
  await page.getByRole('button', { name: 'Logga in' }).click();
  await expect(page.locator('#kc-header')).toHaveText(realm.displayName);
  await expect(page).toHaveTitle(`Logga in till ${realm.displayName}`);
});

test('a recipe shows its ingredients beside the instructions on a desktop, above them on a phone', async ({
  page,
  recipes,
}) => {
  const recipe = await recipes.create({
    name: uniqueName('Kolumner'),
    servings: 4,
    instructions: 'Koka vattnet.\nLägg i pastan.\nHäll av.',
    ingredients: [
      { name: 'Pasta', quantity: { value: 400, unit: 'GRAM' } },
      { name: 'Salt', quantity: { value: 1, unit: 'TABLESPOON' } },
    ],
  });
  const ingredients = page.getByRole('region', { name: 'Ingredienser' });
  const instructions = page.getByRole('region', { name: 'Instruktioner' });

  await page.setViewportSize(DESKTOP);
  await page.goto(`/${recipe.id}`);
  await islandCardShown(page);
  await expect(instructions).toBeVisible();
  const [ing, ins] = [await boxOf(ingredients), await boxOf(instructions)];
  expect(ing.x + ing.width, 'ingredients end before the instructions begin').toBeLessThanOrEqual(ins.x);
  expect(Math.abs(ing.y - ins.y), 'both start on the same row').toBeLessThan(2);
  expect(ins.width).toBeGreaterThan(ing.width);

  await page.setViewportSize(PHONE);
  const [ingPhone, insPhone] = [await boxOf(ingredients), await boxOf(instructions)];
  expect(insPhone.y, 'instructions below the ingredients').toBeGreaterThanOrEqual(ingPhone.y + ingPhone.height);
  expect(Math.abs(ingPhone.x - insPhone.x)).toBeLessThan(2);
});

test('a dialog keeps a margin on a phone', async ({ page, sessions, recipes }) => {
  const recipe = await recipes.create({ name: uniqueName('Dialog'), servings: 2 });
  await page.setViewportSize(PHONE);
  await sessions.open(page, EDITOR, `/${recipe.id}/edit`);
  await page.getByRole('button', { name: 'Lägg till ingrediens' }).click();
  const dialog = page.getByRole('dialog', { name: 'Lägg till ingrediens' });
  await expect(dialog).toBeVisible();
  const box = await boxOf(dialog);
  expect(box.x).toBeGreaterThanOrEqual(12);
  expect(PHONE.width - (box.x + box.width)).toBeGreaterThanOrEqual(12);
});

test('the account page’s Spara and Logga ut do not touch', async ({ page, sessions }) => {
  for (const size of [PHONE, DESKTOP]) {
    await page.setViewportSize(size);
    await sessions.open(page, VISITOR, '/profile');
    await page.getByRole('button', { name: 'Redigera' }).click();
    await expect(page).toHaveURL(/\/realms\/[^/]+\/account\?/);
    // The address changes when the page starts to arrive; its stylesheet may not apply yet, and an unstyled page
    // has the two forms' buttons stacked edge to edge (a CI run measured 0 px). Measure the page as loaded.
    await page.waitForLoadState('load');
    const save = await boxOf(page.getByRole('button', { name: 'Spara' }));
    const out = await boxOf(page.getByRole('button', { name: 'Logga ut' }));
    const apartY = Math.max(out.y - (save.y + save.height), save.y - (out.y + out.height));
    const apartX = Math.max(out.x - (save.x + save.width), save.x - (out.x + out.width));
    expect(Math.max(apartX, apartY), `${size.width} px: space between the buttons`).toBeGreaterThanOrEqual(8);
  }
});

for (const scheme of ['light', 'dark'] as const) {
  test(`focus rings and the search field’s clear button stand out in the house colours (${scheme})`, async ({
    page,
  }) => {
    await page.emulateMedia({ colorScheme: scheme });
    await page.setViewportSize(DESKTOP);
    await page.goto('/');
    // The header's island settles first (its buttons are re-rendered once the sign-in check answers): a button
    // replaced while it has focus hands focus back to <body>, and the ring read then would be nobody's.
    await expect(page.getByRole('button', { name: 'Logga in' })).toBeVisible({ timeout: PROVIDER_TIMEOUT }); // the sign-in check answered
    await expect(page.getByRole('main').getByRole('link').first()).toBeVisible(); // the list has its recipes
    const accent = await page.evaluate(() =>
      getComputedStyle(document.documentElement).getPropertyValue('--accent-hover').trim(),
    );
    // Through the page by keyboard: the logo, the header's buttons, the search field and its button, a recipe.
    const seen: string[] = [];
    for (let i = 0; i < 7; i++) {
      await page.keyboard.press('Tab');
      const ring = await focusRing(page);
      if (ring.what.startsWith('<main') || ring.what.startsWith('<body')) continue;
      expect(ring.width, ring.what).toBe('3px');
      expect(contrast(ring.outline, ring.around), `${ring.what} on ${ring.around}`).toBeGreaterThanOrEqual(3);
      seen.push(ring.outline);
    }
    expect(seen.length, 'focus rings seen').toBeGreaterThanOrEqual(5);
    // One colour, the house's (not the browser's blue).
    const accentRgb = await cssColour(page, accent);
    expect(new Set(seen)).toEqual(new Set([accentRgb]));

    // The search field's clear button (a pseudo-element getComputedStyle cannot read): its pixels, read back from a
    // screenshot of the field's right end. The cross is drawn in --muted, ≥ 3:1 on the field.
    const search = page.getByRole('searchbox', { name: 'Sök recept' });
    await search.fill('bullar');
    const png = (await search.screenshot()).toString('base64');
    const clear = await search.evaluate(async (input, b64) => {
      const img = new Image();
      img.src = `data:image/png;base64,${b64}`;
      await img.decode();
      const canvas = document.createElement('canvas');
      [canvas.width, canvas.height] = [img.width, img.height];
      const ctx = canvas.getContext('2d')!;
      ctx.drawImage(img, 0, 0);
      const field = getComputedStyle(input).backgroundColor;
      const muted = getComputedStyle(document.documentElement).getPropertyValue('--muted').trim();
      const { data } = ctx.getImageData(img.width - 48, 4, 44, img.height - 8);
      const [fr = 0, fg = 0, fb = 0] = (field.match(/\d+/g) ?? []).map(Number);
      let far = [fr, fg, fb];
      let distance = -1;
      for (let i = 0; i < data.length; i += 4) {
        const d = Math.abs(data[i]! - fr) + Math.abs(data[i + 1]! - fg) + Math.abs(data[i + 2]! - fb);
        if (d > distance) [distance, far] = [d, [data[i]!, data[i + 1]!, data[i + 2]!]];
      }
      return { cross: `rgb(${far.join(', ')})`, field, muted };
    }, png);
    expect(contrast(clear.cross, clear.field), `${clear.cross} on ${clear.field}`).toBeGreaterThanOrEqual(3);
    const [want, got] = [rgb(await cssColour(page, clear.muted)), rgb(clear.cross)];
    expect(
      Math.max(...want.map((c, i) => Math.abs(c - got[i]!))),
      `the cross ${clear.cross} is --muted ${clear.muted}`,
    ).toBeLessThanOrEqual(12);
  });
}

test.describe('cook mode', () => {
  async function cookingRecipe(recipes: RecipeApi, page: Page) {
    const recipe = await recipes.create({
      name: uniqueName('Matlagning'),
      servings: 4,
      instructions: 'Vispa smeten.\nLåt vila.\nStek.',
      ingredients: [
        { name: 'Mjölk', quantity: { value: 6, unit: 'DECILITER' } },
        { name: 'Ägg', quantity: { value: 3, unit: 'PIECES' } },
      ],
    });
    await page.setViewportSize(PHONE);
    await page.goto(`/${recipe.id}`);
    await page.getByRole('button', { name: 'Matlagningsläge' }).click();
    await expect(page.getByRole('button', { name: 'Matlagningsläge' })).toHaveAttribute('aria-pressed', 'true');
    return recipe;
  }
  const steps = (page: Page) => page.getByRole('region', { name: 'Instruktioner' }).getByRole('listitem');

  test('larger text, tick targets of at least 44 × 44 px, the current step highlighted', async ({ page, recipes }) => {
    await cookingRecipe(recipes, page);
    const boxes = page.getByRole('checkbox');
    await expect(boxes).toHaveCount(5);
    for (const box of await boxes.all()) {
      // The target is the whole label around the box (clicking it ticks).
      const target = await boxOf(box.locator('xpath=ancestor::label[1]'));
      expect(target.width).toBeGreaterThanOrEqual(44);
      expect(target.height).toBeGreaterThanOrEqual(44);
    }
    const size = (l: Locator) => l.evaluate((el) => parseFloat(getComputedStyle(el).fontSize));
    expect(await size(steps(page).first())).toBeGreaterThanOrEqual(19);
    expect(
      await size(page.getByRole('region', { name: 'Ingredienser' }).getByRole('listitem').first()),
    ).toBeGreaterThanOrEqual(19);

    const accent = await cssColour(page, 'var(--accent)');
    const frame = (l: Locator) => l.evaluate((el) => getComputedStyle(el).borderLeftColor);
    const current = async () => {
      const frames = await Promise.all((await steps(page).all()).map(frame));
      return frames.map((c) => c === accent);
    };
    await expect.poll(current).toEqual([true, false, false]);
    await steps(page).nth(0).getByText('Vispa smeten.').click();
    await expect(steps(page).nth(0).getByRole('checkbox')).toBeChecked();
    await expect.poll(current).toEqual([false, true, false]);
    // Ticking a later step leaves the first one not ticked as the current one.
    await steps(page).nth(2).getByRole('checkbox').check();
    await expect.poll(current).toEqual([false, true, false]);
  });

  test('timers and the one-step view: targets of at least 44 px, the step in large type', async ({ page, recipes }) => {
    const recipe = await recipes.create({
      name: uniqueName('Steg i taget'),
      servings: 4,
      instructions: 'Vispa smeten i 2 minuter.\nLåt vila 30 min.',
      ingredients: [{ name: 'Mjölk', quantity: { value: 6, unit: 'DECILITER' } }],
    });
    await page.setViewportSize(PHONE);
    await page.goto(`/${recipe.id}`);
    await page.getByRole('button', { name: 'Matlagningsläge' }).click();
    const start = page.getByRole('button', { name: 'Starta timer 2 minuter' });
    expect((await boxOf(start)).height).toBeGreaterThanOrEqual(44);
    await page.getByRole('button', { name: 'Ett steg i taget' }).click();
    const view = page.getByRole('region', { name: 'Steg 1 av 2' });
    const size = (l: Locator) => l.evaluate((el) => parseFloat(getComputedStyle(el).fontSize));
    expect(await size(view.getByText('Vispa smeten i 2 minuter.'))).toBeGreaterThanOrEqual(24);
    for (const name of ['Föregående steg', 'Nästa steg']) {
      const box = await boxOf(page.getByRole('button', { name }));
      expect(box.height).toBeGreaterThanOrEqual(44);
      expect(box.width).toBeGreaterThanOrEqual(44);
    }
    const done = await boxOf(view.getByRole('checkbox', { name: 'Steg 1 klart' }).locator('xpath=ancestor::label[1]'));
    expect(done.height).toBeGreaterThanOrEqual(44);
  });

  test('ticks are kept when the screen turns off and on, and when the page is reloaded', async ({ page, recipes }) => {
    await cookingRecipe(recipes, page);
    const ingredientBoxes = page.getByRole('region', { name: 'Ingredienser' }).getByRole('checkbox');
    await ingredientBoxes.nth(1).check();
    await steps(page).nth(0).getByRole('checkbox').check();

    // The screen goes off and on: the page is hidden, then visible again.
    await page.evaluate(() => {
      for (const state of ['hidden', 'visible']) {
        Object.defineProperty(document, 'visibilityState', { value: state, configurable: true });
        document.dispatchEvent(new Event('visibilitychange'));
      }
    });
    await expect(ingredientBoxes.nth(1)).toBeChecked();

    // A phone that dropped the page while its screen was off loads it again.
    await page.reload();
    await expect(page.getByRole('button', { name: 'Matlagningsläge' })).toHaveAttribute('aria-pressed', 'true');
    await expect(ingredientBoxes.nth(0)).not.toBeChecked();
    await expect(ingredientBoxes.nth(1)).toBeChecked();
    await expect(steps(page).nth(0).getByRole('checkbox')).toBeChecked();
    await expect(steps(page).nth(1).getByRole('checkbox')).not.toBeChecked();

    // Leaving cook mode and unticking everything leaves nothing behind.
    await ingredientBoxes.nth(1).uncheck();
    await steps(page).nth(0).getByRole('checkbox').uncheck();
    await page.getByRole('button', { name: 'Matlagningsläge' }).click();
    await page.reload();
    await expect(page.getByRole('button', { name: 'Matlagningsläge' })).toHaveAttribute('aria-pressed', 'false');
    expect(await page.evaluate(() => sessionStorage.length)).toBe(0);
  });
});
