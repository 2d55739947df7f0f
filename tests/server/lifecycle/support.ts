// Helpers for the lifecycle tests: a real `npm start` in its own process group, an editor token from
// its embedded provider over HTTP, and a steady stream of authenticated writes over keep-alive sockets.
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { openDatabase } from '../../../server/db/index.ts';
import { seedRecipesIfEmpty } from '../../../server/db/transfer/seed.ts';
import { loadOrCreateKeys } from '../../../server/idp/protocol/keys.ts';
import { ensureDemoUsers } from '../../../server/idp/users/demo-users.ts';
import { freshPgliteDir } from '../../support/database.ts';
import { startScript } from '../../support/start-script.ts';

export const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/**
 * The environment a test server runs with: API and provider only (no site build), quiet logs, no write limit, and
 * the variables npm start's script sets (MALLOC_ARENA_MAX) for the tests that start Node themselves.
 */
export function serverEnv(port: number, dataDir: string, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return {
    ...process.env,
    ...startScript().env,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: dataDir,
    SERVE_SITE: 'false',
    LOG_LEVEL: 'warn',
    WRITE_RATE_LIMIT: '1000000',
    FILTER_READ_RATE_LIMIT: '1000000',
    IDP_RATE_LIMIT: '1000000',
    ...extra,
  };
}

/**
 * `node FLAGS server/start.ts` as `npm start` runs it (tests/support/start-script.ts), for the tests that start the
 * server with Node themselves (inside a pid namespace, as a container's entry point does).
 */
export function startArgs(): string[] {
  const { flags, file } = startScript();
  return [...flags, file];
}

export type Folder = { dir: string; remove(): void };

/**
 * A data folder as `npm start` leaves it after its first start: migrated, the demo recipes, the demo users (two
 * scrypt hashes of 128 MiB) and the provider's keys. Made once (in a file's beforeAll) in the test's own process;
 * `copy` gives each test its own copy, so each server started on one skips that first-start work.
 */
export async function startedFolders(): Promise<{ copy(): Folder; remove(): void }> {
  const template = freshPgliteDir();
  const db = await openDatabase({ dataDir: template.dir });
  try {
    await seedRecipesIfEmpty(db);
    await ensureDemoUsers(db);
  } finally {
    await db.close();
  }
  await loadOrCreateKeys(template.dir);
  return {
    copy() {
      const root = mkdtempSync(join(tmpdir(), 'recipe-book-test-'));
      const dir = join(root, 'data');
      cpSync(template.dir, dir, { recursive: true });
      return { dir, remove: () => rmSync(root, { recursive: true, force: true }) };
    },
    remove: template.remove,
  };
}

export type Exit = { code: number | null; signal: NodeJS.Signals | null };

export type Started = {
  child: ChildProcess;
  /** npm's pid, which is also its process group's id. */
  pid: number;
  baseUrl: string;
  output(): string;
  exited: Promise<Exit>;
};

export const BANNER = 'Receptboken kör på';

/** `npm start` as a process group leader (detached), resolved once the start banner is printed. */
export async function startNpm(port: number, dataDir: string, extra: Record<string, string> = {}): Promise<Started> {
  const child = spawn('npm', ['start'], {
    cwd: ROOT,
    env: serverEnv(port, dataDir, extra),
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let text = '';
  child.stdout.on('data', (chunk: Buffer) => (text += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (text += chunk.toString()));
  const exited = new Promise<Exit>((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })));
  await new Promise<void>((resolve, reject) => {
    const poll = setInterval(() => {
      if (text.includes(BANNER)) {
        clearInterval(poll);
        resolve();
      }
    }, 50);
    void exited.then(({ code, signal }) => {
      clearInterval(poll);
      reject(new Error(`npm start ended (${code ?? signal}) before listening:\n${text}`));
    });
  });
  return { child, pid: child.pid!, baseUrl: `http://127.0.0.1:${port}`, output: () => text, exited };
}

/** Kills whatever is left of a test's process group (after a failed assertion). */
export function killGroup(pid: number): void {
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    // already gone
  }
}

function cookiesOf(response: Response, jar: Map<string, string>): void {
  for (const line of response.headers.getSetCookie()) {
    const [pair] = line.split(';');
    const at = pair!.indexOf('=');
    jar.set(pair!.slice(0, at).trim(), pair!.slice(at + 1).trim());
  }
}

/** Signs in as the demo editor through the embedded provider's code flow (PKCE), as the site does. */
export async function editorToken(baseUrl: string, username = 'redaktor', password = 'redaktor'): Promise<string> {
  const realm = `${baseUrl}/realms/recipes/protocol/openid-connect`;
  const verifier = randomBytes(48).toString('base64url');
  const redirectUri = `${baseUrl}/`;
  const jar = new Map<string, string>();
  const cookie = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  const params = new URLSearchParams({
    client_id: 'recipes-frontend',
    redirect_uri: redirectUri,
    response_type: 'code',
    response_mode: 'fragment',
    scope: 'openid',
    state: randomBytes(8).toString('hex'),
    nonce: randomBytes(8).toString('hex'),
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
  });
  const page = await fetch(`${realm}/auth?${params}`, { redirect: 'manual' });
  cookiesOf(page, jar);
  const body = await page.text();
  const action = /id="kc-form-login" method="post" action="([^"]+)"/.exec(body)?.[1]?.replaceAll('&amp;', '&');
  const csrf = /name="csrf" value="([^"]+)"/.exec(body)?.[1];
  if (!action || !csrf) throw new Error(`no login form (${page.status})`);
  const login = await fetch(new URL(action, baseUrl), {
    method: 'POST',
    redirect: 'manual',
    headers: { cookie: cookie(), 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ csrf, username, password }),
  });
  const location = new URL(login.headers.get('location') ?? 'http://invalid/');
  const code = new URLSearchParams(location.hash.slice(1)).get('code');
  if (!code) throw new Error(`sign-in gave no code (${login.status})`);
  const tokens = await fetch(`${realm}/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      client_id: 'recipes-frontend',
      redirect_uri: redirectUri,
      code_verifier: verifier,
    }),
  });
  const json = (await tokens.json()) as { access_token?: string };
  if (!json.access_token) throw new Error(`no access token (${tokens.status})`);
  return json.access_token;
}

export type Write = {
  name: string;
  /** performance.now() when the request was handed to the socket. */
  sentAt: number;
  doneAt: number;
  /** Whether it went out on a keep-alive socket that had already carried a request. */
  reused: boolean;
  status?: number;
  connectionHeader?: string;
  id?: number;
  error?: string;
};

function postOnce(agent: Agent, baseUrl: string, token: string, name: string): Promise<Write> {
  const body = JSON.stringify({
    name,
    instructions: 'Blanda och grädda.',
    servings: 2,
    ingredients: [{ name: 'Mjöl' }],
  });
  return new Promise((resolve) => {
    const write: Write = { name, sentAt: performance.now(), doneAt: 0, reused: false };
    const req = request(`${baseUrl}/api/recipes`, {
      method: 'POST',
      agent,
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(body),
      },
    });
    req.on('socket', () => {
      write.reused = req.reusedSocket;
    });
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        write.status = res.statusCode;
        write.connectionHeader = res.headers.connection;
        if (res.statusCode === 201) write.id = (JSON.parse(Buffer.concat(chunks).toString()) as { id: number }).id;
        write.doneAt = performance.now();
        resolve(write);
      });
      res.on('error', (error: NodeJS.ErrnoException) => {
        write.error = error.code ?? error.message;
        write.doneAt = performance.now();
        resolve(write);
      });
    });
    req.on('error', (error: NodeJS.ErrnoException) => {
      write.error = error.code ?? error.message;
      write.doneAt = performance.now();
      resolve(write);
    });
    req.end(body);
  });
}

export type Load = {
  writes: Write[];
  /** Resolves once `count` writes have been answered 201. */
  acknowledged(count: number): Promise<void>;
  /** Resolves when every worker has stopped (the server refused a connection, or stop() was called). */
  done: Promise<void>;
  stop(): void;
};

/**
 * `connections` workers, each with one keep-alive socket, each sending the next POST as soon as the
 * previous one is answered, until the server refuses connections (it stopped listening) or stop().
 */
export function writeLoad(baseUrl: string, token: string, connections = 6): Load {
  const writes: Write[] = [];
  let stopped = false;
  let ok = 0;
  const waiters: { count: number; resolve(): void }[] = [];
  const tag = randomBytes(3).toString('hex');
  const worker = async (w: number) => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      for (let i = 0; !stopped; i++) {
        const write = await postOnce(agent, baseUrl, token, `Belastning ${tag} ${w}-${i}`);
        writes.push(write);
        if (write.status === 201) {
          ok++;
          for (const waiter of waiters.splice(0)) (ok >= waiter.count ? waiter.resolve : () => waiters.push(waiter))();
        }
        if (write.error === 'ECONNREFUSED') break;
        // Anything else unexpected (a reset, a 5xx other than 503): keep going; the test judges.
        if (write.error) await new Promise((r) => setTimeout(r, 5));
      }
    } finally {
      agent.destroy();
    }
  };
  const done = Promise.all(Array.from({ length: connections }, (_, w) => worker(w))).then(() => undefined);
  return {
    writes,
    acknowledged: (count) =>
      new Promise<void>((resolve) => (ok >= count ? resolve() : waiters.push({ count, resolve }))),
    done,
    stop: () => void (stopped = true),
  };
}
