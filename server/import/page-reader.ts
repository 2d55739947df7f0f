// Reads imported pages in worker threads. A hostile page can make the HTML tokenizer take quadratic time (1 MB
// of unclosed <b> took 47 s), and on the event loop that would stall every request of the server. Here it stalls
// one worker: a piscina pool with a few threads and a bounded queue, and a time limit after which the task is
// aborted and the worker running it terminated (piscina starts a new one). docs/decisions/028-import-reading-workers.md
import { availableParallelism } from 'node:os';
import { Piscina } from 'piscina';
import type { PageText } from './read-recipe.ts';
import type { ImportedRecipe } from './recipe-draft.ts';

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

export type PageReader = { read(page: PageText): Promise<ImportedRecipe | null>; close(): Promise<void> };

// One core stays with the event loop; more than two readers at once gains an import nothing.
const THREADS = Math.max(1, Math.min(2, availableParallelism() - 1));
// Pages waiting for a reader (each at most IMPORT_MAX_BYTES); beyond this the import answers 503. Counted here:
// piscina's maxQueue is not applied while no worker is ready, which is exactly when pages pile up.
const MAX_WAITING = 16;
// A page of IMPORT_MAX_BYTES needs a few MB to read; this bounds a page built to exhaust memory instead.
const WORKER_HEAP_MB = 256;
const NICE = 10;

export function createPageReader({ timeoutMs }: { timeoutMs: number }): PageReader {
  // The worker loads the .ts file itself: Node strips its types, as for `npm start` (docs/decisions/021-server-lifecycle.md).
  const pool = new Piscina<PageText, ImportedRecipe | null>({
    filename: new URL('./read-recipe.ts', import.meta.url).href,
    minThreads: 0,
    maxThreads: THREADS,
    idleTimeout: 60_000,
    resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB },
    // Readers yield the CPU to the event loop when cores are short (Linux thread priority, via the optional
    // prebuilt @napi-rs/nice; without it the workers simply run at normal priority).
    niceIncrement: NICE,
  });
  const tooComplex = () =>
    new PageReadError(
      'too-complex',
      `The page could not be read within ${timeoutMs / 1000} s: it is too large or too deeply nested to import`,
    );

  let inFlight = 0;

  return {
    async read(page) {
      if (inFlight >= THREADS + MAX_WAITING)
        throw new PageReadError('busy', 'Too many pages are being imported right now; try again shortly');
      // The limit counts from the request, waiting for a free reader (or its start) included: an import answers within it.
      const signal = AbortSignal.timeout(timeoutMs);
      inFlight++;
      try {
        return await pool.run(page, { signal });
      } catch (error) {
        const e = error as { name?: string; code?: string };
        if (e.name === 'AbortError' || e.code === 'ERR_WORKER_OUT_OF_MEMORY') throw tooComplex();
        throw error;
      } finally {
        inFlight--;
      }
    },
    close: () => pool.destroy(),
  };
}
