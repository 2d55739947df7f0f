import { test as base, expect, type Browser, type BrowserContextOptions, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { accessToken, EDITOR, PROVIDER_TIMEOUT, runtimeConfig, signIn, type Credentials } from './auth.ts';
import { RecipeApi } from './recipes.ts';

// Fixtures:
// - `recipes` creates data through the API as the editor and removes it afterwards;
// - `editorToken` hands out the editor's API token, fetched again through the real login form when the one it
//   holds is about to expire (access tokens live 300 s, a worker lives longer);
// - `sessions` signs each role in through the real pages once per worker and opens pages signed in with that
//   browser state (the provider's SSO cookie), so tests that are not about signing in do not repeat it.
// Uncaught page errors fail the test, and so does any Content-Security-Policy violation in any of the product's
// pages or frames in the test's browser context (a test that means to provoke one says so with allowCspViolations).
type TestFixtures = { recipes: RecipeApi };

const CSP_ANNOTATION = 'csp-violations-expected';

/**
 * The annotation that lets one test end with Content-Security-Policy violations (one that checks the policy
 * blocks something): `test('…', { annotation: allowCspViolations('why') }, …)`.
 */
export function allowCspViolations(reason: string): { type: string; description: string } {
  return { type: CSP_ANNOTATION, description: reason };
}

type Violation = { directive: string; blocked: string; sample: string; source: string; page: string };

function describeViolation(v: Violation): string {
  const where = v.source ? ` at ${v.source}` : '';
  const sample = v.sample ? ` (${v.sample})` : '';
  return `${v.directive} refused ${v.blocked || 'inline'}${sample}${where} on ${v.page}`;
}
type WorkerFixtures = { editorToken: TokenSource; sessions: Sessions };

/** An access token that is fetched where it is used: a fresh one when the last is within a minute of expiring. */
export class TokenSource {
  private token: Promise<string> | undefined;

  constructor(
    private readonly browser: Browser,
    private readonly baseURL: string,
    private readonly who: Credentials,
  ) {}

  async get(): Promise<string> {
    const held = this.token;
    const current = held && (await held.catch(() => undefined));
    if (current && secondsLeft(current) > 60) return current;
    // Callers that found the same token stale together (a test creating 26 recipes at once) share one new sign-in:
    // only the first replaces it. Each signing in for itself queued 26 password hashes and ran out the test's time.
    if (this.token === held) this.token = accessToken(this.browser, this.baseURL, this.who);
    return this.token as Promise<string>;
  }
}

function secondsLeft(jwt: string): number {
  const payload = JSON.parse(Buffer.from(jwt.split('.')[1] ?? '', 'base64url').toString()) as { exp?: number };
  return (payload.exp ?? 0) - Date.now() / 1000;
}

type StorageState = Exclude<BrowserContextOptions['storageState'], string | undefined>;

/** Each role signed in once per worker through the real pages; pages open with that role's browser state. */
export class Sessions {
  private readonly states = new Map<string, Promise<StorageState>>();

  constructor(
    private readonly browser: Browser,
    private readonly baseURL: string,
  ) {}

  /** The cookies and storage of a browser that signed in as `who` (signs in on first use). */
  state(who: Credentials): Promise<StorageState> {
    let state = this.states.get(who.username);
    if (!state) {
      state = this.signInOnce(who);
      this.states.set(who.username, state);
      state.catch(() => this.states.delete(who.username));
    }
    return state;
  }

  /** Opens `path` in `page`'s fresh context as `who` and waits until the site's sign-in check shows the user. */
  async open(page: Page, who: Credentials, path = '/'): Promise<void> {
    await page.context().addCookies((await this.state(who)).cookies);
    await page.goto(path);
    await expect(page.getByRole('button', { name: who.username })).toBeVisible({ timeout: PROVIDER_TIMEOUT });
  }

  private async signInOnce(who: Credentials): Promise<StorageState> {
    const context = await this.browser.newContext({ baseURL: this.baseURL, locale: 'sv-SE' });
    try {
      await signIn(await context.newPage(), who);
      return await context.storageState();
    } finally {
      await context.close();
    }
  }
}

export const test = base.extend<TestFixtures, WorkerFixtures>({
  editorToken: [
    async ({ browser }, use, workerInfo) => {
      await use(new TokenSource(browser, String(workerInfo.project.use.baseURL), EDITOR));
    },
    { scope: 'worker' },
  ],
  sessions: [
    async ({ browser }, use, workerInfo) => {
      await use(new Sessions(browser, String(workerInfo.project.use.baseURL)));
    },
    { scope: 'worker' },
  ],
  recipes: async ({ request, baseURL, editorToken }, use) => {
    const cfg = await runtimeConfig(request, String(baseURL));
    const apiUrl = new URL(cfg.API_URL, String(baseURL)).href.replace(/\/+$/, '');
    const api = new RecipeApi(request, apiUrl, () => editorToken.get());
    await use(api);
    await api.cleanUp();
  },
  context: async ({ context, baseURL }, use, testInfo) => {
    const violations: string[] = [];
    // The product's own documents (site, API reference, embedded provider); not a real Keycloak's pages nor
    // the pages recipe-import.spec.ts serves to import from.
    const ours = new URL(String(baseURL)).origin;
    await context.exposeBinding('__e2eCspViolation', (_source, v: Violation) => {
      if (new URL(v.page).origin === ours) violations.push(describeViolation(v));
    });
    // Before any of the page's own scripts, in every document of the context (frames and pop-ups too).
    await context.addInitScript(() => {
      document.addEventListener(
        'securitypolicyviolation',
        (e) => {
          const report = (window as unknown as { __e2eCspViolation?: (v: Violation) => void }).__e2eCspViolation;
          void report?.({
            directive: e.effectiveDirective,
            blocked: e.blockedURI,
            sample: e.sample,
            source: e.sourceFile ? `${e.sourceFile}:${e.lineNumber}` : '',
            page: location.href,
          });
        },
        true,
      );
    });
    await use(context);
    const allowed = testInfo.annotations.find((a) => a.type === CSP_ANNOTATION);
    if (!allowed) expect(violations, 'Content-Security-Policy violations').toEqual([]);
  },
  page: async ({ page }, use) => {
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await use(page);
    expect(errors, 'uncaught errors in the page').toEqual([]);
  },
});

export { expect };

/**
 * axe-core's findings over the whole page once its transitions have ended. A colour scheme just switched starts
 * 120 ms colour transitions (buttons, links); axe reading a colour halfway reports a contrast that no user sees.
 */
export async function axeViolations(page: Page): Promise<string[]> {
  await page.evaluate(async () => {
    await new Promise(requestAnimationFrame); // the new media's styles are applied and their transitions started
    const transitions = document.getAnimations().filter((a) => a instanceof CSSTransition); // not the spinner
    await Promise.all(transitions.map((a) => a.finished.catch(() => undefined)));
  });
  const result = await new AxeBuilder({ page }).analyze();
  return result.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}

/** axe-core over the whole page as it is now: no violations allowed. */
export async function expectAccessible(page: Page): Promise<void> {
  expect(await axeViolations(page)).toEqual([]);
}

/**
 * Waits until the recipe page's island has taken the place of the server's first screen
 * (server/site/recipe-first-screen.ts). Both draw the same card, so a test that measures it (a box, a computed style)
 * must wait: an element measured in the server's copy may be gone by the time its box is read, which Playwright
 * reports as "not visible" (null).
 */
export async function islandCardShown(page: Page): Promise<void> {
  await expect(page.locator('#recipe-first-screen')).toHaveCount(0, { timeout: 15_000 });
  await expect(page.locator('article.recipe')).toBeVisible();
}
