// @ts-check
import { defineConfig } from 'astro/config';
import react from '@astrojs/react';

// Static export: every page is a prerendered shell; React islands fetch data on the client.
export default defineConfig({
  output: 'static',
  integrations: [react()],
  build: { format: 'file' },
  trailingSlash: 'never',
  devToolbar: { enabled: false },
});
