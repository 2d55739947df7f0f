import { describe, expect, it } from 'vitest';
import {
  MAX_WAITING,
  MAX_WAITING_PER_ACCOUNT,
  MAX_WAITING_PER_CLIENT,
  passwordQueueStats,
  PasswordCheckBusyError,
  withPasswordSlot,
} from '../../server/idp/password-queue.ts';

// The queue with work that finishes when the test says so, instead of scrypt.
function gate() {
  const order: string[] = [];
  const open: (() => void)[] = [];
  const run = (label: string, client: string, account = `${client}-${label}`) =>
    withPasswordSlot(
      () =>
        new Promise<string>((done) => {
          order.push(label);
          open.push(() => done(label));
        }),
      { client, account },
    );
  const finishOne = async () => {
    open.shift()?.();
    await new Promise((resolve) => setTimeout(resolve, 0));
  };
  return { order, run, finishOne };
}
const settle = (promises: Promise<unknown>[]) => Promise.allSettled(promises);

describe('password queue', () => {
  it('runs one check at a time per address, keeping a core for everyone else', async () => {
    const { order, run, finishOne } = gate();
    const burst = Array.from({ length: 5 }, (_, i) => run(`a${i}`, 'attacker'));
    await Promise.resolve();
    expect(passwordQueueStats()).toEqual({ running: 1, waiting: 4 });
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
    const { order, run, finishOne } = gate();
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
    expect(passwordQueueStats()).toEqual({ running: 2, waiting: MAX_WAITING });
    // The queue is full: the user takes the place of the latest guess of the address that has had the most.
    const user = run('user', 'u');
    expect(passwordQueueStats()).toEqual({ running: 2, waiting: MAX_WAITING });
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
    const order: string[] = [];
    const open: (() => void)[] = [];
    const run = (label: string, client: string, weight: number) =>
      withPasswordSlot(
        () =>
          new Promise<string>((done) => {
            order.push(label);
            open.push(() => done(label));
          }),
        { client, account: label, weight: () => weight },
      );
    const crowd = Promise.allSettled(Array.from({ length: MAX_WAITING + 2 }, (_, i) => run(`c${i}`, `crowd-${i}`, 20)));
    expect(passwordQueueStats()).toEqual({ running: 2, waiting: MAX_WAITING });
    const user = run('user', 'u', 1);
    open.shift()!();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(order.at(-1)).toBe('user');
    while (open.length) {
      open.shift()!();
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
    await expect(user).resolves.toBe('user');
    await crowd;
  });
});
