// npm run bench:move-in-memory — issue 52 item 2: the server's memory while it reads files built to fill it, and a
// large real export. Each file is previewed (POST /api/recipe-collections/preview: the scan, in the collection
// worker) on a fresh `npm start` server (PGlite, a temporary data folder); the server's process (its worker threads
// are threads of it) is sampled from /proc every 20 ms. Prints per file: the answer, its seconds, the server's
// resident memory idle, warm (its collection worker started by a small file) and at its peak (sampled; VmHWM, the
// kernel's high-water mark since the server started). Target: the peak under 512 MB for any file.
// `--cases=objects,string` for fewer.
import { gzipSync } from 'node:zlib';
import { mealieBackup, sampleRecipes, tandoorExport } from '../tests/fixtures/apps/make-exports.ts';
import { tandoorWithLargeInnerZip } from '../tests/server/collections/inner-zip-file.ts';
import { startBenchIdentity } from './identity.ts';
import { machineLoad, memoryOf } from './report.ts';
import { startServer, type BenchServer } from './start-server.ts';

type Case = { what: string; file: string; build: () => Promise<Buffer> | Buffer; times?: number };

// The most values a JSON text may hold is 2,500,000 (MAX_JSON_VALUES): the costliest shape just under it (one object
// of unique keys, each an empty object), padded with one string to just under the 64 MB of text read at once. Since
// MAX_JSON_MEMORY it is refused before it is parsed, as are 'wide' and 'maps'.
function worstUnderTheBound(): Buffer {
  const keys = 1_200_000;
  const members = Array.from({ length: keys }, (_, i) => `"k${i}":{}`).join(',');
  const pad = 63_500_000 - members.length - 20;
  return Buffer.from(`{${members},"pad":"${'x'.repeat(pad)}"}`);
}

const CASES: Record<string, Case> = {
  objects: {
    what: '48 MB JSON, six million small objects',
    file: 'recept.json',
    build: () => Buffer.from(`[${'{"a":1},'.repeat(5_999_999)}{"a":1}]`),
  },
  string: {
    what: 'a gzip of one 63 MB string (Paprika recipe)',
    file: 'Bulle.paprikarecipe',
    build: () =>
      gzipSync(`{"name":"Bulle","ingredients":"1 ägg","directions":"${'a'.repeat(63_000_000)}"}`, { level: 9 }),
  },
  wide: {
    what: 'the same string holding one character beyond U+00FF',
    file: 'Bulle.paprikarecipe',
    build: () =>
      gzipSync(`{"name":"Bulle","ingredients":"1 ägg","directions":"${'a'.repeat(63_000_000)}ā"}`, { level: 9 }),
  },
  maps: {
    what: '17.5 MB JSON, 1.24 million objects of their own keys',
    file: 'recept.json',
    build: () => Buffer.from(`[${Array.from({ length: 1_240_000 }, (_, i) => `{"k${i}":0}`).join(',')}]`),
  },
  worst: {
    what: '63.5 MB JSON, 2.4 million values of unique keys',
    file: 'recept.json',
    build: worstUnderTheBound,
  },
  'worst-twice': {
    what: 'the same, two previews at once',
    file: 'recept.json',
    build: worstUnderTheBound,
    times: 2,
  },
  tandoor: {
    what: 'Tandoor zip of one 600 MB inner zip',
    file: 'tandoor.zip',
    build: async () => (await tandoorWithLargeInnerZip(600)).bytes,
  },
  mealie: {
    what: 'Mealie backup of 10,000 recipes (fixtures)',
    file: 'mealie-backup.zip',
    build: () => mealieBackup(sampleRecipes(10_000)),
  },
};
const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
const NAMES = (arg('cases') ?? Object.keys(CASES).join(',')).split(',');

async function preview(server: BenchServer, token: string, file: string, body: Buffer) {
  const res = await fetch(`${server.base}/api/recipe-collections/preview`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': 'application/octet-stream',
      'x-file-name': encodeURIComponent(file),
    },
    body: new Uint8Array(body),
  });
  const json = (await res.json()) as { count?: { recipes: number }; fields?: { file?: string } };
  const said = json.count ? `${json.count.recipes} recipes` : (json.fields?.file ?? JSON.stringify(json).slice(0, 80));
  return `${res.status} ${said}`;
}

const identity = await startBenchIdentity('recipes', 'recipes-frontend');
console.log(`bench:move-in-memory: load ${machineLoad()}`);
console.log('file                                              MB up  answer (seconds)');
console.log('                                                         RSS idle / warm -> peak sampled (VmHWM) MB');
try {
  for (const name of NAMES) {
    const c = CASES[name];
    if (!c) throw new Error(`unknown case ${name}`);
    const body = await c.build();
    const server = await startServer({
      name: 'move-in-memory',
      throughNpm: true,
      env: { KEYCLOAK_URL: identity.keycloakUrl, SERVE_SITE: 'false', LOG_LEVEL: 'warn' },
    });
    try {
      const idle = memoryOf(server.pid).rssMb;
      await preview(server, identity.editorToken, 'tandoor.zip', tandoorExport(sampleRecipes(2)));
      const warm = memoryOf(server.pid).rssMb;
      let peak = warm;
      const sampling = setInterval(() => {
        try {
          peak = Math.max(peak, memoryOf(server.pid).rssMb);
        } catch {
          // The server ended (it would be in the answer).
        }
      }, 20);
      const started = performance.now();
      const answers = await Promise.all(
        Array.from({ length: c.times ?? 1 }, () => preview(server, identity.editorToken, c.file, body)),
      ).finally(() => clearInterval(sampling));
      const seconds = (performance.now() - started) / 1000;
      const { peakMb } = memoryOf(server.pid);
      console.log(
        `${c.what.padEnd(48)} ${(body.length / 1e6).toFixed(1).padStart(6)}  ${answers.map((a) => a.slice(0, 90)).join(' | ')} (${seconds.toFixed(1)} s)`,
      );
      console.log(
        `${''.padEnd(56)} ${idle.toFixed(0)} / ${warm.toFixed(0)} -> ${peak.toFixed(0)} (${peakMb.toFixed(0)})`,
      );
    } finally {
      await server.stop();
    }
  }
} finally {
  await identity.stop();
}
