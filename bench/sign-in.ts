// npm run bench:sign-in — how long a normal user's sign-in takes while others guess passwords (issue 29, item 2).
// Starts the real server as `npm start` does, with the embedded provider and its demo users, and signs in as
// `redaktor` over HTTP, one sign-in after another (login page, then the form post), each from a fresh loopback
// address (127.0.1.x), first idle, then during bursts of wrong passwords sent at once from other loopback
// addresses: from 1 address (200 guesses), from 50 (20 each: an address's allowance) and from 50 at redaktor's own account
// (5 each: the account-and-address allowance). Attackers answered 503 (password
// queue full) send again after its Retry-After, so the burst keeps pressing until the user's sign-ins are
// measured. Prints p50/p99/max of the user's sign-ins and what the guesses were answered.
// Then a spread flood (issue 52, item 4): 1,000 addresses, each in a /24 of its own, each guessing one password
// after another until the user's sign-ins are measured, once for a browser that signed in to redaktor before (it
// holds the provider's recent sign-in cookie) and once for a fresh browser (no cookie).
import { ADDRESS_RULE } from '../server/idp/abuse/throttle.ts';
import { percentile } from './report.ts';
import { signIn as signInAt } from './sign-in-flow.ts';
import { startServer } from './start-server.ts';

const SAMPLES = 20;

const server = await startServer({
  name: 'sign-in',
  env: {
    SERVE_SITE: 'false',
    LOG_LEVEL: 'error',
    IDP_RATE_LIMIT: '1000000', // the per-address request limit would otherwise answer the burst before the throttle
    IDP_SEED_DEMO_USERS: 'true',
  },
});
const signIn = async (from: string, username: string, password: string, cookie = '') =>
  (await signInAt(server.base, from, username, password, cookie)).status;

let userAddress = 0;
/** `samples` sign-ins by redaktor, one after another, each from a fresh address, with the browser's `cookie`. */
async function userSignIns(
  cookie = '',
  samples = SAMPLES,
  address = (n: number) => `127.0.1.${n}`,
): Promise<{ times: number[]; statuses: number[] }> {
  const times: number[] = [];
  const statuses: number[] = [];
  for (let i = 0; i < samples; i++) {
    userAddress += 1;
    const started = performance.now();
    // 0: the connection failed (a flood of a thousand addresses overflows the listen backlog).
    statuses.push(await signIn(address(userAddress), 'redaktor', 'redaktor', cookie).catch(() => 0));
    times.push(performance.now() - started);
  }
  return { times, statuses };
}

/** Each address sends `perAddress` wrong guesses at once; a 503 (or a failed connection) is sent again after a second until `stop`. */
function burst(
  addresses: string[],
  perAddress: number,
  username: (i: number) => string,
  stop: { done: boolean },
): Promise<number[]> {
  const guess = async (from: string, i: number): Promise<number> => {
    for (;;) {
      // 0: the connection failed (a thousand sockets opened at once overflow the listen backlog); sent again too.
      const status = await signIn(from, username(i), `fel-${i}`).catch(() => 0);
      if ((status !== 503 && status !== 0) || stop.done) return status;
      await new Promise((done) => setTimeout(done, 1000));
    }
  };
  return Promise.all(addresses.flatMap((from) => Array.from({ length: perAddress }, (_, i) => guess(from, i))));
}

const tally = (statuses: number[]) =>
  Object.entries(statuses.reduce<Record<number, number>>((all, s) => ({ ...all, [s]: (all[s] ?? 0) + 1 }), {}))
    .map(([status, n]) => `${n}×${status}`)
    .join(' ');

function line(label: string, user: { times: number[]; statuses: number[] }, guesses?: number[]): void {
  const sorted = [...user.times].sort((a, b) => a - b);
  const f = (n: number) => n.toFixed(0).padStart(6);
  console.log(
    `${label.padEnd(44)} n=${sorted.length}  p50 ${f(percentile(sorted, 50))} ms  p99 ${f(percentile(sorted, 99))} ms  max ${f(sorted.at(-1) ?? NaN)} ms` +
      `  user: ${tally(user.statuses)}${guesses ? `  guesses: ${tally(guesses)}` : ''}`,
  );
}

let round = 0;
async function during(
  label: string,
  addresses: number,
  perAddress: number,
  username: (i: number) => string,
): Promise<void> {
  round += 1;
  const stop = { done: false };
  const from = Array.from({ length: addresses }, (_, i) => `127.0.${10 + round}.${i + 1}`);
  const guesses = burst(from, perAddress, username, stop);
  await new Promise((done) => setTimeout(done, 500)); // the burst reaches the password queue first
  const user = await userSignIns();
  stop.done = true;
  line(label, user, await guesses);
}

const SPREAD_NETWORKS = 1000;
const SPREAD_SAMPLES = 5;
/** `npm run bench:sign-in -- spread`: the spread flood only. */
const spreadOnly = process.argv.includes('spread');

/**
 * The spread flood: `SPREAD_NETWORKS` addresses, each alone in its /24 (127.N.M.9), each sending one wrong guess
 * after another (after a 503 or a failed connection, a second later) until `stop` or its address's allowance of
 * failures is spent (the throttle answers after that without a check); returns every guess's answer.
 */
function spreadFlood(firstOctet: number, stop: { done: boolean }): Promise<number[]> {
  const answers: number[] = [];
  const guesser = async (n: number): Promise<void> => {
    const from = `127.${firstOctet + (n >> 8)}.${n & 255}.9`;
    for (let i = 0; i < ADDRESS_RULE.free && !stop.done; i++) {
      const status = await signIn(from, `okand-${n}-${i}`, `fel-${i}`).catch(() => 0);
      answers.push(status);
      if (status === 503 || status === 0) await new Promise((done) => setTimeout(done, 1000));
    }
  };
  return Promise.all(Array.from({ length: SPREAD_NETWORKS }, (_, n) => guesser(n))).then(() => answers);
}

async function duringSpread(label: string, cookie: string): Promise<void> {
  round += 1;
  const stop = { done: false };
  const guesses = spreadFlood(100 + 10 * round, stop);
  await new Promise((done) => setTimeout(done, 5000)); // every guesser has sent its first guess and the queue is full
  // Each sign-in from a /24 of its own, quiet until then, as a user's home network is during someone else's flood.
  const user = await userSignIns(cookie, SPREAD_SAMPLES, (n) => `127.${200 + round}.${n}.1`);
  stop.done = true;
  line(label, user, await guesses);
}

try {
  await signIn('127.0.1.250', 'redaktor', 'redaktor'); // warm-up
  console.log(
    `\nSign-in by redaktor (server pid ${server.pid}; each sign-in = login page + form post with one scrypt check)\n`,
  );
  line('idle', await userSignIns());
  if (!spreadOnly) {
    await during('burst: 1 address, 200 guesses, many accounts', 1, 200, (i) => `okand-${i}`);
    await during('burst: 50 addresses × 20 guesses, many accounts', 50, 20, (i) => `okand-${i}`);
    await during('burst: 50 addresses × 5 guesses at redaktor', 50, 5, () => 'redaktor');
  }
  // A browser that signed in before holds the recent sign-in cookie (and nothing else: no session).
  const earlier = await signInAt(server.base, '127.0.1.251', 'redaktor', 'redaktor');
  const recent = earlier.cookies.filter((c) => c.startsWith('KC_RECENT_SIGN_IN=')).join('; ');
  if (!recent) throw new Error('the sign-in set no recent sign-in cookie');
  await duringSpread(`spread: ${SPREAD_NETWORKS} /24s, a recent sign-in`, recent);
  await duringSpread(`spread: ${SPREAD_NETWORKS} /24s, a fresh browser`, '');
} finally {
  await server.stop();
}
