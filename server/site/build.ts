import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

// `npm start` builds the site when dist/ is missing or older than its sources, so one command is enough.
const SOURCES = [
  'src',
  'public',
  'astro.config.mjs',
  'scripts/precompress.ts',
  'scripts/hosting-headers.ts',
  'scripts/service-worker.ts',
  'server/site/headers.ts',
  'package-lock.json',
];

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

export function siteNeedsBuild(root: string, siteDir: string): boolean {
  const marker = join(resolve(root, siteDir), 'index.html');
  if (!existsSync(marker)) return true;
  const built = statSync(marker).mtimeMs;
  return SOURCES.some((s) => newestMtime(join(root, s)) > built);
}

/** Runs `astro build` with the Node that runs us (Node 24). Throws when the build fails. */
export function buildSite(root: string, siteDir: string): void {
  const astro = join(root, 'node_modules', 'astro', 'bin', 'astro.mjs');
  const result = spawnSync(process.execPath, [astro, 'build', '--outDir', resolve(root, siteDir)], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' },
  });
  if (result.status !== 0) throw new Error(`astro build failed (exit ${result.status ?? result.signal})`);
}
