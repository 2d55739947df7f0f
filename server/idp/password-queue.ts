// The queue every scrypt derivation waits in (passwords.ts). Each derivation holds 128 MiB and a core, so at most
// MAX_RUNNING run at once and at most MAX_WAITING wait; beyond that a check is refused with 503 at once.
//
// A plain first-come queue lets one address (or a crowd guessing at one account) fill it, so everyone else is
// refused or waits behind the whole burst (issue 29, item 2). Checks made for a sign-in therefore carry who
// asks — the client address and the account — and the queue is fair between them:
// - one address runs at most one check at a time, and one account too, so a burst never holds every core;
// - a free core goes to the waiting check whose address has the smallest share (then the oldest): its checks
//   started since it last was idle plus those waiting, or what the throttle says it is pressing (its accepted
//   attempts of the last half-minute, failures, attempts in flight), whichever is more; so a newcomer goes
//   ahead of a burst's guesses, even of a crowd of addresses that each keep one guess waiting and retry;
// - at most MAX_WAITING_PER_CLIENT wait per address and MAX_WAITING_PER_ACCOUNT per account; when the queue
//   (or the account's part of it) is full, a newcomer takes the place of the latest check of the address with
//   the largest share, if that is more than the newcomer's own — the displaced check gets the 503.
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
 * Who a password check is for: the client key (throttle.ts `clientKey`) and a fixed-size account key, and
 * optionally how hard that address is pressing now (LoginThrottle.addressLoad, this attempt included), which
 * the queue weighs beside what it sees itself.
 */
export type Requester = { client: string; account: string; weight?: () => number };

type Job = { requester?: Requester; seq: number; start: () => void; refuse: (error: Error) => void };
type Load = { running: number; waiting: number; started: number };

let running = 0;
let seq = 0;
const waiting: Job[] = [];
const clients = new Map<string, Load>();
const accounts = new Map<string, Load>();

const loadOf = (map: Map<string, Load>, key: string) => {
  let load = map.get(key);
  if (!load) map.set(key, (load = { running: 0, waiting: 0, started: 0 }));
  return load;
};
const forget = (map: Map<string, Load>, key: string) => {
  const load = map.get(key);
  if (load && load.running === 0 && load.waiting === 0) map.delete(key);
};
// How much an address has had: checks started in its current busy period plus checks waiting, or what the
// throttle says it is guessing, whichever is more. `extra` counts a newcomer's own check as if admitted.
const share = (requester: Requester | undefined, extra = 0) => {
  if (!requester) return 0;
  const load = clients.get(requester.client);
  return Math.max((load ? load.started + load.waiting : 0) + extra, requester.weight?.() ?? 0);
};

function mayStart(job: Job): boolean {
  if (!job.requester) return true;
  return (
    (clients.get(job.requester.client)?.running ?? 0) === 0 && (accounts.get(job.requester.account)?.running ?? 0) === 0
  );
}

function begin(job: Job): void {
  running += 1;
  if (job.requester) {
    const client = loadOf(clients, job.requester.client);
    client.running += 1;
    client.started += 1;
    loadOf(accounts, job.requester.account).running += 1;
  }
  job.start();
}

function unqueue(job: Job): void {
  waiting.splice(waiting.indexOf(job), 1);
  if (!job.requester) return;
  loadOf(clients, job.requester.client).waiting -= 1;
  loadOf(accounts, job.requester.account).waiting -= 1;
}

/** Starts waiting checks while cores are free: the smallest share for their address first, then the oldest. */
function dispatch(): void {
  while (running < MAX_RUNNING) {
    let next: Job | undefined;
    let best = Infinity;
    for (const job of waiting) {
      if (!mayStart(job)) continue;
      const jobShare = share(job.requester);
      if (jobShare < best) [next, best] = [job, jobShare];
    }
    if (!next) return;
    unqueue(next);
    begin(next);
  }
}

/** Refuses the latest waiting check (among `candidates`) of the address with the largest share above `limit`. */
function displace(candidates: Job[], limit: number): boolean {
  let victim: Job | undefined;
  let most = 0;
  for (const job of candidates) {
    const jobShare = share(job.requester);
    if (!job.requester || jobShare <= limit) continue;
    if (!victim || jobShare > most || (jobShare === most && job.seq > victim.seq)) [victim, most] = [job, jobShare];
  }
  if (!victim) return false;
  unqueue(victim);
  victim.refuse(new PasswordCheckBusyError());
  return true;
}

function admit(job: Job): boolean {
  const requester = job.requester;
  if (!requester) return waiting.length < MAX_WAITING;
  if ((clients.get(requester.client)?.waiting ?? 0) >= MAX_WAITING_PER_CLIENT) return false;
  const own = share(requester, 1);
  if ((accounts.get(requester.account)?.waiting ?? 0) >= MAX_WAITING_PER_ACCOUNT) {
    const sameAccount = waiting.filter((other) => other.requester?.account === requester.account);
    if (!displace(sameAccount, own)) return false;
  }
  return waiting.length < MAX_WAITING || displace(waiting, own);
}

function release(job: Job): void {
  running -= 1;
  if (job.requester) {
    loadOf(clients, job.requester.client).running -= 1;
    loadOf(accounts, job.requester.account).running -= 1;
    forget(clients, job.requester.client);
    forget(accounts, job.requester.account);
  }
  dispatch();
}

/** Runs `work` when the queue gives it a turn; rejects with PasswordCheckBusyError when there is no room. */
export async function withPasswordSlot<T>(work: () => Promise<T>, requester?: Requester): Promise<T> {
  let job!: Job;
  const turn = new Promise<void>((start, refuse) => {
    job = { requester, seq: seq++, start, refuse };
  });
  if (running < MAX_RUNNING && mayStart(job)) {
    begin(job);
  } else {
    if (!admit(job)) {
      if (requester) {
        forget(clients, requester.client);
        forget(accounts, requester.account);
      }
      throw new PasswordCheckBusyError();
    }
    waiting.push(job);
    if (requester) {
      loadOf(clients, requester.client).waiting += 1;
      loadOf(accounts, requester.account).waiting += 1;
    }
    try {
      await turn;
    } finally {
      if (requester) {
        forget(clients, requester.client);
        forget(accounts, requester.account);
      }
    }
  }
  try {
    return await work();
  } finally {
    release(job);
  }
}

/** For tests and the bench: what the queue holds now. */
export function passwordQueueStats(): { running: number; waiting: number } {
  return { running, waiting: waiting.length };
}
