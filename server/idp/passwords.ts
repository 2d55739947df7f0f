import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

// scrypt from node:crypto: no native addon to build, and the parameters travel with the hash so they can grow.
// N=2^17, r=8, p=1 is OWASP's minimum for scrypt (Password Storage Cheat Sheet): 128 MiB and a few hundred
// milliseconds per hash. Hashes made with smaller parameters are upgraded at the next successful sign-in.
export const PARAMS = { N: 2 ** 17, r: 8, p: 1 } as const;
const KEY_LENGTH = 64;
const MAX_MEMORY = 256 * 1024 * 1024;

// Each derivation holds 128 MiB and a core: at most two run at once, and at most MAX_WAITING wait for a turn.
// Beyond that the caller is told to come back later (503), so a flood of sign-ins cannot exhaust the machine.
const MAX_RUNNING = 2;
const MAX_WAITING = 32;
let running = 0;
const waiting: (() => void)[] = [];

export class PasswordCheckBusyError extends Error {
  readonly statusCode = 503;
  constructor() {
    super('too many password checks at once');
  }
}

async function withSlot<T>(work: () => Promise<T>): Promise<T> {
  if (running >= MAX_RUNNING) {
    if (waiting.length >= MAX_WAITING) throw new PasswordCheckBusyError();
    await new Promise<void>((resolve) => waiting.push(resolve));
  } else {
    running += 1;
  }
  try {
    return await work();
  } finally {
    const next = waiting.shift();
    if (next) next(); // the slot passes on directly
    else running -= 1;
  }
}

type Params = { N: number; r: number; p: number };

function derive(password: string, salt: Buffer, params: Params): Promise<Buffer> {
  const opts: ScryptOptions = { ...params, maxmem: MAX_MEMORY };
  return withSlot(
    () =>
      new Promise((resolve, reject) => {
        scrypt(password.normalize('NFC'), salt, KEY_LENGTH, opts, (err, key) => (err ? reject(err) : resolve(key)));
      }),
  );
}

/** Returns `scrypt$N$r$p$salt$hash` (base64url parts). `params` other than the default are for tests of upgrades. */
export async function hashPassword(password: string, params: Params = PARAMS): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, params);
  return ['scrypt', params.N, params.r, params.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

function parse(stored: string) {
  const [scheme, cost, blockSize, parallelism, salt, hash] = stored.split('$');
  const params = { N: Number(cost), r: Number(blockSize), p: Number(parallelism) };
  const sane = scheme === 'scrypt' && !!salt && !!hash && [params.N, params.r, params.p].every(Number.isSafeInteger);
  // Never derive with parameters beyond ours (a tampered row must not make one check cost gigabytes).
  if (!sane || params.N > PARAMS.N || params.r > PARAMS.r || params.p > PARAMS.p) return null;
  return { params, salt: Buffer.from(salt, 'base64url'), hash: Buffer.from(hash, 'base64url') };
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parse(stored);
  if (!parsed) return false;
  const actual = await derive(password, parsed.salt, parsed.params);
  return actual.length === parsed.hash.length && timingSafeEqual(actual, parsed.hash);
}

/** Whether a stored hash was made with weaker parameters than today's (upgrade it when the password is known). */
export function needsRehash(stored: string): boolean {
  const parsed = parse(stored);
  return !parsed || parsed.params.N < PARAMS.N || parsed.params.r < PARAMS.r || parsed.params.p < PARAMS.p;
}

// Checked against when the user does not exist, so an unknown username costs the same time as a wrong password.
let dummy: Promise<string> | undefined;
export function dummyHash(): Promise<string> {
  dummy ??= hashPassword(randomBytes(16).toString('hex'));
  return dummy;
}
