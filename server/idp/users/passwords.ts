import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { PasswordQueue, type Requester } from '../abuse/password-queue.ts';

// scrypt from node:crypto: no native addon to build, and the parameters travel with the hash so they can grow.
// N=2^17, r=8, p=1 is OWASP's minimum for scrypt (Password Storage Cheat Sheet): 128 MiB and a few hundred
// milliseconds per hash. Hashes made with smaller parameters are upgraded at the next successful sign-in.
export const PARAMS = { N: 2 ** 17, r: 8, p: 1 } as const;
const KEY_LENGTH = 64;
const MAX_MEMORY = 256 * 1024 * 1024;

// Each derivation holds 128 MiB and a core: password-queue.ts decides when it runs, fairly between addresses.
export { PasswordCheckBusyError, PasswordQueue, type Requester } from '../abuse/password-queue.ts';

type Params = { N: number; r: number; p: number };

// The queue of whatever runs without a provider (the users CLI, start-up's demo users, tests). The provider passes
// its own queue (Idp.passwords) for everything it hashes and checks.
const toolQueue = new PasswordQueue();

function derive(password: string, salt: Buffer, params: Params, queue = toolQueue, requester?: Requester) {
  const opts: ScryptOptions = { ...params, maxmem: MAX_MEMORY };
  return queue.run<Buffer>(
    () =>
      new Promise((resolve, reject) => {
        scrypt(password.normalize('NFC'), salt, KEY_LENGTH, opts, (err, key) => (err ? reject(err) : resolve(key)));
      }),
    requester,
  );
}

/** Returns `scrypt$N$r$p$salt$hash` (base64url parts). `params` other than the default are for tests of upgrades. */
export async function hashPassword(password: string, params: Params = PARAMS, queue?: PasswordQueue): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, params, queue);
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

/**
 * `queue` is the provider's; `requester` (the client and account a sign-in is for) lets it keep one burst from
 * taking every turn.
 */
export async function verifyPassword(
  password: string,
  stored: string,
  queue?: PasswordQueue,
  requester?: Requester,
): Promise<boolean> {
  const parsed = parse(stored);
  if (!parsed) return false;
  const actual = await derive(password, parsed.salt, parsed.params, queue, requester);
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
