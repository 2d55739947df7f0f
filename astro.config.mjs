// @ts-check
import { defineConfig } from 'astro/config';
import react from '@astrojs/react';
import { precompressIntegration } from './scripts/precompress.ts';
import { hostingHeadersIntegration } from './scripts/hosting-headers.ts';

// Static export: every page is a prerendered shell; React islands fetch data on the client.
export default defineConfig({
  output: 'static',
  integrations: [react(), precompressIntegration(), hostingHeadersIntegration()],
  build: { format: 'file' },
  trailingSlash: 'never',
  devToolbar: { enabled: false },
});
