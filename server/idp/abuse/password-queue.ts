// The queue every scrypt derivation waits in (passwords.ts). Each derivation holds 128 MiB and a core, so at most
// MAX_RUNNING run at once and at most MAX_WAITING wait; beyond that a check is refused with 503 at once. One queue
// per provider (the plugin makes it), so two apps in one process never share a turn.
//
// A plain first-come queue lets one address (or a crowd guessing at one account) fill it, so everyone else is
// refused or waits behind the whole burst (issue 29, item 2); fairness between addresses alone lets a crowd of
// fresh addresses in a few networks do the same (issue 35, item 8). Checks made for a sign-in therefore carry who
// asks — the client address, its network (/24, /48), the account, and whether the client is vouched for — and the
// queue is fair between them (docs/decisions/047-idp-sign-in-fair-by-network.md):
// - one network, one address and one account each run at most one check at a time, so a burst never holds every core;
// - a free core goes to the waiting check with the lowest rank, then the oldest. The rank is, in this order:
//   vouched for or not (a recent sign-in to this account from this browser, or a live session of its user: only
//   what the server signed or stored, see recent-sign-in.ts); its network's share; its address's share. A share is
//   the checks started since it last was idle plus those waiting, or what the throttle says it is pressing
//   (accepted attempts of the last half-minute or so), whichever is more. So a newcomer from another network goes
//   ahead of a crowd's guesses however many addresses the crowd has, and within a network a newcomer goes ahead
//   of the addresses that press harder;
// - at most MAX_WAITING_PER_CLIENT wait per address and MAX_WAITING_PER_ACCOUNT per account; when the queue
//   (or the account's part of it) is full, a newcomer takes the place of the latest check with the highest rank,
//   if that is above the newcomer's own — the displaced check gets the 503.
// Work without a requester (hashing a new password at registration, the CLI, start-up) keeps the old rules.

export const MAX_RUNNING = 2;
export const MAX_WAITING = 32;
export const MAX_WAITING_PER_CLIENT = 20;
export const MAX_WAITING_PER_ACCOUNT = 8;

export class PasswordCheckBusyError extends Error {
  readonly statusCode = 503;
  constructor() {
    super('too many password checks at once');
  }
}

/**
 * Who a password check is for: the client key (throttle.ts `clientKey`), its network (`networkKey`; the client
 * key when not given), a fixed-size account key, whether the server vouches for this client at this account, and
 * optionally how hard the address and its network are pressing now (LoginThrottle, this attempt included), which
 * the queue weighs beside what it sees itself.
 */
export type Requester = {
  client: string;
  network?: string;
  account: string;
  vouched?: boolean;
  weight?: () => number;
  networkWeight?: () => number;
};

type Job = { requester?: Requester; seq: number; start: () => void; refuse: (error: Error) => void };
type Load = { running: number; waiting: number; started: number };
type Rank = readonly [number, number, number];

const networkOf = (requester: Requester) => requester.network ?? requester.client;
// Lower goes first; checks without a requester (no sign-in behind them) go before any sign-in, as they always did.
const compare = (first: Rank, second: Rank) => first[0] - second[0] || first[1] - second[1] || first[2] - second[2];
const FIRST: Rank = [0, 0, 0];

class Loads {
  readonly #map = new Map<string, Load>();
  of(key: string): Load {
    let load = this.#map.get(key);
    if (!load) this.#map.set(key, (load = { running: 0, waiting: 0, started: 0 }));
    return load;
  }
  get(key: string): Load | undefined {
    return this.#map.get(key);
  }
  forget(key: string): void {
    const load = this.#map.get(key);
    if (load && load.running === 0 && load.waiting === 0) this.#map.delete(key);
  }
  get size(): number {
    return this.#map.size;
  }
}

export class PasswordQueue {
  #running = 0;
  #seq = 0;
  readonly #waiting: Job[] = [];
  readonly #clients = new Loads();
  readonly #networks = new Loads();
  readonly #accounts = new Loads();

  /** Runs `work` when the queue gives it a turn; rejects with PasswordCheckBusyError when there is no room. */
  async run<T>(work: () => Promise<T>, requester?: Requester): Promise<T> {
    let job!: Job;
    const turn = new Promise<void>((start, refuse) => {
      job = { requester, seq: this.#seq++, start, refuse };
    });
    if (this.#running < MAX_RUNNING && this.#mayStart(job)) {
      this.#begin(job);
    } else {
      this.#enqueue(job);
      if (!this.#admit(job)) {
        this.#unqueue(job);
        this.#forget(requester);
        throw new PasswordCheckBusyError();
      }
      try {
        await turn;
      } finally {
        this.#forget(requester);
      }
    }
    try {
      return await work();
    } finally {
      this.#release(job);
    }
  }

  /** For tests and the bench: what the queue holds now (`keys`: addresses, networks and accounts it tracks). */
  stats(): { running: number; waiting: number; keys: number } {
    const keys = this.#clients.size + this.#networks.size + this.#accounts.size;
    return { running: this.#running, waiting: this.#waiting.length, keys };
  }

  // How much a key has had: checks started in its current busy period plus checks waiting (a newcomer's own
  // included, as it is counted while it is being admitted), or what the throttle says, whichever is more.
  #share(load: Load | undefined, weight: number) {
    return Math.max(load ? load.started + load.waiting : 0, weight);
  }

  #rank(requester: Requester | undefined): Rank {
    if (!requester) return FIRST;
    return [
      requester.vouched ? 0 : 1,
      this.#share(this.#networks.get(networkOf(requester)), requester.networkWeight?.() ?? 0),
      this.#share(this.#clients.get(requester.client), requester.weight?.() ?? 0),
    ];
  }

  #mayStart(job: Job): boolean {
    const requester = job.requester;
    if (!requester) return true;
    return (
      (this.#clients.get(requester.client)?.running ?? 0) === 0 &&
      (this.#networks.get(networkOf(requester))?.running ?? 0) === 0 &&
      (this.#accounts.get(requester.account)?.running ?? 0) === 0
    );
  }

  #each(requester: Requester | undefined, change: (load: Load) => void): void {
    if (!requester) return;
    change(this.#clients.of(requester.client));
    change(this.#networks.of(networkOf(requester)));
    change(this.#accounts.of(requester.account));
  }

  #forget(requester: Requester | undefined): void {
    if (!requester) return;
    this.#clients.forget(requester.client);
    this.#networks.forget(networkOf(requester));
    this.#accounts.forget(requester.account);
  }

  #begin(job: Job): void {
    this.#running += 1;
    this.#each(job.requester, (load) => {
      load.running += 1;
      load.started += 1;
    });
    job.start();
  }

  #enqueue(job: Job): void {
    this.#waiting.push(job);
    this.#each(job.requester, (load) => (load.waiting += 1));
  }

  #unqueue(job: Job): void {
    this.#waiting.splice(this.#waiting.indexOf(job), 1);
    this.#each(job.requester, (load) => (load.waiting -= 1));
  }

  /** Starts waiting checks while cores are free: the lowest rank first, then the oldest. */
  #dispatch(): void {
    while (this.#running < MAX_RUNNING) {
      let next: Job | undefined;
      let best: Rank | undefined;
      for (const job of this.#waiting) {
        if (!this.#mayStart(job)) continue;
        const rank = this.#rank(job.requester);
        if (!best || compare(rank, best) < 0) [next, best] = [job, rank];
      }
      if (!next) return;
      this.#unqueue(next);
      this.#begin(next);
    }
  }

  /** Refuses the latest waiting check (among `candidates`, `newcomer` aside) with the highest rank above `limit`. */
  #displace(candidates: Job[], newcomer: Job, limit: Rank): boolean {
    let victim: Job | undefined;
    let most: Rank = limit;
    for (const job of candidates) {
      if (job === newcomer || !job.requester) continue;
      const rank = this.#rank(job.requester);
      const order = compare(rank, most);
      if (order > 0 || (victim && order === 0 && job.seq > victim.seq)) [victim, most] = [job, rank];
    }
    if (!victim) return false;
    this.#unqueue(victim);
    victim.refuse(new PasswordCheckBusyError());
    return true;
  }

  /** Whether the job (already counted as waiting) may stay; may refuse another check to make room for it. */
  #admit(job: Job): boolean {
    const requester = job.requester;
    if (!requester) return this.#waiting.length <= MAX_WAITING;
    if ((this.#clients.get(requester.client)?.waiting ?? 0) > MAX_WAITING_PER_CLIENT) return false;
    const own = this.#rank(requester);
    if ((this.#accounts.get(requester.account)?.waiting ?? 0) > MAX_WAITING_PER_ACCOUNT) {
      const sameAccount = this.#waiting.filter((other) => other.requester?.account === requester.account);
      if (!this.#displace(sameAccount, job, own)) return false;
    }
    return this.#waiting.length <= MAX_WAITING || this.#displace(this.#waiting, job, own);
  }

  #release(job: Job): void {
    this.#running -= 1;
    this.#each(job.requester, (load) => (load.running -= 1));
    this.#forget(job.requester);
    this.#dispatch();
  }
}
