// Compresses the built site once, at build time: a .br and a .gz beside every text file of dist/,
// which the server (@fastify/static preCompressed) and nginx (gzip_static, brotli_static) send as
// they are. Per-request compression would spend CPU on the same bytes for every visitor.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const TEXT = /\.(html|js|mjs|css|svg|json|txt|xml|webmanifest|map)$/;

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && TEXT.test(e.name))
    .map((e) => join(e.parentPath, e.name));
}

/** Writes file.br (quality 11) and file.gz (level 9) for each text file under `dir`; returns how many. */
export function precompress(dir: string): number {
  const list = files(dir);
  for (const file of list) {
    const body = readFileSync(file);
    writeFileSync(
      `${file}.br`,
      brotliCompressSync(body, {
        params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
      }),
    );
    writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
  }
  return list.length;
}

/** The Astro integration: runs after every `astro build` (npm run build and npm start's build alike). */
export function precompressIntegration() {
  return {
    name: 'precompress',
    hooks: {
      'astro:build:done': ({ dir, logger }: { dir: URL; logger: { info(message: string): void } }) => {
        logger.info(`${precompress(dir.pathname)} files compressed (.br, .gz)`);
      },
    },
  };
}
