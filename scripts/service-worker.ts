// Builds the service worker after every `astro build` (issue 42, docs/decisions/056-offline-reading-with-workbox.md):
// bundles src/features/offline/service-worker.ts (Workbox's modules) with esbuild into dist/sw.js, then lets
// workbox-build write this build's file list (names and content hashes) into it. A new build is a new sw.js, which
// browsers notice at the next visit (it is served with no-cache) and install beside the old one.
import { copyFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { injectManifest } from 'workbox-build';
import { PAGE_SHELLS } from '../src/features/offline/offline-urls.ts';

const SOURCE = fileURLToPath(new URL('../src/features/offline/service-worker.ts', import.meta.url));

/**
 * What the worker keeps ahead of need: the reading pages' shells, the offline page (the answer for every other page
 * when the network is away) and every file they load. Nothing of dist/ else.
 */
const PRECACHED = [
  'index.html',
  'profile.html',
  PAGE_SHELLS.recipe.slice(1),
  'offline.html',
  '_astro/**/*.{js,css,svg,woff2}',
  'icons/*.png',
  'favicon.svg',
  'manifest.webmanifest',
];
/** A shell's URL in the precache: the address the server and every static host answer it at. */
const URL_OF: Record<string, string> = {
  'index.html': PAGE_SHELLS.list,
  'profile.html': PAGE_SHELLS.profile,
  'offline.html': PAGE_SHELLS.offline,
};

/** Writes dist/sw.js (and the recipe shell's copy it precaches) into the built site `dir`; returns its file count and size. */
export async function writeServiceWorker(dir: string): Promise<{ count: number; size: number }> {
  copyFileSync(join(dir, 'recipe.html'), join(dir, PAGE_SHELLS.recipe.slice(1)));
  const swDest = join(dir, 'sw.js');
  await build({
    entryPoints: [SOURCE],
    outfile: swDest,
    bundle: true,
    format: 'iife',
    minify: true,
    target: 'es2022',
    // Workbox's development logging is left out of a production worker by this constant.
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'warning',
  });
  const { count, size, warnings } = await injectManifest({
    swSrc: swDest,
    swDest,
    globDirectory: dir,
    globPatterns: PRECACHED,
    globIgnores: ['**/*.br', '**/*.gz'],
    manifestTransforms: [
      async (entries) => ({
        manifest: entries.map((e) => ({ ...e, url: URL_OF[e.url] ?? `/${e.url}` })),
        warnings: [],
      }),
    ],
  });
  if (warnings.length > 0) throw new Error(`service worker: ${warnings.join('; ')}`);
  return { count, size };
}

/** The Astro integration; listed before precompress, so sw.js is compressed like every other file. */
export function serviceWorkerIntegration() {
  return {
    name: 'service-worker',
    hooks: {
      'astro:build:done': async ({ dir, logger }: { dir: URL; logger: { info(message: string): void } }) => {
        const { count, size } = await writeServiceWorker(fileURLToPath(dir));
        logger.info(`sw.js written: ${count} files precached (${Math.round(size / 1024)} KB)`);
      },
    },
  };
}
