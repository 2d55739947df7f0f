// npm run bench:photos — how long a 12-megapixel JPEG takes through the photo pipeline (server/photos/), how much
// the process's resident memory grows while 4 are uploaded at once, and how late the main thread's event loop runs
// meanwhile (issue 23's targets: p50 ≤ 2 s, ≤ 300 MB, p99 ≤ 50 ms). Runs the pool in this process, loaded by plain
// `node` as `npm start` does (type stripping), so the workers load exactly as in production. Two photos
// (bench/bench-photo-files.ts): the smooth one (noise, lightly blurred) and a detailed, high-entropy camera shot
// whose stored files come to megabytes (issue 35). Then each over HTTP to the real server started through
// `npm start` (bench/photos-server.ts). `--photo=smooth` or `--photo=detailed` runs one of them; `--server-only`
// skips the in-process part.
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { createPhotoProcessor } from '../server/photos/photo-processor.ts';
import { detailedPhoto, smoothPhoto } from './bench-photo-files.ts';
import { benchOnNpmStart } from './photos-server.ts';

const RUNS = 10;
const AT_ONCE = 4;
const MB = 1024 * 1024;
// The histogram times each 10 ms tick of a timer; what matters is how late it came, so the 10 ms are taken off.
const RESOLUTION_MS = 10;
const late = (ns: number) => `${Math.max(0, ns / 1e6 - RESOLUTION_MS).toFixed(1)} ms`;
const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;

const chosen = process.argv.find((a) => a.startsWith('--photo='))?.slice('--photo='.length);
const photos = [
  ['smooth', '12 MP JPEG, 4000x3000, smooth', smoothPhoto],
  ['detailed', '4.3 MP JPEG, 2400x1800, detailed and noisy', detailedPhoto],
] as const;

async function benchInProcess(title: string, photo: Buffer): Promise<void> {
  console.log(
    `${title}, ${(photo.length / MB).toFixed(1)} MB; ${RUNS} runs one after another, then ${AT_ONCE} at once`,
  );

  const cold = process.memoryUsage().rss; // the server before its first upload: no photo worker yet
  const processor = createPhotoProcessor({ timeoutMs: 60_000 });
  const first = await processor.process(photo); // starts the worker; not counted
  const afterFirst = process.memoryUsage().rss;
  for (const v of [first.original, ...first.variants])
    console.log(
      `  ${v.use.padEnd(8)} ${v.format.padEnd(4)} ${`${v.width}x${v.height}`.padEnd(9)} ${(v.bytes.length / 1024).toFixed(1)} KB`,
    );

  const idle = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
  idle.enable();
  await new Promise((done) => setTimeout(done, 1000));
  idle.disable();

  const times: number[] = [];
  const sequential = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
  sequential.enable();
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    await processor.process(photo);
    times.push(performance.now() - started);
  }
  sequential.disable();
  times.sort((a, b) => a - b);

  const baseline = process.memoryUsage().rss;
  let peak = baseline;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 10);
  const together = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
  together.enable();
  const started = performance.now();
  await Promise.all(Array.from({ length: AT_ONCE }, () => processor.process(photo)));
  const allDone = performance.now() - started;
  together.disable();
  clearInterval(sampler);
  await processor.close();

  console.log(`time per photo: p50 ${quantile(times, 0.5).toFixed(0)} ms, p90 ${quantile(times, 0.9).toFixed(0)} ms`);
  const plus = (from: number) => `+${((peak - from) / MB).toFixed(0)} MB`;
  console.log(
    `${AT_ONCE} at once: all done in ${allDone.toFixed(0)} ms; resident memory at peak ${plus(cold)} over the server ` +
      `before its first photo, ${plus(baseline)} over just before the ${AT_ONCE}`,
  );
  console.log(
    `  (the first photo alone, worker start included: +${((afterFirst - cold) / MB).toFixed(0)} MB; ` +
      `${RUNS} more one after another: +${((baseline - afterFirst) / MB).toFixed(0)} MB)`,
  );
  for (const [name, h] of [
    ['idle', idle],
    ['one after another', sequential],
    [`${AT_ONCE} at once`, together],
  ] as const)
    console.log(
      `event loop late, ${name}: p50 ${late(h.percentile(50))}, p99 ${late(h.percentile(99))}, max ${late(h.max)}`,
    );
}

for (const [name, title, make] of photos) {
  if (chosen && chosen !== name) continue;
  const photo = await make();
  console.log(`\n== ${name} photo ==`);
  if (!process.argv.includes('--server-only')) await benchInProcess(title, photo);
  await benchOnNpmStart(photo);
}
