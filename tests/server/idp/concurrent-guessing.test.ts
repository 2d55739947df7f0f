import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_LOGIN_LENGTH } from '../../../server/idp/pages/login.ts';
import { INVALID_CREDENTIALS } from '../../../server/idp/pages/pages.ts';
import { ACCOUNT_RULE, ADDRESS_RULE } from '../../../server/idp/abuse/throttle.ts';
import { authParams, Browser, csrfOf, login, startIdp, type Harness } from './harness.ts';

// Issue 29: guesses sent at once, bursts that would take everyone's turn, and login names that cost memory.
// Every burst goes through the real app (inject with a client address), so routes, throttle and queue all run.
let h: Harness;
beforeAll(async () => {
  h = await startIdp();
});
afterAll(() => h?.close());

let nextAddress = 1;
const address = () => `198.51.100.${nextAddress++}`;

const signIn = (ip: string, username: string, password: string) =>
  login(h, new Browser(h, ip), authParams(h), username, password);
const statusOf = async (ip: string, username: string, password: string) =>
  (await signIn(ip, username, password)).statusCode;
const count = (statuses: number[], status: number) => statuses.filter((s) => s === status).length;

describe('concurrent guesses (item 1)', () => {
  it('holds a burst of 34 at one account to 5 checked guesses; a right password as the 34th does not sign in', async () => {
    const [first, second] = [address(), address()];
    const [burst, withRight] = await Promise.all([
      Promise.all(Array.from({ length: 34 }, (_, i) => statusOf(first, 'besokare', `fel-${i}`))),
      Promise.all(
        Array.from({ length: 34 }, (_, i) => statusOf(second, 'redaktor', i === 33 ? 'redaktor' : `fel-${i}`)),
      ),
    ]);
    expect(count(burst, 401)).toBe(ACCOUNT_RULE.free);
    expect(count(burst, 429)).toBe(34 - ACCOUNT_RULE.free);
    expect(count(withRight, 401)).toBe(ACCOUNT_RULE.free);
    expect(withRight[33]).toBe(429);
    // Sequential guesses afterwards wait too: the burst got exactly what one-by-one guessing gets.
    expect(await statusOf(first, 'besokare', 'besokare')).toBe(429);
  }, 180_000);

  it('holds a burst of 200 over many accounts from one address to the 20 the address is allowed', async () => {
    const ip = address();
    const burst = await Promise.all(Array.from({ length: 200 }, (_, i) => statusOf(ip, `okand-${i}`, 'fel-losen')));
    expect(count(burst, 401)).toBe(ADDRESS_RULE.free);
    expect(count(burst, 429)).toBe(200 - ADDRESS_RULE.free);
    expect(await statusOf(ip, 'redaktor', 'redaktor')).toBe(429);
  }, 300_000); // twenty password checks, one at a time for one address, on a busy two-core machine
});

describe("bursts do not take the others' turns (item 2)", () => {
  const held = async (burst: Promise<number>[], probe: () => Promise<number>) => {
    let answered = 0;
    const all = Promise.all(burst.map((status) => status.finally(() => (answered += 1))));
    // Let the burst reach the password queue before the probe is sent.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const started = performance.now();
    const status = await probe();
    const ms = performance.now() - started;
    const pendingAfterProbe = burst.length - answered;
    return { status, ms, pendingAfterProbe, statuses: await all };
  };

  it('a correct sign-in from another address answers within 3 s while one address sends 200 guesses at once', async () => {
    const ip = address();
    const result = await held(
      Array.from({ length: 200 }, (_, i) => statusOf(ip, `gissning-${i}`, 'fel-losen')),
      () => statusOf(address(), 'redaktor', 'redaktor'),
    );
    expect(result.status).toBe(302);
    expect(result.ms).toBeLessThan(3000);
    expect(result.pendingAfterProbe).toBeGreaterThan(0); // measured while the burst was held
    expect(result.statuses.every((s) => s === 401 || s === 429 || s === 503)).toBe(true);
  }, 300_000);

  it('a burst at one account from 40 addresses neither stalls another user nor refuses the owner', async () => {
    const attackers = Array.from({ length: 40 }, address);
    const result = await held(
      attackers.flatMap((ip) => Array.from({ length: 5 }, (_, i) => statusOf(ip, 'besokare', `fel-${i}`))),
      () => statusOf(address(), 'redaktor', 'redaktor'),
    );
    expect(result.status).toBe(302);
    expect(result.ms).toBeLessThan(3000);
    expect(result.pendingAfterProbe).toBeGreaterThan(0);
    // The account's share of the queue is bounded: most of the crowd is told to come back, not queued.
    expect(count(result.statuses, 503)).toBeGreaterThan(0);
    expect(await statusOf(address(), 'besokare', 'besokare')).toBe(302);
  }, 300_000);
});

describe('long login names (item 5)', () => {
  const gc = (() => {
    setFlagsFromString('--expose-gc');
    return runInNewContext('gc') as () => void;
  })();
  const settledMemory = () => {
    gc();
    gc();
    return process.memoryUsage();
  };
  const long = (i: number) => `${i}${'ﷺ'.repeat(28_000)}`; // NFKC makes each 'ﷺ' 18 characters

  it('refuses a username over 255 characters before normalising, with the usual message', async () => {
    const res = await signIn(address(), 'r'.repeat(MAX_LOGIN_LENGTH + 1), 'redaktor');
    expect(res.statusCode).toBe(401);
    expect(res.body).toContain(INVALID_CREDENTIALS);
    expect(await statusOf(address(), `${'r'.repeat(MAX_LOGIN_LENGTH - 11)}@example.se`, 'x')).toBe(401);
    // The account page's own sign-in form has the same limit.
    const b = new Browser(h, address());
    const page = await b.request('GET', `${h.realm}/account`, undefined, { accept: 'text/html' });
    const action = /id="kc-form-login" method="post" action="([^"]+)"/.exec(page.body)![1]!.replaceAll('&amp;', '&');
    const account = await b.request('POST', action, {
      csrf: csrfOf(page.body),
      username: 'ﷺ'.repeat(MAX_LOGIN_LENGTH + 1),
      password: 'x',
    });
    expect(account.statusCode).toBe(401);
    expect(account.body).toContain(INVALID_CREDENTIALS);
  });

  it('100 failed sign-ins with a 252 KB username from 5 addresses keep at most 10 MB (heap and buffers)', async () => {
    const send = async (from: number, to: number) => {
      const addresses = Array.from({ length: 5 }, address);
      for (let i = from; i < to; i += 2) {
        const statuses = await Promise.all([i, i + 1].map((n) => statusOf(addresses[n % 5]!, long(n), 'fel-losen')));
        for (const status of statuses) expect([401, 429]).toContain(status);
      }
    };
    await send(1000, 1100); // warm-up: parsers, pages and buffers reach their working size first
    const before = settledMemory();
    await send(0, 100);
    const after = settledMemory();
    const mb = (bytes: number) => bytes / 1024 / 1024;
    // What the process keeps after collection (JS heap and buffers) is what a failure leaves behind: a key of the
    // whole normalised name kept ~2 MiB per failure (the old code grew it by 96 MB here). Resident memory is not
    // asserted: it also moves with what the allocator keeps of freed memory, which in CI ranged from 11 to 55 MB
    // over these 100 requests with nothing kept at all, so a bound on it failed or passed by chance.
    expect(mb(after.heapUsed + after.external - before.heapUsed - before.external)).toBeLessThan(10);
  }, 600_000);
});
