import { expect, test } from './support/fixtures.ts';

// The API reference (Swagger UI) at the address the start banner and the README give, with and without the
// trailing slash: its assets load under the API's prefix, within the page's own policy (the fixture fails the
// test on any violation), and it lists the operations of the OpenAPI document.
for (const path of ['/api/docs', '/api/docs/']) {
  test(`${path} shows the API reference with its operations`, async ({ page }) => {
    const failed: string[] = [];
    page.on('response', (r) => r.status() >= 400 && failed.push(`${r.status()} ${r.url()}`));
    await page.goto(path);
    await expect(page.getByRole('heading', { name: /Receptboken API/ })).toBeVisible();
    const operation = (method: string, route: string) =>
      page.locator(`.opblock-${method}`).filter({ has: page.locator(`[data-path="${route}"]`) });
    await expect(operation('get', '/recipes')).toBeVisible();
    await expect(operation('post', '/recipes')).toBeVisible();
    await expect(operation('get', '/recipes/{id}')).toBeVisible();
    await expect(operation('put', '/recipes/{id}')).toBeVisible();
    await expect(operation('delete', '/recipes/{id}')).toBeVisible();
    await expect(operation('get', '/recipes').locator('.opblock-summary-method')).toHaveText('GET');
    expect(failed).toEqual([]);
  });
}
