// npm run bench:photos-hostile — issue 35's hostile photos against the real server (`npm start`, fresh data folder):
// 4 uploads at once of each file, while the resident memory of the server and of its photo processes (its children)
// is read every 50 ms. The files are written byte by byte (tests/server/photos/many-scans-jpeg.ts), 39 MP but the last:
// issue 35's CMYK file of 3,529 scans, a YCbCr 4:2:0 variant of 2,649 (both refused from their scan count), CMYK of
// 97 scans (under the scan bound; refused from its frame header: its decode would hold 314 MB of coefficients), and
// the worst file under both bounds, which is decoded: CMYK, 97 scans, 16.5 MP (126 MB of coefficients).
// Prints the answers, their times, the peak memory beside the product's 512 MB, and the photo processes' CPU in the
// 2 s after the last answer (a decode that outlived its answer would show there).
import { readdirSync, readFileSync } from 'node:fs';
import { manyScansJpeg } from '../tests/server/photos/many-scans-jpeg.ts';
import { accessToken } from './sign-in-flow.ts';
import { machineLoad } from './report.ts';
import { startServer, type BenchServer } from './start-server.ts';

const AT_ONCE = 4;
const BUDGET_MB = 512;
const SIDE = { width: 7_000, height: 5_600 };

/** The fields of /proc/PID/stat after the name (which is in parentheses and may hold spaces). */
const statOf = (pid: number) => {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
};
const childrenOf = (parent: number) =>
  readdirSync('/proc')
    .filter((e) => /^\d+$/.test(e))
    .flatMap((e) => {
      try {
        return Number(statOf(Number(e))[1]) === parent ? [Number(e)] : [];
      } catch {
        return []; // ended while read
      }
    });
const rssMb = (pid: number) => {
  try {
    return Number(/^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
  } catch {
    return 0;
  }
};
const cpuSeconds = (pid: number) => {
  try {
    const f = statOf(pid);
    return (Number(f[11]) + Number(f[12])) / 100; // utime + stime, in clock ticks (100 a second on Linux)
  } catch {
    return 0; // ended
  }
};

async function upload(server: BenchServer, token: string, photo: Uint8Array<ArrayBuffer>) {
  const started = performance.now();
  const res = await fetch(`${server.base}/api/photos`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'image/jpeg' },
    body: photo,
  });
  const body = (await res.json()) as { photoError?: string };
  return { status: res.status, kind: body.photoError ?? 'stored', ms: performance.now() - started };
}

async function settle(pid: number) {
  const readings: number[] = [];
  for (let i = 0; i < 90; i++) {
    readings.push(rssMb(pid));
    const last = readings.slice(-8);
    if (last.length === 8 && Math.max(...last) - Math.min(...last) <= 3) return;
    await new Promise((done) => setTimeout(done, 1000));
  }
}

const files = [
  { name: "issue 35's file: CMYK, 3,529 scans", bytes: manyScansJpeg(SIDE) },
  {
    name: 'variant: YCbCr 4:2:0, DC split, 2,649 scans',
    bytes: manyScansJpeg({ ...SIDE, layout: 'ycbcr-420', dcSplit: true }),
  },
  {
    name: 'under the scan bound: CMYK, 97 scans, 314 MB of coefficients (refused from its frame header)',
    bytes: manyScansJpeg({ ...SIDE, maxAl: 0, acBands: 24 }),
  },
  {
    name: 'under both bounds: CMYK 4,700x3,500, 97 scans, 126 MB of coefficients (decoded)',
    bytes: manyScansJpeg({ width: 4_700, height: 3_500, maxAl: 0, acBands: 24 }),
  },
];
const loadBefore = machineLoad();
const server = await startServer({
  name: 'photos-hostile',
  env: { SERVE_SITE: 'false', LOG_LEVEL: 'error' },
  throughNpm: true,
});
try {
  const token = await accessToken(server.base, '127.0.0.1', 'redaktor', 'redaktor');
  // The route's first answer (its code compiled, the connection opened) is not what this measures.
  await upload(server, token, new Uint8Array(Buffer.from('not a picture')));
  await settle(server.pid);
  console.log(
    `${AT_ONCE} uploads at once of each file to npm start (pid ${server.pid}); ` +
      `load average before ${loadBefore}\n`,
  );
  for (const file of files) {
    const atRest = rssMb(server.pid) + childrenOf(server.pid).reduce((n, c) => n + rssMb(c), 0);
    let peakTotal = atRest;
    let peakServer = rssMb(server.pid);
    let mostProcesses = childrenOf(server.pid).length;
    const reading = setInterval(() => {
      const kids = childrenOf(server.pid);
      const own = rssMb(server.pid);
      peakServer = Math.max(peakServer, own);
      peakTotal = Math.max(peakTotal, own + kids.reduce((n, c) => n + rssMb(c), 0));
      mostProcesses = Math.max(mostProcesses, kids.length);
    }, 50);
    const started = performance.now();
    const answers = await Promise.all(
      Array.from({ length: AT_ONCE }, () => upload(server, token, new Uint8Array(file.bytes))),
    );
    const allMs = performance.now() - started;
    clearInterval(reading);
    // Per process alive at the last answer: one killed since then has used nothing more.
    const atAnswer = new Map(childrenOf(server.pid).map((c) => [c, cpuSeconds(c)]));
    await new Promise((done) => setTimeout(done, 2000));
    const cpuAfter = [...atAnswer].reduce((n, [c, was]) => n + Math.max(0, cpuSeconds(c) - was), 0);
    const kinds = [...new Set(answers.map((a) => `${a.status} ${a.kind}`))].join(', ');
    const times = answers
      .map((a) => a.ms)
      .sort((a, b) => a - b)
      .map((ms) => `${ms.toFixed(0)}`)
      .join('/');
    console.log(`${file.name} (${(file.bytes.length / 1024).toFixed(0)} KB)`);
    console.log(`  answers: ${kinds}; times ${times} ms; all done in ${(allMs / 1000).toFixed(1)} s`);
    console.log(
      `  RSS, server + photo processes: at rest ${atRest.toFixed(0)} MB, peak ${peakTotal.toFixed(0)} MB ` +
        `(budget ${BUDGET_MB} MB: ${peakTotal <= BUDGET_MB ? 'within' : 'OVER'}); the server alone at peak ` +
        `${peakServer.toFixed(0)} MB; photo processes at most ${mostProcesses} at once`,
    );
    console.log(`  photo processes' CPU in the 2 s after the last answer: ${cpuAfter.toFixed(2)} s\n`);
  }
} finally {
  await server.stop();
}
