import { existsSync } from 'node:fs';

// Debian's Chromium and the flags every launch here uses (the e2e suite, benchmarks, screenshots): no sandbox
// (root in CI), no GPU, and none of the background traffic a test machine without network would wait on.
export const CHROMIUM = '/usr/bin/chromium';
// The same Chromium build's headless shell (Debian's `chromium-headless-shell`), which Playwright itself runs for
// headless tests: no browser UI layers and no GPU process. The end-to-end suite runs in it, about a fifth less CPU,
// except the specs that test what the browser itself does (decision 071, playwright.config.ts).
// The package must be the very build of `chromium` (it depends on chromium-common of its version); on a machine
// whose mirror has no such build (.ci/run says so) the whole browser runs every spec.
const SHELL = '/usr/bin/chromium-headless-shell';
export const CHROMIUM_HEADLESS_SHELL = existsSync(SHELL) ? SHELL : CHROMIUM;
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];
