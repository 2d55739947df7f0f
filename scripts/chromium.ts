// Debian's Chromium and the flags every launch here uses (the e2e suite, benchmarks, screenshots): no sandbox
// (root in CI), no GPU, and none of the background traffic a test machine without network would wait on.
export const CHROMIUM = '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];
