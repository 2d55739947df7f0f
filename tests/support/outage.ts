// One database outage under steady traffic: shared by the outage test and `npm run bench:faults`.
import { startTraffic, timeline, type Sample, type Send } from './traffic.ts';

export type OutageRun = { samples: Sample[]; t0: number; downAt: number; backAt: number; lines: string[] };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Traffic for `beforeMs`, then `down()`, `outageMs` later `up()`, then traffic for `afterMs` more. */
export async function runOutage(opts: {
  send: Send;
  readUrls: string[];
  label: string;
  down: () => Promise<void> | void;
  up: () => Promise<void> | void;
  outageMs: number;
  beforeMs?: number;
  afterMs?: number;
}): Promise<OutageRun> {
  const t0 = Date.now();
  const traffic = startTraffic(opts.send, { writers: 3, readers: 3, readUrls: opts.readUrls, label: opts.label });
  await sleep(opts.beforeMs ?? 1500);
  const downAt = Date.now();
  await opts.down();
  await sleep(opts.outageMs);
  await opts.up();
  const backAt = Date.now();
  await sleep(opts.afterMs ?? 3500);
  const samples = await traffic.stop();
  const lines = [
    `${opts.label}: down at ${downAt - t0} ms, back at ${backAt - t0} ms; r = read, w = write, ×count per second`,
    ...timeline(samples, t0, [
      { at: downAt, what: 'down' },
      { at: backAt, what: 'back' },
    ]),
  ];
  return { samples, t0, downAt, backAt, lines };
}
