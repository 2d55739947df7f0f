import { createHash } from 'node:crypto';
import ipaddr from 'ipaddr.js';

// In-memory throttling of password guesses and registrations. Memory is enough: a restart forgets the counts,
// but an attacker cannot restart our process (the threat model is in docs/decisions/020-idp-threat-model.md).

// The address the throttles count a client under (sign-in guesses, registrations per hour). An IPv4 client is its
// address; an IPv6 client is its /64, because one household or server is handed a whole /64 and can pick a new
// address from it for every request (@fastify/rate-limit, which the request limits use, keys IPv6 by /64 too).

/** `203.0.113.7` → itself; `::ffff:203.0.113.7` → `203.0.113.7`; `2001:db8:1:2:a:b:c:d` → `2001:db8:1:2::/64`. */
export function clientKey(address: string): string {
  if (!ipaddr.isValid(address)) return address;
  const parsed = ipaddr.process(address);
  if (parsed.kind() === 'ipv4') return parsed.toString();
  const prefix = (parsed as ipaddr.IPv6).parts.slice(0, 4);
  return `${new ipaddr.IPv6([...prefix, 0, 0, 0, 0]).toString()}/64`;
}

// The network a client is in, for the password queue's fairness between networks (issue 35, item 8): one
// attacker easily holds a thousand addresses of a /24 or, in IPv6, 65,536 /64s of one /48 (a site's usual
// allocation), and fairness between addresses alone is then fairness between the attacker's addresses.

/** `203.0.113.7` (or its client key) → `203.0.113.0/24`; `2001:db8:1:2::/64` → `2001:db8:1::/48`; else itself. */
export function networkKey(address: string): string {
  const bare = address.endsWith('/64') ? address.slice(0, -3) : address;
  if (!ipaddr.isValid(bare)) return address;
  const parsed = ipaddr.process(bare);
  if (parsed.kind() === 'ipv4') return `${(parsed as ipaddr.IPv4).octets.slice(0, 3).join('.')}.0/24`;
  const prefix = (parsed as ipaddr.IPv6).parts.slice(0, 3);
  return `${new ipaddr.IPv6([...prefix, 0, 0, 0, 0, 0]).toString()}/48`;
}

// Failures are counted per client address and per account *from that address*, never per account alone:
// someone guessing from one address slows down only themselves, and the owner signs in from another address
// as usual. After `free` failures a key waits, and each further failure doubles the wait (Keycloak's
// "wait increment" with a cap); a success or `resetMs` without failures forgets the key.
export type ThrottleRule = { free: number; firstWaitMs: number; maxWaitMs: number; resetMs: number };

/** Guesses at one account from one address: the fifth failure waits 30 s, the next 1 min, 2 min ... up to 15 min. */
export const ACCOUNT_RULE: ThrottleRule = {
  free: 5,
  firstWaitMs: 30_000,
  maxWaitMs: 15 * 60_000,
  resetMs: 12 * 3600_000,
};
/** Guesses from one address at any accounts: the twentieth failure waits 1 min, doubling up to 15 min. */
export const ADDRESS_RULE: ThrottleRule = {
  free: 20,
  firstWaitMs: 60_000,
  maxWaitMs: 15 * 60_000,
  resetMs: 12 * 3600_000,
};

const MAX_KEYS = 50_000;

type Entry = { failures: number; lastFailure: number; waitUntil: number };

export class Throttle {
  readonly #entries = new Map<string, Entry>();
  // Attempts accepted for checking and not yet finished: each counts as a failure until it turns out otherwise.
  readonly #pending = new Map<string, number>();

  private readonly rule: ThrottleRule;
  private readonly now: () => number;

  constructor(rule: ThrottleRule, now: () => number = Date.now) {
    this.rule = rule;
    this.now = now;
  }

  /** Milliseconds this key must still wait (0: it may try now). */
  waitMs(key: string): number {
    const entry = this.#current(key);
    return entry ? Math.max(0, entry.waitUntil - this.now()) : 0;
  }

  /**
   * Whether one more attempt may be checked now, counting the attempts still being checked as failures: as if
   * they had all failed, no wait has started. So concurrent attempts get exactly what sequential ones would.
   */
  allows(key: string): boolean {
    if (this.waitMs(key) > 0) return false;
    const pending = this.#pending.get(key) ?? 0;
    return pending === 0 || (this.#current(key)?.failures ?? 0) + pending < this.rule.free;
  }

  /** An attempt is being checked (call `allows` first); `settle` ends it, before `fail` or `succeed`. */
  reserve(key: string): void {
    this.#pending.set(key, (this.#pending.get(key) ?? 0) + 1);
  }

  settle(key: string): void {
    const pending = (this.#pending.get(key) ?? 0) - 1;
    if (pending > 0) this.#pending.set(key, pending);
    else this.#pending.delete(key);
  }

  /** Records a failure; returns the wait it starts (0 while the key is within its free failures). */
  fail(key: string): number {
    const now = this.now();
    if (this.#entries.size >= MAX_KEYS) this.#prune(now);
    const entry = this.#current(key) ?? { failures: 0, lastFailure: now, waitUntil: 0 };
    entry.failures += 1;
    entry.lastFailure = now;
    // The `free`-th failure starts the first wait; each one after it doubles the wait, up to the cap.
    const doublings = entry.failures - this.rule.free;
    if (doublings >= 0)
      entry.waitUntil = now + Math.min(this.rule.firstWaitMs * 2 ** Math.min(doublings, 30), this.rule.maxWaitMs);
    this.#entries.set(key, entry);
    return Math.max(0, entry.waitUntil - now);
  }

  succeed(key: string): void {
    this.#entries.delete(key);
  }

  keys(): string[] {
    return [...this.#entries.keys(), ...this.#pending.keys()];
  }

  /** Recent failures plus attempts being checked: how much this key is guessing now. */
  load(key: string): number {
    return (this.#current(key)?.failures ?? 0) + (this.#pending.get(key) ?? 0);
  }

  #current(key: string): Entry | undefined {
    const entry = this.#entries.get(key);
    if (entry && entry.lastFailure + this.rule.resetMs <= this.now() && entry.waitUntil <= this.now()) {
      this.#entries.delete(key);
      return undefined;
    }
    return entry;
  }

  #prune(now: number): void {
    for (const [key, entry] of this.#entries) {
      if (entry.waitUntil <= now && entry.lastFailure + this.rule.resetMs <= now) this.#entries.delete(key);
    }
    // Still full (a flood of distinct keys): drop the oldest half rather than grow without bound.
    if (this.#entries.size >= MAX_KEYS) {
      const oldest = [...this.#entries]
        .sort((first, second) => first[1].lastFailure - second[1].lastFailure)
        .slice(0, MAX_KEYS / 2);
      for (const [key] of oldest) this.#entries.delete(key);
    }
  }
}

/** At most `limit` events per key within `windowMs` (registrations per address). */
export class WindowLimit {
  readonly #hits = new Map<string, number[]>();

  private readonly limit: number;
  private readonly windowMs: number;
  private readonly now: () => number;

  constructor(limit: number, windowMs: number, now: () => number = Date.now) {
    this.limit = limit;
    this.windowMs = windowMs;
    this.now = now;
  }

  /** Counts the event when allowed; false when the key has used its allowance. */
  take(key: string): boolean {
    const now = this.now();
    if (this.#hits.size >= MAX_KEYS) {
      for (const [hitKey, times] of this.#hits)
        if (times.every((time) => time <= now - this.windowMs)) this.#hits.delete(hitKey);
    }
    const recent = (this.#hits.get(key) ?? []).filter((time) => time > now - this.windowMs);
    if (recent.length >= this.limit) return false;
    this.#hits.set(key, [...recent, now]);
    return true;
  }
}

/**
 * Attempts accepted per key, decaying by half every `halfLifeMs`: how hard an address is pressing now. Unlike the
 * failure count it also sees attempts that were never checked (told to come back), which is what a burst that
 * keeps the password queue full mostly consists of.
 */
export class Pressure {
  readonly #counts = new Map<string, { value: number; at: number }>();

  private readonly halfLifeMs: number;
  private readonly now: () => number;

  constructor(halfLifeMs: number, now: () => number = Date.now) {
    this.halfLifeMs = halfLifeMs;
    this.now = now;
  }

  add(key: string): void {
    const now = this.now();
    if (this.#counts.size >= MAX_KEYS) {
      for (const [other] of this.#counts) if (this.get(other) < 0.5) this.#counts.delete(other);
      if (this.#counts.size >= MAX_KEYS) this.#counts.clear(); // a flood of distinct keys: start afresh
    }
    this.#counts.set(key, { value: this.get(key) + 1, at: now });
  }

  get(key: string): number {
    const entry = this.#counts.get(key);
    return entry ? entry.value * 2 ** (-(this.now() - entry.at) / this.halfLifeMs) : 0;
  }

  keys(): string[] {
    return [...this.#counts.keys()];
  }
}

/** A password check the throttles have accepted: exactly one of its methods is called when it ends. */
export type Attempt = {
  fail(): void;
  /** A right password: the account-and-address count is forgotten, the address gives back this attempt's slot. */
  succeed(): void;
  /** Not checked after all (the password queue was full): counts as nothing. */
  cancel(): void;
};

// Keys are fixed-size whatever the login typed (issue 29, item 5): a long name must not cost memory for hours.
const digest = (value: string) => createHash('sha256').update(value).digest('base64url');

/**
 * The sign-in throttles the provider keeps: guesses per account-and-address and per address. `accountKey` is
 * any string naming the account (login.ts passes a hash); `ip` is a `clientKey`. An attempt counts from the
 * moment it is accepted (`begin`), not when its password check ends, so a burst sent at once is held to the
 * same 5 and 20 as guesses sent one by one.
 */
export class LoginThrottle {
  readonly account: Throttle;
  readonly address: Throttle;
  readonly pressure: Pressure;

  constructor(now: () => number = Date.now) {
    this.account = new Throttle(ACCOUNT_RULE, now);
    this.address = new Throttle(ADDRESS_RULE, now);
    this.pressure = new Pressure(30_000, now);
  }

  /** Accepts a guess for this account from this address for checking, or null when it must wait. */
  begin(accountKey: string, ip: string): Attempt | null {
    const address = digest(ip);
    const account = digest(`${accountKey}@${ip}`);
    if (!this.address.allows(address) || !this.account.allows(account)) return null;
    this.address.reserve(address);
    this.account.reserve(account);
    this.pressure.add(address);
    this.pressure.add(digest(`net:${networkKey(ip)}`));
    let open = true;
    const end = (then: () => void) => () => {
      if (!open) return;
      open = false;
      this.address.settle(address);
      this.account.settle(account);
      then();
    };
    return {
      fail: end(() => {
        this.address.fail(address);
        this.account.fail(account);
      }),
      succeed: end(() => this.account.succeed(account)),
      cancel: end(() => {}),
    };
  }

  /**
   * How much this address is guessing now, for the password queue's fairness: its recent failures plus its
   * attempts being checked, or its accepted attempts of the last half-minute or so, whichever is more.
   */
  addressLoad(ip: string): number {
    const address = digest(ip);
    return Math.max(this.address.load(address), this.pressure.get(address));
  }

  /** How hard this address's network (`networkKey`) is pressing now: its accepted attempts of the last half-minute or so. */
  networkLoad(ip: string): number {
    return this.pressure.get(digest(`net:${networkKey(ip)}`));
  }

  /** Whether a guess for this account from this address must wait now (attempts being checked count). */
  isLocked(accountKey: string, ip: string): boolean {
    return !this.address.allows(digest(ip)) || !this.account.allows(digest(`${accountKey}@${ip}`));
  }

  /** Records a finished failure without `begin` (tests). */
  fail(accountKey: string, ip: string): void {
    this.address.fail(digest(ip));
    this.account.fail(digest(`${accountKey}@${ip}`));
  }

  /** Every key held now, for tests: each is a fixed-size digest. */
  keys(): string[] {
    return [...this.address.keys(), ...this.account.keys(), ...this.pressure.keys()];
  }
}
