// "Flytta in recept" (issue 38): another app's export file -> recipe drafts, for the service that imports them.
// Every byte of the file is read in worker threads (collection-task.ts in a pool of its own, one thread, made by the
// house's one pool module, server/worker-pool.ts; not the page reader's, so a page read never waits behind a scan),
// never on the event loop: unzip, gunzip, JSON, HTML-to-text, the ingredient lines. A task not done within timeoutMs
// is stopped (its worker terminated) and the file is refused with a sentence the person can read.
// docs/decisions/054-app-collections.md
import { createWorkerPool, WorkerPoolError } from '../../worker-pool.ts';
import { CollectionFileError } from './collection-errors.ts';
import type { CollectionTask, TaskResult } from './collection-task.ts';

import type { AppFormat, CollectionLimits, CollectionScan, PhotoRef } from './collection-types.ts';

export { CollectionFileError } from './collection-errors.ts';
export type { AppFormat, CollectionLimits, CollectionRecipe, CollectionScan, PhotoRef } from './collection-types.ts';

/** The person's name of each format. */
export const APP_NAMES: Record<AppFormat, string> = {
  paprika: 'Paprika',
  mealie: 'Mealie',
  tandoor: 'Tandoor',
  nextcloud: 'Nextcloud Cookbook',
  recipesage: 'RecipeSage',
  'schema-org': 'schema.org Recipe (JSON-LD)',
};

export type CollectionReader = {
  /** The file at `path`; `fileName` helps tell the format. Throws CollectionFileError, or WorkerPoolError('busy'). */
  scan(path: string, fileName?: string): Promise<CollectionScan>;
  /** One photo's raw bytes, as stored in the file (not checked as an image: the photo pipeline does that). */
  photo(path: string, ref: PhotoRef): Promise<Uint8Array>;
  close(): Promise<void>;
};

// Tasks waiting for a thread: an import reads its photos one after another, so a few suffice.
const MAX_WAITING = 8;
// A scan keeps the file's recipes as drafts and one entry at a time as text; this bounds a file built to exhaust
// memory with objects (the bytes themselves are bounded by each read's absolute limit, outside the heap; JSON's
// values by MAX_JSON_VALUES, and what its bytes and values would hold at once by MAX_JSON_MEMORY, before it is
// parsed). A 10,000-recipe Mealie backup (38 MB database.json) fits.
const WORKER_HEAP_MB = 256;
// One thread, whatever the cores: one read may take most of that heap, and two at once would double the server's
// peak (issue 52). A second read waits for the first, within its own time limit.
const THREADS = 1;

export function createCollectionReader(limits: CollectionLimits): CollectionReader {
  const pool = createWorkerPool<CollectionTask, TaskResult>({
    filename: new URL('./collection-task.ts', import.meta.url),
    maxWaiting: MAX_WAITING,
    timeoutMs: limits.timeoutMs,
    heapMb: WORKER_HEAP_MB,
    threads: THREADS,
  });
  async function run(task: CollectionTask): Promise<TaskResult> {
    let result: TaskResult;
    try {
      result = await pool.run(task);
    } catch (error) {
      if (!(error instanceof WorkerPoolError) || error.kind === 'busy') throw error;
      if (error.kind === 'out-of-memory')
        throw new CollectionFileError('Filen är för stor för att läsas in på en gång. Dela upp den i flera filer.');
      throw new CollectionFileError(`Filen kunde inte läsas inom ${seconds(limits.timeoutMs)} s.`);
    }
    if ('error' in result) throw new CollectionFileError(result.error);
    return result;
  }
  return {
    async scan(path, fileName) {
      const result = await run({ kind: 'scan', path, ...(fileName ? { fileName } : {}), limits });
      if (!('scan' in result)) throw new Error('collection worker: not a scan');
      return result.scan;
    },
    async photo(path, ref) {
      const result = await run({ kind: 'photo', path, ref, limits });
      if (!('photo' in result)) throw new Error('collection worker: not a photo');
      return result.photo;
    },
    close: () => pool.close(),
  };
}

// 30000 -> '30', 500 -> '0,5': the limit as a Swedish number of seconds.
function seconds(ms: number): string {
  return (Math.round(ms / 100) / 10).toLocaleString('sv-SE');
}
