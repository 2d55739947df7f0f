// npm run bench:import — /api/health latency while hostile pages are imported (issue 20, item 3; issue 29, item 6).
// Starts the real server as `npm start` does (`node server/start.ts`: type stripping, no tsx, so the reading
// workers load exactly as in production), then polls GET /api/health back to back, first idle, then while 4
// hostile imports run at once: 1 MB of unclosed <b> (the HTML tokenizer), and JSON-LD that sends the JSON repair
// into quadratic time (one block of `{` + `a:"b,` × 40,000, and as many such blocks as IMPORT_MAX_BYTES holds),
// pasted, and fetched from a page server here (127.0.0.1, opened with IMPORT_ALLOWED_ADDRESSES). Prints p50/p99/max
// of the health answers and what the imports answered. Target: p99 ≤ 50 ms.
// Then (issue 35, item 2) how long imports whose fetch hangs take to answer: pages and pictures on a server that
// accepts and never speaks (HTTP, and TLS whose handshake never comes) and pictures on names that do not resolve,
// 4 at a time. Target: the slowest answer (p100) ≤ IMPORT_TIMEOUT_MS + 500 ms.
import { createServer } from 'node:http';
import { createServer as createTcpServer, type Socket } from 'node:net';
import { startBenchIdentity } from './identity.ts';
import { freePort } from './net.ts';
import { percentile } from './report.ts';
import { startServer } from './start-server.ts';

const HOSTILE = '<b>'.repeat(333_000); // 1 MB: htmlparser2 took 47 s on it on the event loop
// 240 KB as a pasted body (its quotes escaped): jsonrepair ran 22 s on it on the event loop.
const REPAIR_BLOCK = `<script type="application/ld+json">{${'a:"b,'.repeat(40_000)}</script>`;
const repairPage = (blocks: number) => `<!doctype html><html><head>${REPAIR_BLOCK.repeat(blocks)}</head></html>`;
const MAX_BYTES = 2 * 1024 * 1024; // IMPORT_MAX_BYTES (its default), set for the server below
let mostBlocks = 1;
while (JSON.stringify({ html: repairPage(mostBlocks + 1) }).length <= MAX_BYTES) mostBlocks++;
const REPAIR_ONE = repairPage(1);
const REPAIR_MOST = repairPage(mostBlocks);
const ROUNDS = 3;
const IMPORT_TIMEOUT_MS = 2000; // set for the server below
const HANG_ROUNDS = 10;

const identity = await startBenchIdentity('recipes', 'recipes-frontend');
const pages = createServer((req, res) =>
  res.writeHead(200, { 'content-type': 'text/html' }).end(req.url === '/json-repair' ? REPAIR_MOST : HOSTILE),
);
const pagePort = await freePort();
await new Promise<void>((done) => pages.listen(pagePort, '127.0.0.1', done));
// Accepts every connection and never sends a byte.
const silentSockets = new Set<Socket>();
const silent = createTcpServer((socket) => void silentSockets.add(socket.on('error', () => undefined)));
const silentPort = await freePort();
await new Promise<void>((done) => silent.listen(silentPort, '127.0.0.1', done));
const server = await startServer({
  name: 'import',
  env: {
    KEYCLOAK_URL: identity.keycloakUrl,
    SERVE_SITE: 'false',
    LOG_LEVEL: 'error',
    WRITE_RATE_LIMIT: '1000000',
    IMPORT_ALLOWED_ADDRESSES: '127.0.0.1',
    IMPORT_MAX_BYTES: String(MAX_BYTES),
    IMPORT_TIMEOUT_MS: String(IMPORT_TIMEOUT_MS),
  },
}).catch(async (error: unknown) => {
  // The page server and the identity stand-in would keep this process alive.
  pages.close();
  silent.close();
  await identity.stop();
  throw error;
});
const base = server.base;

/** GET /api/health back to back until `until` settles; each answer's time in ms. */
async function healthWhile(until: Promise<unknown>): Promise<number[]> {
  let done = false;
  void until.finally(() => (done = true));
  const times: number[] = [];
  while (!done) {
    const started = performance.now();
    const res = await fetch(`${base}/api/health`);
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`/api/health answered ${res.status}`);
    times.push(performance.now() - started);
  }
  return times;
}

async function importOnce(body: unknown, took?: number[]): Promise<string> {
  const started = performance.now();
  const res = await fetch(`${base}/api/recipe-imports`, {
    method: 'POST',
    headers: { authorization: `Bearer ${identity.editorToken}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  await res.arrayBuffer();
  took?.push(performance.now() - started);
  return `${res.status} in ${Math.round(performance.now() - started)} ms`;
}

function line(label: string, times: number[], imports: string[] = []): void {
  const sorted = [...times].sort((a, b) => a - b);
  const f = (n: number) => n.toFixed(1).padStart(7);
  console.log(
    `${label.padEnd(34)} n=${String(sorted.length).padStart(5)}  p50 ${f(percentile(sorted, 50))} ms  p99 ${f(percentile(sorted, 99))} ms  max ${f(sorted.at(-1) ?? NaN)} ms` +
      (imports.length ? `   imports: ${imports.join(', ')}` : ''),
  );
}

try {
  await healthWhile(new Promise((done) => setTimeout(done, 500))); // warm-up
  console.log(`\n/api/health latency (server pid ${server.pid}, ${ROUNDS} rounds of 4 hostile imports at once)\n`);
  line('idle, 2 s', await healthWhile(new Promise((done) => setTimeout(done, 2000))));
  const sources: [string, unknown][] = [
    ['4 pasted 1 MB <b> pages', { html: HOSTILE }],
    ['4 fetched 1 MB <b> pages', { url: `http://127.0.0.1:${pagePort}/hostile` }],
    ['4 pasted JSON repair, 1 block', { html: REPAIR_ONE }],
    [`4 pasted JSON repair, ${mostBlocks} blocks`, { html: REPAIR_MOST }],
    [`4 fetched JSON repair, ${mostBlocks} bl.`, { url: `http://127.0.0.1:${pagePort}/json-repair` }],
  ];
  for (const [label, body] of sources) {
    const times: number[] = [];
    let answers: string[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const imports = Promise.all([1, 2, 3, 4].map(() => importOnce(body)));
      times.push(...(await healthWhile(imports)));
      answers = await imports;
    }
    line(label, times, answers);
  }

  console.log(
    `\nImports whose fetch hangs (IMPORT_TIMEOUT_MS ${IMPORT_TIMEOUT_MS}), ${HANG_ROUNDS} rounds of 4 at once\n`,
  );
  const recipe = (image: string) =>
    `<!doctype html><script type="application/ld+json">${JSON.stringify({ '@type': 'Recipe', name: 'Kladdkaka', image })}</script>`;
  const hangs: [string, unknown][] = [
    ['URL, silent HTTP server', { url: `http://127.0.0.1:${silentPort}/recipe` }],
    ['URL, silent TLS server', { url: `https://127.0.0.1:${silentPort}/recipe` }],
    ['pasted, picture on silent HTTP', { html: recipe(`http://127.0.0.1:${silentPort}/kaka.jpg`) }],
    ['pasted, picture on silent TLS', { html: recipe(`https://127.0.0.1:${silentPort}/kaka.jpg`) }],
    ['pasted, picture on unknown names', { html: recipe('http://bilder.receptboken.invalid/kaka.jpg') }],
  ];
  for (const [label, body] of hangs) {
    const took: number[] = [];
    const statuses = new Set<string>();
    for (let round = 0; round < HANG_ROUNDS; round++) {
      const answers = await Promise.all([1, 2, 3, 4].map(() => importOnce(body, took)));
      for (const answer of answers) statuses.add(answer.split(' ')[0]!);
    }
    const sorted = took.sort((a, b) => a - b);
    const f = (n: number) => Math.round(n).toString().padStart(5);
    console.log(
      `${label.padEnd(34)} n=${String(sorted.length).padStart(3)}  p50 ${f(percentile(sorted, 50))} ms  p100 ${f(sorted.at(-1) ?? NaN)} ms` +
        `  (target ≤ ${IMPORT_TIMEOUT_MS + 500})  answered ${[...statuses].join(', ')}`,
    );
  }
} finally {
  await server.stop();
  for (const socket of silentSockets) socket.destroy();
  silent.close();
  pages.close();
  await identity.stop();
}
