// What every pool thread runs (server/worker-pool.ts): it loads the task's module (once per thread; Node keeps it),
// then tells the pool the task has started, so a task's time limit counts its own work and not a thread's start or
// its module's loading, which on a busy machine at nice 10 can take seconds (docs/decisions/028).
import type { MessagePort } from 'node:worker_threads';

export type EntryTask<In> = { module: string; input: In; started: MessagePort };

export default async function runTask<In, Out>({ module, input, started }: EntryTask<In>): Promise<Out> {
  const work = (await import(module)) as { default: (input: In) => Out | Promise<Out> };
  started.postMessage(null);
  started.close();
  return work.default(input);
}
