import compress, { type FastifyCompressOptions } from '@fastify/compress';

export { compress };

// Registered once at the root (server/app.ts). Dynamic text (JSON, the provider's pages) is compressed per
// response when the client accepts it; responses that already carry Content-Encoding (precompressed files,
// the cached list) pass as they are.
export const compressOptions: FastifyCompressOptions = { encodings: ['br', 'gzip'], threshold: 1024 };
