// Reads imported pages in worker threads. A hostile page can make the HTML tokenizer take quadratic time (1 MB
// of unclosed <b> took 47 s), and on the event loop that would stall every request of the server. Here it stalls
// one worker of the shared pool (server/worker-pool.ts): a few threads, a bounded queue, and a time limit after
// which the worker running it is terminated (piscina starts a new one). docs/decisions/028-import-reading-workers.md
import { createWorkerPool, WorkerPoolError } from '../worker-pool.ts';
import type { PageText } from './read-recipe.ts';
import type { ReadRecipe } from '../drafts/recipe-draft.ts';

export type { PageText } from './read-recipe.ts';

/** 'too-complex': not read within the time limit (or out of the worker's memory); 'busy': the queue is full. */
export class PageReadError extends Error {
  readonly kind: 'too-complex' | 'busy';
  constructor(kind: PageReadError['kind'], message: string) {
    super(message);
    this.name = 'PageReadError';
    this.kind = kind;
  }
}

export type PageReader = { read(page: PageText): Promise<ReadRecipe | null>; close(): Promise<void> };

// Pages waiting for a reader (each at most IMPORT_MAX_BYTES); beyond this the import answers 503.
const MAX_WAITING = 16;
// A page of IMPORT_MAX_BYTES needs a few MB to read; this bounds a page built to exhaust memory instead.
const WORKER_HEAP_MB = 256;

export function createPageReader({ timeoutMs }: { timeoutMs: number }): PageReader {
  const pool = createWorkerPool<PageText, ReadRecipe | null>({
    filename: new URL('./read-recipe.ts', import.meta.url),
    maxWaiting: MAX_WAITING,
    timeoutMs,
    heapMb: WORKER_HEAP_MB,
  });
  return {
    async read(page) {
      try {
        return await pool.run(page);
      } catch (error) {
        if (!(error instanceof WorkerPoolError)) throw error;
        if (error.kind === 'busy')
          throw new PageReadError('busy', 'Too many pages are being imported right now; try again shortly');
        throw new PageReadError(
          'too-complex',
          `The page could not be read within ${timeoutMs / 1000} s: it is too large or too deeply nested to import`,
        );
      }
    },
    close: () => pool.close(),
  };
}
