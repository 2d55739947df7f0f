// Writes the site's response headers for static hosts after every `astro build`: dist/_headers
// (Netlify, Cloudflare Pages) and dist/nginx-headers/*.conf (included by deploy/nginx.conf), from
// server/site/headers.ts, the module the embedded server sends them from.
import { fileURLToPath } from 'node:url';
import { hostingConfig, writeHostingHeaders } from '../server/site/headers.ts';

/** The Astro integration. The CSP names KEYCLOAK_URL's and API_URL's origins from the build's environment. */
export function hostingHeadersIntegration() {
  return {
    name: 'hosting-headers',
    hooks: {
      'astro:build:done': ({ dir, logger }: { dir: URL; logger: { info(message: string): void } }) => {
        writeHostingHeaders(fileURLToPath(dir), hostingConfig(process.env));
        logger.info('_headers and nginx-headers/ written');
      },
    },
  };
}
