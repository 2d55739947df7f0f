import { createHash, randomBytes } from 'node:crypto';
import { request as httpRequest, type ClientRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startIdp, type Harness } from './harness.ts';

// Issue 35, item 8: a flood of wrong passwords spread over 1,000 loopback addresses (about 6 tries each, under every
// rate limit and throttle) must not keep the owner out. Real HTTP: each request's socket is bound to its own
// 127.0.x.y (Linux routes all of 127/8 to lo), and the harness trusts no proxy, so the provider keys the client by
// the socket's address as it would in production.
let h: Harness;
let base: string;
beforeAll(async () => {
  // The default request limit (60 POSTs a minute per address) stays on: the flood is under it.
  h = await startIdp({ listen: true, env: { IDP_RATE_LIMIT: '60' } });
  base = h.config.publicUrl;
}, 300_000); // the demo users' password hashes, on a loaded machine
afterAll(() => h?.close());

type Answer = { status: number; headers: Record<string, string | string[] | undefined>; body: string };

// Requests still open, so the flood can hang up when it ends instead of waiting out the queue it filled.
const open = new Set<ClientRequest>();

function send(from: string, method: 'GET' | 'POST', path: string, cookie: string, form?: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      `${base}${path}`,
      {
        method,
        localAddress: from,
        agent: false,
        headers: {
          cookie,
          ...(form
            ? { 'content-type': 'application/x-www-form-urlencoded', 'content-length': Buffer.byteLength(form) }
            : {}),
        },
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      },
    );
    open.add(req);
    req.on('close', () => open.delete(req));
    req.on('error', reject);
    req.end(form);
  });
}

/** A browser's cookie jar, by name. */
type Jar = Map<string, string>;
const cookieHeader = (jar: Jar) => [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
function keep(jar: Jar, answer: Answer): void {
  for (const line of [answer.headers['set-cookie'] ?? []].flat()) {
    const [pair = ''] = line.split(';');
    const [name = '', value = ''] = pair.split('=');
    if (value) jar.set(name, value);
    else jar.delete(name);
  }
}

/** One sign-in through the login form from `from`: the form post's status (302 when signed in). */
async function signIn(from: string, username: string, password: string, jar: Jar = new Map()): Promise<number> {
  const query = new URLSearchParams({
    client_id: h.config.keycloakClientId,
    redirect_uri: `${base}/`,
    response_type: 'code',
    scope: 'openid',
    state: randomBytes(8).toString('hex'),
    code_challenge: createHash('sha256').update(randomBytes(32)).digest('base64url'),
    code_challenge_method: 'S256',
  });
  const page = await send(from, 'GET', `${h.realm}/protocol/openid-connect/auth?${query}`, cookieHeader(jar));
  keep(jar, page);
  const action = /id="kc-form-login" method="post" action="([^"]+)"/.exec(page.body)?.[1]?.replaceAll('&amp;', '&');
  const csrf = /name="csrf" value="([^"]+)"/.exec(page.body)?.[1] ?? '';
  if (!action) return page.status;
  const form = new URLSearchParams({ csrf, username, password }).toString();
  const answer = await send(from, 'POST', action.replace(base, ''), cookieHeader(jar), form);
  keep(jar, answer);
  return answer.status;
}

/** 1,000 addresses in four /24 networks: 127.0.1.1 ... 127.0.4.250. */
const FLOOD_ADDRESSES = Array.from({ length: 1000 }, (_, i) => `127.0.${1 + Math.floor(i / 250)}.${1 + (i % 250)}`);
const TRIES_PER_ADDRESS = 6;
const CONNECTIONS = 45;

/**
 * 45 connections sending wrong passwords, each try from the next address in turn, until `stop` or every address
 * has had its 6 tries. Every other try is at the owner's account (at most 3 per address: under the 5 an account
 * allows one address), the rest at names nobody has. A 503 is sent again after its Retry-After, as a browser would.
 */
function flood(stop: { done: boolean }) {
  const statuses: number[] = [];
  // 0: hung up when the flood ended.
  let next = 0;
  const connection = async () => {
    while (!stop.done && next < FLOOD_ADDRESSES.length * TRIES_PER_ADDRESS) {
      const n = next++;
      const from = FLOOD_ADDRESSES[n % FLOOD_ADDRESSES.length]!;
      const status = await signIn(from, n % 2 ? 'redaktor' : `okand-${n}`, `fel-${n}`).catch(() => 0);
      statuses.push(status);
      if (status === 503 || status === 0) await new Promise((done) => setTimeout(done, 1000));
    }
  };
  const all = Promise.all(Array.from({ length: CONNECTIONS }, connection));
  /** Resolves once the server has told the flood to come back (503: the password queue is full), or after `ms`. */
  const queueFull = (ms: number) =>
    new Promise<void>((resolve) => {
      const started = Date.now();
      const poll = setInterval(() => {
        if (statuses.includes(503) || Date.now() - started >= ms) {
          clearInterval(poll);
          resolve();
        }
      }, 20);
    });
  const end = () => {
    stop.done = true;
    for (const req of open) req.destroy(); // their checks still run in the server; nobody waits for them
    return all.then(() => statuses.filter((status) => status !== 0));
  };
  return { tries: () => next, queueFull, end };
}

async function timed(signInOnce: () => Promise<number>) {
  const started = performance.now();
  const status = await signInOnce();
  return { status, ms: Math.round(performance.now() - started) };
}

describe('sign-in against a flood from 1,000 addresses (issue 35, item 8)', () => {
  it("answers the owner's correct sign-in from another network within 3 s, 8 times out of 8", async () => {
    // The bound is the 3 s on a machine where one sign-in alone takes at most 0.75 s; where the machine is
    // slower (a loaded CI runner: one scrypt check took 17 s while this test was written beside six other
    // suites), four times what a sign-in alone takes. The owner waits for at most one check before its own.
    await signIn('127.0.200.2', 'redaktor', 'redaktor'); // warm-up
    const idle = await timed(() => signIn('127.0.200.2', 'redaktor', 'redaktor'));
    const bound = Math.max(3000, 4 * idle.ms);
    const attack = flood({ done: false });
    // The flood fills the password queue first: until it is told to come back (at most the 3 s this once slept).
    await attack.queueFull(3000);
    const owner: { status: number; ms: number }[] = [];
    let statuses: number[];
    try {
      for (let i = 0; i < 8; i++) owner.push(await timed(() => signIn('127.0.200.1', 'redaktor', 'redaktor')));
    } finally {
      statuses = await attack.end();
    }
    console.log(`owner's sign-ins under the flood (ms; alone: ${idle.ms}): ${owner.map((o) => o.ms).join(' ')}`);
    expect(owner.map((o) => o.status)).toEqual(Array(8).fill(302));
    for (const { ms } of owner) expect(ms).toBeLessThan(bound);
    // Measured under the flood: it was still pressing, and its guesses were refused or told to come back.
    expect(attack.tries()).toBeGreaterThan(100);
    expect(statuses.filter((s) => s === 503).length).toBeGreaterThan(0);
    expect(statuses.every((s) => [401, 503].includes(s))).toBe(true);
  }, 600_000);
});
