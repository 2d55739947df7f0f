// Screenshots of the site's pages at 390 and 1280 px, to show that a refactoring leaves them unchanged (issue 21).
//
//   npx tsx scripts/screenshots.ts shoot <out-dir>        the built site in dist/ (built first when missing), served
//                                                         by the product on a spare loopback port with a fresh
//                                                         DATA_DIR (demo recipes and users), shot in Chromium
//   npx tsx scripts/screenshots.ts compare <dir-a> <dir-b>  one line per screenshot; exit 1 when any differ or miss
//
// The product root is the working directory, so the same file shoots any checkout: copy it there or run it from
// there. Files are named <width>-<screen>.png. Nothing shown depends on the clock: the seeded content is fixed,
// and the recipe shot is the first one in the list (the seed inserts in a fixed order).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pixelmatch from 'pixelmatch';
import { PNG } from 'pngjs';
import { chromium, type Browser, type BrowserContext, type Cookie, type Page } from '@playwright/test';
import { CHROMIUM, CHROMIUM_ARGS } from './chromium.ts';

const WIDTHS = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
] as const;
const EDITOR = { username: 'redaktor', password: 'redaktor' } as const; // server/idp/users/demo-users.ts
const SEARCH = 'bullar'; // Kanelbullar and Köttbullar among the seeded recipes
// The suite's flags, and:
const SCREENSHOT_ARGS = [
  ...CHROMIUM_ARGS,
  // Same pixels on every run: no LCD text tricks, no scrollbars that come and go with timing.
  '--font-render-hinting=none',
  '--disable-lcd-text',
  '--hide-scrollbars',
  // Without these the dialog shot (text and corners under the overlay) came out in one of two variants, a few
  // pixels off by one level, from page to page: raster order and partial re-raster decided which.
  '--disable-partial-raster',
  '--num-raster-threads=1',
];
const SLOW = 30_000; // sign-in pages and first loads on 2 shared cores

const root = process.cwd();

// ---------------------------------------------------------------------------------------------------------------
// The product

type Server = { baseURL: string; stop(): Promise<void> };

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createServer();
    probe.once('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (address && typeof address === 'object' ? done(address.port) : fail(new Error('no port'))));
    });
  });
}

function ensureBuilt(): void {
  if (existsSync(join(root, 'dist', 'index.html'))) return;
  console.log('dist/ is missing: running astro build first');
  const astro = join(root, 'node_modules', 'astro', 'bin', 'astro.mjs');
  const result = spawnSync(process.execPath, [astro, 'build'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' },
  });
  if (result.status !== 0) throw new Error(`astro build failed (exit ${result.status ?? result.signal})`);
}

/** `npm start` (node server/start.ts under the pinned Node that runs us) on a spare port with a fresh data folder. */
async function startProduct(): Promise<Server> {
  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'recipes-shots-'));
  const child: ChildProcess = spawn(process.execPath, [join(root, 'server', 'start.ts')], {
    cwd: root,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: baseURL,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      ASTRO_TELEMETRY_DISABLED: '1',
      WRITE_RATE_LIMIT: '100000',
      IDP_RATE_LIMIT: '100000',
    },
  });
  const orphan = () => child.kill('SIGKILL');
  process.once('exit', orphan);
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    }
    process.off('exit', orphan);
    rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      await stop();
      throw new Error(`the server exited early (code ${child.exitCode}, signal ${child.signalCode})`);
    }
    const ok = await fetch(`${baseURL}/config.json`).then(
      (res) => res.ok,
      () => false,
    );
    if (ok) return { baseURL, stop };
    if (Date.now() > deadline) {
      await stop();
      throw new Error('the server did not answer /config.json within 180 s');
    }
    await new Promise((done) => setTimeout(done, 250));
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Shooting

/** Network quiet, web fonts loaded, no spinner left, two frames painted. */
async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  await page.locator('.spinner').first().waitFor({ state: 'detached', timeout: SLOW });
  await page.evaluate(
    () => new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done()))),
  );
}

/** Signs in as `who` through the real pages (the site's 'Logga in' button, the provider's form): its cookies. */
async function signInCookies(browser: Browser, baseURL: string): Promise<Cookie[]> {
  const context = await browser.newContext({ baseURL, locale: 'sv-SE' });
  try {
    const page = await context.newPage();
    await page.goto('/');
    await page.getByRole('button', { name: 'Logga in' }).click({ timeout: SLOW });
    await page.waitForURL(/\/realms\/[^/]+\/(protocol\/openid-connect\/auth|login-actions\/)/, { timeout: SLOW });
    await page.locator('#username').fill(EDITOR.username);
    await page.locator('#password').fill(EDITOR.password);
    await page.locator('#kc-login').click();
    await page.getByRole('button', { name: EDITOR.username }).waitFor({ timeout: SLOW });
    return await context.cookies();
  } finally {
    await context.close();
  }
}

type Screen = {
  name: string;
  signedIn: boolean;
  /** Only the viewport: a modal dialog's fixed overlay covers the viewport, not the whole page. */
  viewportOnly?: boolean;
  /** Brings the page to the state to shoot; `id` is the recipe shown on the recipe screens. */
  show(page: Page, id: string): Promise<void>;
};

const listLinks = (page: Page) => page.getByRole('list', { name: 'Recept' }).getByRole('link');
const signedOut = (page: Page) => page.getByRole('button', { name: 'Logga in' }).waitFor({ timeout: SLOW });
const signedIn = (page: Page) => page.getByRole('button', { name: EDITOR.username }).waitFor({ timeout: SLOW });

async function showRecipe(page: Page, id: string): Promise<void> {
  await page.goto(`/${id}`);
  await page.getByRole('combobox', { name: 'Portioner' }).waitFor({ timeout: SLOW });
  await signedOut(page);
}

const SCREENS: Screen[] = [
  {
    name: 'list',
    signedIn: false,
    show: async (page) => {
      await page.goto('/');
      await listLinks(page).first().waitFor({ timeout: SLOW });
      await signedOut(page);
    },
  },
  {
    name: 'search',
    signedIn: false,
    show: async (page) => {
      await page.goto('/');
      await listLinks(page).first().waitFor({ timeout: SLOW });
      await signedOut(page);
      await page.getByRole('searchbox', { name: 'Sök recept' }).pressSequentially(SEARCH);
      await page.waitForFunction((q) => {
        const names = [...document.querySelectorAll('[aria-label="Recept"] a')].map((a) => a.textContent ?? '');
        return names.length > 0 && names.every((name) => name.toLowerCase().includes(q));
      }, SEARCH);
    },
  },
  { name: 'recipe', signedIn: false, show: showRecipe },
  {
    name: 'recipe-servings',
    signedIn: false,
    show: async (page, id) => {
      await showRecipe(page, id);
      const select = page.getByRole('combobox', { name: 'Portioner' });
      const own = await select.inputValue();
      const values = await select
        .locator('option')
        .evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value));
      // Twice the recipe's servings when offered, else the next count up, else any other.
      const twice = String(Number(own) * 2);
      const other = values.includes(twice)
        ? twice
        : (values.find((v) => Number(v) > Number(own)) ?? values.find((v) => v !== own) ?? own);
      await select.selectOption(other);
      await page.waitForFunction((v) => (document.getElementById('servings') as HTMLSelectElement)?.value === v, other);
      await page.waitForLoadState('networkidle');
      await select.blur();
    },
  },
  {
    name: '404',
    signedIn: false,
    show: async (page) => {
      await page.goto('/finns-inte');
      await page.getByRole('heading', { level: 1 }).waitFor({ timeout: SLOW });
      await signedOut(page);
    },
  },
  {
    name: 'editor-list',
    signedIn: true,
    show: async (page) => {
      await page.goto('/');
      await listLinks(page).first().waitFor({ timeout: SLOW });
      await signedIn(page);
    },
  },
  {
    name: 'new-recipe',
    signedIn: true,
    show: async (page) => {
      await page.goto('/new-recipe');
      await page.locator('form.editor-form:not([hidden])').waitFor({ timeout: SLOW });
      await signedIn(page);
    },
  },
  {
    name: 'edit',
    signedIn: true,
    show: async (page, id) => {
      await page.goto(`/${id}/edit`);
      await page.locator('form.editor-form:not([hidden])').waitFor({ timeout: SLOW });
      await page.getByRole('button', { name: 'Lägg till ingrediens' }).waitFor({ timeout: SLOW });
      await signedIn(page);
    },
  },
  {
    name: 'ingredient-dialog',
    signedIn: true,
    viewportOnly: true,
    show: async (page, id) => {
      await page.goto(`/${id}/edit`);
      await page.locator('form.editor-form:not([hidden])').waitFor({ timeout: SLOW });
      await signedIn(page);
      await settle(page);
      await page.getByRole('button', { name: 'Lägg till ingrediens' }).click();
      await page.getByRole('dialog').waitFor({ timeout: SLOW });
    },
  },
  {
    name: 'profile',
    signedIn: true,
    show: async (page) => {
      await page.goto('/profile');
      await page.locator('.profile dl').waitFor({ timeout: SLOW });
      await signedIn(page);
    },
  },
];

async function shoot(outDir: string): Promise<void> {
  ensureBuilt();
  mkdirSync(outDir, { recursive: true });
  for (const file of readdirSync(outDir).filter((f) => f.endsWith('.png'))) rmSync(join(outDir, file));
  const server = await startProduct();
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: SCREENSHOT_ARGS });
  const errors: string[] = [];
  try {
    const cookies = await signInCookies(browser, server.baseURL);
    for (const size of WIDTHS) {
      const contexts = new Map<boolean, BrowserContext>();
      const contextFor = async (signedIn: boolean) => {
        let context = contexts.get(signedIn);
        if (!context) {
          context = await browser.newContext({
            baseURL: server.baseURL,
            viewport: size,
            deviceScaleFactor: 1,
            locale: 'sv-SE',
            timezoneId: 'Europe/Stockholm',
            colorScheme: 'light',
            reducedMotion: 'reduce',
          });
          if (signedIn) await context.addCookies(cookies);
          contexts.set(signedIn, context);
        }
        return context;
      };
      // The recipe shot is the list's first (the seed is inserted in a fixed order, so its id is fixed too).
      let id = '';
      for (const screen of SCREENS) {
        const page = await (await contextFor(screen.signedIn)).newPage();
        page.on('pageerror', (error) => errors.push(`${size.width}-${screen.name}: ${error.message}`));
        try {
          if (!id) {
            await page.goto('/');
            const href = (await listLinks(page).first().getAttribute('href', { timeout: SLOW })) ?? '';
            id = /^\/?(\d+)\/?$/.exec(href)?.[1] ?? '';
            if (!id) throw new Error(`the list's first link is not a recipe: ${href}`);
          }
          await screen.show(page, id);
          await settle(page);
          const path = join(outDir, `${size.width}-${screen.name}.png`);
          await page.screenshot({ path, fullPage: !screen.viewportOnly, animations: 'disabled', caret: 'hide' });
          console.log(`  ${path}`);
        } finally {
          await page.close();
        }
      }
      for (const context of contexts.values()) await context.close();
    }
  } finally {
    await browser.close();
    await server.stop();
  }
  for (const error of errors) console.warn(`page error: ${error}`);
}

// ---------------------------------------------------------------------------------------------------------------
// Comparing

/** undefined when the two files show the same pixels; else what differs (size, or how many pixels, by pixelmatch). */
function compareFiles(a: string, b: string): string | undefined {
  const bytesA = readFileSync(a);
  const bytesB = readFileSync(b);
  if (bytesA.equals(bytesB)) return undefined;
  const imageA = PNG.sync.read(bytesA);
  const imageB = PNG.sync.read(bytesB);
  if (imageA.width !== imageB.width || imageA.height !== imageB.height) {
    return `size ${imageA.width}x${imageA.height} vs ${imageB.width}x${imageB.height}`;
  }
  // threshold 0 and includeAA: any change of colour counts, anti-aliased edges too: the check is "pixel-identical".
  const differing = pixelmatch(imageA.data, imageB.data, undefined, imageA.width, imageA.height, {
    threshold: 0,
    includeAA: true,
  });
  return differing ? `${differing} of ${imageA.width * imageA.height} pixels differ` : undefined;
}

function compare(dirA: string, dirB: string): number {
  const list = (dir: string) => new Set(readdirSync(dir).filter((f) => f.endsWith('.png')));
  const inA = list(dirA);
  const inB = list(dirB);
  const names = [...new Set([...inA, ...inB])].sort((x, y) => x.localeCompare(y, 'en', { numeric: true }));
  let bad = 0;
  for (const name of names) {
    let verdict: string;
    if (!inA.has(name)) verdict = `MISSING in ${dirA}`;
    else if (!inB.has(name)) verdict = `MISSING in ${dirB}`;
    else {
      const difference = compareFiles(join(dirA, name), join(dirB, name));
      verdict = difference ? `DIFFERENT (${difference})` : 'same';
    }
    if (verdict !== 'same') bad++;
    console.log(`${name.padEnd(32)} ${verdict}`);
  }
  if (!names.length) {
    console.log('no screenshots in either folder');
    return 1;
  }
  console.log(bad ? `${bad} of ${names.length} differ or are missing` : `all ${names.length} the same`);
  return bad ? 1 : 0;
}

// ---------------------------------------------------------------------------------------------------------------

const [command, ...args] = process.argv.slice(2);
if (Number(process.versions.node.split('.')[0]) < 24) {
  console.error(
    `Node ${process.versions.node}: the product needs Node 24; run through npx tsx (or npm run screenshots)`,
  );
  process.exit(2);
}
if (command === 'shoot' && args.length === 1) {
  await shoot(resolve(args[0] ?? ''));
} else if (command === 'compare' && args.length === 2) {
  process.exitCode = compare(resolve(args[0] ?? ''), resolve(args[1] ?? ''));
} else {
  console.error('usage: npx tsx scripts/screenshots.ts shoot <out-dir> | compare <dir-a> <dir-b>');
  process.exitCode = 2;
}
