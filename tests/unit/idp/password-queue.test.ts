import { describe, expect, it } from 'vitest';
import {
  MAX_WAITING,
  MAX_WAITING_PER_ACCOUNT,
  MAX_WAITING_PER_CLIENT,
  PasswordCheckBusyError,
  PasswordQueue,
  type Requester,
} from '../../../server/idp/abuse/password-queue.ts';

// The queue with work that finishes when the test says so, instead of scrypt.
function gate(queue = new PasswordQueue()) {
  const order: string[] = [];
  const open: (() => void)[] = [];
  const runAs = (label: string, requester: Requester) =>
    queue.run(
      () =>
        new Promise<string>((done) => {
          order.push(label);
          open.push(() => done(label));
        }),
      requester,
    );
  const run = (label: string, client: string, account = `${client}-${label}`) => runAs(label, { client, account });
  const finishOne = async () => {
    open.shift()?.();
    await new Promise((resolve) => setTimeout(resolve, 0));
  };
  const finishAll = async () => {
    while (open.length) await finishOne();
  };
  const stats = () => {
    const { running, waiting } = queue.stats();
    return { running, waiting };
  };
  return { order, run, runAs, finishOne, finishAll, stats, queue };
}
const settle = (promises: Promise<unknown>[]) => Promise.allSettled(promises);

describe('password queue', () => {
  it('runs one check at a time per address, keeping a core for everyone else', async () => {
    const { order, run, finishOne, stats } = gate();
    const burst = Array.from({ length: 5 }, (_, i) => run(`a${i}`, 'attacker'));
    await Promise.resolve();
    expect(stats()).toEqual({ running: 1, waiting: 4 });
    const user = run('user', 'someone');
    expect(order).toEqual(['a0', 'user']);
    for (let i = 0; i < 6; i++) await finishOne();
    await settle([...burst, user]);
  });

  it("gives a free core to the address that has had the fewest checks, before a burst's later guesses", async () => {
    const { order, run, finishOne } = gate();
    const first = Array.from({ length: 4 }, (_, i) => run(`a${i}`, 'a'));
    const second = Array.from({ length: 4 }, (_, i) => run(`b${i}`, 'b'));
    const user = run('user', 'u');
    await finishOne(); // a0 ends: b has had one, u none
    expect(order).toEqual(['a0', 'b0', 'user']);
    for (let i = 0; i < 9; i++) await finishOne();
    await settle([...first, ...second, user]);
  });

  it('bounds the waiting per address and per account; when the queue is full a newcomer displaces the greediest address', async () => {
    const { order, run, finishOne, stats } = gate();
    const busy = async (promises: Promise<unknown>[]) =>
      (await settle(promises)).filter((r) => r.status === 'rejected' && r.reason instanceof PasswordCheckBusyError)
        .length;
    // One address: one runs, MAX_WAITING_PER_CLIENT wait, one more is refused.
    const own = busy(Array.from({ length: MAX_WAITING_PER_CLIENT + 2 }, (_, i) => run(`a${i}`, 'a')));
    // A crowd at one account: one runs, MAX_WAITING_PER_ACCOUNT wait, one more is refused.
    const crowd = busy(
      Array.from({ length: MAX_WAITING_PER_ACCOUNT + 2 }, (_, i) => run(`c${i}`, `crowd-${i}`, 'besokare')),
    );
    const fill = busy(
      Array.from({ length: MAX_WAITING - MAX_WAITING_PER_CLIENT - MAX_WAITING_PER_ACCOUNT }, (_, i) =>
        run(`f${i}`, `filler-${i}`),
      ),
    );
    expect(stats()).toEqual({ running: 2, waiting: MAX_WAITING });
    // The queue is full: the user takes the place of the latest guess of the address that has had the most.
    const user = run('user', 'u');
    expect(stats()).toEqual({ running: 2, waiting: MAX_WAITING });
    for (let i = 0; i < 40; i++) await finishOne();
    // It waited its turn among the addresses that had had none, ahead of the burst's later guesses.
    expect(order.indexOf('user')).toBeLessThan(order.indexOf('a1'));
    expect(await own).toBe(2);
    expect(await crowd).toBe(1);
    expect(await fill).toBe(0);
    await expect(user).resolves.toBe('user');
  });
});

describe("password queue with the throttle's weight", () => {
  it('lets a newcomer displace and go ahead of addresses that press harder, though each has one check waiting', async () => {
    const { order, runAs, finishOne, finishAll, stats } = gate();
    const run = (label: string, client: string, weight: number) =>
      runAs(label, { client, account: label, weight: () => weight });
    const crowd = Promise.allSettled(Array.from({ length: MAX_WAITING + 2 }, (_, i) => run(`c${i}`, `crowd-${i}`, 20)));
    expect(stats()).toEqual({ running: 2, waiting: MAX_WAITING });
    const user = run('user', 'u', 1);
    await finishOne();
    expect(order.at(-1)).toBe('user');
    await finishAll();
    await expect(user).resolves.toBe('user');
    await crowd;
  });
});

describe('password queue between networks (issue 35, item 8)', () => {
  // A crowd of fresh addresses in one /24, each with one guess waiting: fair between addresses alone, every one of
  // them has had as little as a newcomer, so the newcomer was refused (the queue full) or waited behind them all.
  const crowd = (runAs: ReturnType<typeof gate>['runAs'], count: number, network = '127.0.1.0/24') =>
    Promise.allSettled(
      Array.from({ length: count }, (_, i) =>
        runAs(`c${i}`, { client: `crowd-${i}`, network, account: `c${i}`, weight: () => 1 }),
      ),
    );

  it('lets a newcomer from another network displace and go ahead of a crowd of addresses in one network', async () => {
    const { order, runAs, finishAll, stats } = gate();
    const guesses = crowd(runAs, MAX_WAITING + 1);
    expect(stats()).toEqual({ running: 1, waiting: MAX_WAITING }); // one network runs one check at a time
    const user = runAs('user', { client: 'owner', network: '127.0.200.0/24', account: 'owner', weight: () => 1 });
    expect(stats()).toEqual({ running: 2, waiting: MAX_WAITING }); // the other core was free for another network
    expect(order.at(-1)).toBe('user');
    await finishAll();
    await expect(user).resolves.toBe('user');
    const settled = await guesses;
    expect(settled.every((r) => r.status === 'fulfilled')).toBe(true); // one ran, 32 waited: all had room
  });

  it("puts a newcomer's network before the crowd's, however many addresses the crowd has", async () => {
    const { order, runAs, finishOne, finishAll, stats } = gate();
    const first = crowd(runAs, 20, '127.0.1.0/24');
    const second = crowd(runAs, 20, '127.0.2.0/24');
    expect(stats()).toEqual({ running: 2, waiting: MAX_WAITING });
    // The queue is full: the newcomer takes the latest place of the network that has had the most.
    const user = runAs('user', { client: 'owner', network: '127.0.200.0/24', account: 'owner', weight: () => 1 });
    expect(stats()).toEqual({ running: 2, waiting: MAX_WAITING });
    await finishOne();
    expect(order.at(-1)).toBe('user');
    await finishAll();
    await expect(user).resolves.toBe('user');
    const refused = [...(await first), ...(await second)].filter((r) => r.status === 'rejected');
    expect(refused.length).toBe(40 - 2 - MAX_WAITING + 1); // what found no room, and the place the user took
    expect(refused.every((r) => r.status === 'rejected' && r.reason instanceof PasswordCheckBusyError)).toBe(true);
  });

  it('lets a vouched-for client go first even from inside the crowded network', async () => {
    const { order, runAs, finishOne, finishAll } = gate();
    const network = '127.0.1.0/24';
    const guesses = crowd(runAs, MAX_WAITING + 1, network);
    // Not vouched for: it ranks with the crowd's addresses (its network's share is theirs) and cannot displace.
    const stranger = runAs('stranger', { client: 'stranger', network, account: 'owner', weight: () => 1 });
    await expect(stranger).rejects.toBeInstanceOf(PasswordCheckBusyError);
    const owner = runAs('owner', { client: 'owner', network, account: 'owner', weight: () => 5, vouched: true });
    await finishOne();
    expect(order.at(-1)).toBe('owner');
    await finishAll();
    await expect(owner).resolves.toBe('owner');
    await guesses;
  });

  it('keeps each instance its own queue: two providers in one process never share a turn', async () => {
    const one = gate();
    const two = gate();
    const burst = Array.from({ length: MAX_WAITING + 2 }, (_, i) => one.run(`a${i}`, `a${i}`));
    expect(one.stats()).toEqual({ running: 2, waiting: MAX_WAITING });
    const other = two.run('user', 'u');
    expect(two.stats()).toEqual({ running: 1, waiting: 0 });
    await two.finishAll();
    await expect(other).resolves.toBe('user');
    await one.finishAll();
    await Promise.allSettled(burst);
    expect(one.queue.stats()).toEqual({ running: 0, waiting: 0, keys: 0 });
  });
});
