// When a phone first draws a recipe page's name and its first ingredient (issue 54 point 5: the first ingredient
// ≤ 1.0 s), with issue 42's throttling applied to Debian's Chromium through the DevTools protocol as it loads: a
// 412×823 screen at 1.75x, the CPU slowed 4x, 1.6 Mbps down, 750 kbps up and 150 ms per request; a new profile
// (no cache, no service worker) each run.
// The page is watched from a script added before its first byte: on every frame Chromium draws, the elements are
// looked for, and the first frame that holds one with a box on the page (in the first screen or below it) gives its
// time, from the navigation's start. A frame is only drawn once the page's blocking styles are in, so this is when
// a person could see it (scrolled to it), not merely when the markup arrived.
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { CHROMIUM, CHROMIUM_ARGS } from '../scripts/chromium.ts';

export type Drawn = {
  nameMs: number;
  ingredientMs: number;
  /** When their text was painted, by Element Timing (NaN when Chromium reported none). */
  namePaintMs: number;
  ingredientPaintMs: number;
  ingredientInFirstScreen: boolean;
  /** What the page loaded before and around its first frame, from the navigation's start (Resource Timing). */
  timeline: Timeline;
};

/** One request as the page saw it: when it was asked for and when its last byte came, in ms from the navigation. */
export type Fetched = { name: string; kind: string; startMs: number; endMs: number; bytes: number; blocking: boolean };
export type Timeline = { htmlFirstByteMs: number; htmlEndMs: number; firstPaintMs: number; requests: Fetched[] };

const WATCHED = {
  name: 'article.recipe h1',
  ingredient: '.ingredients li .ingredient-name',
} as const;

// The watcher as the page runs it: written as text, since a function passed from here would carry tsx's `__name`
// helper, which the page does not have.
const WATCHER = `(() => {
  const watched = ${JSON.stringify(WATCHED)};
  const drawn = {};
  window.__drawn = drawn;
  const done = () => Object.keys(drawn).length === Object.keys(watched).length;
  // A frame asked for before the document's first frame may never be called, so a frame is asked for again on each
  // change of the document and every 50 ms while one is outstanding longer than that.
  let askedAt = -Infinity;
  const ask = () => {
    if (done() || performance.now() - askedAt < 50) return;
    askedAt = performance.now();
    requestAnimationFrame(frame);
  };
  const frame = (time) => {
    askedAt = -Infinity;
    for (const [key, selector] of Object.entries(watched)) {
      if (drawn[key]) continue;
      const box = document.querySelector(selector)?.getBoundingClientRect();
      if (box && box.width > 0 && box.height > 0) drawn[key] = { ms: time, top: box.top };
    }
    if (done()) clearInterval(timer);
    else ask();
  };
  // Element Timing as well: each watched element is marked as it enters the document (before it can be painted),
  // and Chromium reports when its text was painted, which needs no frame to be caught.
  const painted = {};
  window.__painted = painted;
  const mark = () => {
    for (const [key, selector] of Object.entries(watched)) {
      const element = document.querySelector(selector);
      if (element && !element.hasAttribute('elementtiming')) element.setAttribute('elementtiming', key);
    }
  };
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) painted[e.identifier] ??= e.renderTime || e.startTime;
  }).observe({ type: 'element', buffered: true });
  new MutationObserver(() => {
    mark();
    ask();
  }).observe(document, { childList: true, subtree: true });
  const timer = setInterval(ask, 50);
  ask();
})();`;

// What DevTools' Performance panel records: the main thread's tasks, the network, paints and their timing marks.
const TRACE_CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'blink.user_timing',
  'loading',
  'latencyInfo',
  'toplevel',
  'v8.execute',
];

type Seen = Record<string, { ms: number; top: number } | undefined>;

/** Run in the page: the navigation, the first paint and every request, as Resource Timing has them. */
function readTimeline(): Timeline {
  const [nav] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
  const paint = performance.getEntriesByName('first-paint')[0];
  const requests = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).map((r) => ({
    name: new URL(r.name).pathname,
    kind: r.initiatorType,
    startMs: r.startTime,
    endMs: r.responseEnd,
    bytes: r.transferSize,
    blocking: (r as PerformanceResourceTiming & { renderBlockingStatus?: string }).renderBlockingStatus === 'blocking',
  }));
  return {
    htmlFirstByteMs: nav?.responseStart ?? NaN,
    htmlEndMs: nav?.responseEnd ?? NaN,
    firstPaintMs: paint?.startTime ?? NaN,
    requests,
  };
}

/** A run's timeline as lines for a note: the page, its first paint and each request that began before it. */
export function timelineLines(t: Timeline): string[] {
  const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
  return [
    `HTML first byte ${s(t.htmlFirstByteMs)}, last ${s(t.htmlEndMs)}; first paint ${s(t.firstPaintMs)}`,
    ...t.requests
      .filter((r) => r.startMs < t.firstPaintMs)
      .map(
        (r) =>
          `  ${s(r.startMs)}-${s(r.endMs)} ${r.name} (${r.kind}, ${r.bytes} B${r.blocking ? ', render-blocking' : ''})`,
      ),
  ];
}

/** One load of `url` on the throttled phone; with `tracePath`, Chromium's trace of it is written there. */
async function once(url: string, cpuSlowdown: number, tracePath?: string): Promise<Drawn> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  try {
    const context = await browser.newContext({
      viewport: { width: 412, height: 823 },
      deviceScaleFactor: 1.75,
      isMobile: true,
      hasTouch: true,
      locale: 'sv-SE',
      serviceWorkers: 'block',
    });
    const page = await context.newPage();
    await page.addInitScript({ content: WATCHER });
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 150,
      downloadThroughput: (1638.4 * 1024) / 8,
      uploadThroughput: (750 * 1024) / 8,
    });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
    if (tracePath) await browser.startTracing(page, { path: tracePath, categories: TRACE_CATEGORIES });
    await page.goto(url, { waitUntil: 'load', timeout: 120_000 });
    const count = Object.keys(WATCHED).length;
    // Functions, not strings: a string is evaluated as text, which the older builds' Content Security Policy refuses.
    await page.waitForFunction(
      (n) => Object.keys((window as unknown as { __drawn?: Seen }).__drawn ?? {}).length === n,
      count,
      { timeout: 60_000 },
    );
    await page
      .waitForFunction(
        (n) => Object.keys((window as unknown as { __painted?: object }).__painted ?? {}).length === n,
        count,
        { timeout: 10_000 },
      )
      .catch(() => undefined);
    if (tracePath) await browser.stopTracing();
    const drawn = await page.evaluate(() => (window as unknown as { __drawn?: Seen }).__drawn ?? {});
    const painted = await page.evaluate(
      () => (window as unknown as { __painted?: Record<string, number> }).__painted ?? {},
    );
    const ingredient = drawn.ingredient ?? { ms: NaN, top: NaN };
    return {
      nameMs: drawn.name?.ms ?? NaN,
      ingredientMs: ingredient.ms,
      namePaintMs: painted.name ?? NaN,
      ingredientPaintMs: painted.ingredient ?? NaN,
      ingredientInFirstScreen: ingredient.top < 823,
      timeline: await page.evaluate(readTimeline),
    };
  } finally {
    await browser.close();
  }
}

/** The median of the figures there are (a run without an Element Timing entry has NaN). */
const median = (xs: number[]) => {
  const known = xs.filter(Number.isFinite).sort((a, b) => a - b);
  return known[Math.floor(known.length / 2)] ?? NaN;
};

/**
 * The median of `runs` loads, and each run's figures for the note. FIRST_DRAWN_TRACE=<folder> writes each run's
 * Chromium trace there (for DevTools' Performance panel; tracing slows the page a little, so not for the figures).
 */
export async function firstDrawn(url: string, runs: number, cpuSlowdown: number) {
  const all: Drawn[] = [];
  const traces = process.env.FIRST_DRAWN_TRACE;
  const slug = new URL(url).pathname.replace(/\W+/g, '');
  for (let i = 0; i < runs; i++)
    all.push(await once(url, cpuSlowdown, traces ? join(traces, `first-drawn-${slug}-${i + 1}.json`) : undefined));
  return {
    nameMs: median(all.map((d) => d.nameMs)),
    ingredientMs: median(all.map((d) => d.ingredientMs)),
    namePaintMs: median(all.map((d) => d.namePaintMs)),
    ingredientPaintMs: median(all.map((d) => d.ingredientPaintMs)),
    ingredientInFirstScreen: all.every((d) => d.ingredientInFirstScreen),
    runs: all,
  };
}
