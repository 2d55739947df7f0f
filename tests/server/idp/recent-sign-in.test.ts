import type { FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RECENT_SIGN_IN_COOKIE } from '../../../server/idp/context.ts';
import { loadOrCreateKeys } from '../../../server/idp/protocol/keys.ts';
import { userAccount } from '../../../server/idp/pages/login.ts';
import { signedInLately } from '../../../server/idp/abuse/recent-sign-in.ts';
import { findUserByUsername } from '../../../server/idp/users/user-repository.ts';
import { authParams, Browser, login, startIdp, type Harness } from './harness.ts';

// The cookie that lets a known browser go first in the password queue (issue 35, item 8): set by the server at a
// successful sign-in, good only for that account, and not forgeable.
let h: Harness;
beforeAll(async () => {
  h = await startIdp();
}, 300_000);
afterAll(() => h?.close());

const requestWith = (value: string | undefined) =>
  ({ cookies: value === undefined ? {} : { [RECENT_SIGN_IN_COOKIE]: value } }) as unknown as FastifyRequest;

describe('recent-sign-in cookie', () => {
  it('is set at a successful sign-in and vouches for that account only', async () => {
    const b = new Browser(h, '192.0.2.10');
    const res = await login(h, b, authParams(h), 'redaktor', 'redaktor');
    expect(res.statusCode).toBe(302);
    const value = b.cookies.get(RECENT_SIGN_IN_COOKIE);
    expect(value).toMatch(/^\d+\.[\w-]+$/);
    const redaktor = (await findUserByUsername(h.db, 'redaktor'))!;
    const besokare = (await findUserByUsername(h.db, 'besokare'))!;
    const keys = await loadOrCreateKeys(h.dir); // the provider's own, from its data folder
    const provider = { keys } as Parameters<typeof signedInLately>[0];
    expect(signedInLately(provider, requestWith(value), userAccount(redaktor))).toBe(true);
    expect(signedInLately(provider, requestWith(value), userAccount(besokare))).toBe(false);
    const [issued, mac] = value!.split('.');
    expect(signedInLately(provider, requestWith(`${Number(issued) + 1}.${mac}`), userAccount(redaktor))).toBe(false);
    expect(signedInLately(provider, requestWith(`${issued}.${mac!.slice(1)}x`), userAccount(redaktor))).toBe(false);
    expect(signedInLately(provider, requestWith(undefined), userAccount(redaktor))).toBe(false);
    // Thirty-one days later it vouches no more.
    const later = (Number(issued) + 31 * 24 * 3600) * 1000;
    expect(signedInLately(provider, requestWith(value), userAccount(redaktor), later)).toBe(false);
    // A failed sign-in sets none.
    const stranger = new Browser(h, '192.0.2.11');
    expect((await login(h, stranger, authParams(h), 'redaktor', 'fel')).statusCode).toBe(401);
    expect(stranger.cookies.has(RECENT_SIGN_IN_COOKIE)).toBe(false);
  }, 300_000);
});
