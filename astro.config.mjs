// @ts-check
import { defineConfig } from 'astro/config';
import react from '@astrojs/react';
import { precompressIntegration } from './scripts/precompress.ts';
import { hostingHeadersIntegration } from './scripts/hosting-headers.ts';
import { serviceWorkerIntegration } from './scripts/service-worker.ts';

// Static export: every page is a prerendered shell; React islands fetch data on the client.
export default defineConfig({
  output: 'static',
  // The service worker first: precompress then compresses sw.js too (docs/decisions/056).
  integrations: [react(), serviceWorkerIntegration(), precompressIntegration(), hostingHeadersIntegration()],
  build: { format: 'file' },
  trailingSlash: 'never',
  devToolbar: { enabled: false },
});
