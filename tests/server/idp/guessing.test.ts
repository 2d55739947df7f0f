import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../../server/db/schema/user-tables.ts';
import { hashPassword, PARAMS } from '../../../server/idp/users/passwords.ts';
import { ACCOUNT_RULE, ADDRESS_RULE } from '../../../server/idp/abuse/throttle.ts';
import { createUser, findUserByUsername } from '../../../server/idp/users/user-repository.ts';
import { authParams, authUrl, Browser, callbackParams, csrfOf, login, startIdp, type Harness } from './harness.ts';

// Attacks on accounts through the sign-in, registration and account forms. Each test performs the attack.
let h: Harness;
beforeAll(async () => {
  h = await startIdp({ env: { IDP_REGISTRATIONS_PER_HOUR: '3' } });
});
afterAll(() => h?.close());

// Documentation addresses (RFC 5737): requests are injected, nothing is sent anywhere.
let nextAddress = 1;
const address = () => `192.0.2.${nextAddress++}`;

const signInStatus = async (ip: string, username: string, password: string) =>
  (await login(h, new Browser(h, ip), authParams(h), username, password)).statusCode;

const formOf = (html: string) =>
  /id="kc-register-form" method="post" action="([^"]+)"/.exec(html)![1]!.replaceAll('&amp;', '&');
async function register(b: Browser, fields: Record<string, string>, on = h) {
  const page = await b.request('GET', authUrl(on, authParams(on).params, 'registrations'));
  return b.request('POST', formOf(page.body), { csrf: csrfOf(page.body), ...fields });
}
const valid = (n: string, email = `${n}@example.se`) => ({
  firstName: 'Nora',
  lastName: 'Ny',
  email,
  username: n,
  password: 'hemligt123',
  'password-confirm': 'hemligt123',
});
const errorOf = (body: string, id: string) =>
  new RegExp(`<span id="input-error-${id}" class="kc-feedback-text">([^<]*)</span>`).exec(body)?.[1];

describe('password guessing', () => {
  it('locks the guesser out, never the owner signing in from another address', async () => {
    const attacker = address();
    for (let i = 0; i < ACCOUNT_RULE.free; i++) expect(await signInStatus(attacker, 'redaktor', `fel-${i}`)).toBe(401);
    // The guesser waits now, even with the right password ...
    expect(await signInStatus(attacker, 'redaktor', 'redaktor')).toBe(429);
    // ... while the owner, elsewhere, signs in as usual.
    expect(await signInStatus(address(), 'redaktor', 'redaktor')).toBe(302);
  });

  it('counts an IPv6 guesser by its /64: a new address from the same network does not start afresh', async () => {
    for (let i = 0; i < ACCOUNT_RULE.free; i++)
      expect(await signInStatus(`2001:db8:64:1::${i + 1}`, 'besokare', `fel-${i}`)).toBe(401);
    expect(await signInStatus('2001:db8:64:1:ffff:ffff:ffff:ffff', 'besokare', 'besokare')).toBe(429);
    expect(await signInStatus('2001:db8:64:2::1', 'besokare', 'besokare')).toBe(302);
  });

  it('limits one address guessing across many accounts', async () => {
    const attacker = address();
    for (let i = 0; i < ADDRESS_RULE.free; i++)
      expect(await signInStatus(attacker, `konto-${i}`, 'fel-losen')).toBe(401);
    expect(await signInStatus(attacker, 'besokare', 'besokare')).toBe(429);
    expect(await signInStatus(address(), 'besokare', 'besokare')).toBe(302);
  }, 180_000); // twenty password checks of 128 MiB each take a while on a busy two-core machine

  it('bounds the scrypt work a flood of sign-ins can start: the excess is told to come back (503)', async () => {
    const attempts = await Promise.all(
      Array.from({ length: 48 }, () => signInStatus(address(), 'besokare', 'fel-losen')),
    );
    expect(attempts.filter((s) => s === 503).length).toBeGreaterThan(0);
    expect(attempts.every((s) => s === 401 || s === 503)).toBe(true);
    // The provider answers normally once the flood has passed.
    expect(await signInStatus(address(), 'besokare', 'besokare')).toBe(302);
  }, 180_000);
});

describe('registration', () => {
  it('limits new accounts per address', async () => {
    const ip = address();
    for (let i = 0; i < 3; i++) expect((await register(new Browser(h, ip), valid(`flod-${i}`))).statusCode).toBe(302);
    const refused = await register(new Browser(h, ip), valid('flod-3'));
    expect(refused.statusCode).toBe(429);
    expect(refused.body).toContain('För många nya konton från din adress.');
    expect(await findUserByUsername(h.db, 'flod-3')).toBeNull();
    expect((await register(new Browser(h, address()), valid('flod-3'))).statusCode).toBe(302);
  });

  it('limits new accounts per IPv6 /64, not per address', async () => {
    for (let i = 0; i < 3; i++)
      expect((await register(new Browser(h, `2001:db8:64:3::${i + 1}`), valid(`sexfyra-${i}`))).statusCode).toBe(302);
    expect((await register(new Browser(h, '2001:db8:64:3::abcd'), valid('sexfyra-3'))).statusCode).toBe(429);
    expect((await register(new Browser(h, '2001:db8:64:4::1'), valid('sexfyra-3'))).statusCode).toBe(302);
  });

  it('counts refused registrations against the allowance: probing names costs what registering does', async () => {
    // Issue 29, item 3: eight probes from one address all used to answer "taken".
    for (const probe of [
      (i: number) => valid('redaktor', `sond-${i}@example.se`),
      (i: number) => valid(`sond-${i}`, 'REDAKTOR@example.se'),
    ]) {
      const ip = address();
      const answers = [];
      for (let i = 0; i < 8; i++) answers.push(await register(new Browser(h, ip), probe(i)));
      const taken = answers.filter((res) =>
        /Användarnamnet är upptaget\.|E-postadressen används redan\./.test(res.body),
      );
      expect(taken).toHaveLength(3); // IDP_REGISTRATIONS_PER_HOUR
      expect(answers.slice(3).map((res) => res.statusCode)).toEqual(Array(5).fill(429));
      expect(answers.slice(3).every((res) => res.body.includes('För många nya konton från din adress.'))).toBe(true);
      // Spent on probes: this address cannot register either, while another address can.
      expect((await register(new Browser(h, ip), valid(`sond-ny-${nextAddress}`))).statusCode).toBe(429);
    }
    expect((await register(new Browser(h, address()), valid('sond-annan'))).statusCode).toBe(302);
  });

  it('does not count a form whose username or e-mail address is not valid: it asks nothing of the database', async () => {
    const ip = address();
    for (let i = 0; i < 5; i++) {
      const res = await register(new Browser(h, ip), { ...valid('ab'), email: 'redaktor@example.se' });
      expect(res.statusCode).toBe(400);
      expect(errorOf(res.body, 'username')).toBe('Längd måste vara mellan 3 och 255.');
      expect(errorOf(res.body, 'email')).toBeUndefined();
    }
    expect((await register(new Browser(h, ip), valid('felfri'))).statusCode).toBe(302);
  });

  it('names a taken name beside a password that does not match, as Keycloak does, and counts the asking', async () => {
    const ip = address();
    for (let i = 0; i < 3; i++) {
      const res = await register(new Browser(h, ip), { ...valid('redaktor'), 'password-confirm': 'annat-losen' });
      expect(res.statusCode).toBe(400);
      expect(errorOf(res.body, 'username')).toBe('Användarnamnet är upptaget.');
      expect(errorOf(res.body, 'password-confirm')).toBe('Lösenorden matchar inte.');
    }
    expect((await register(new Browser(h, ip), valid('for-sent'))).statusCode).toBe(429);
  });

  it('refuses a username equal to an e-mail address, and an e-mail address equal to a username', async () => {
    let res = await register(new Browser(h, address()), valid('besokare@example.se', 'annan@example.se'));
    expect(res.statusCode).toBe(400);
    expect(errorOf(res.body, 'username')).toBe('Användarnamnet är upptaget.');

    expect(
      (await register(new Browser(h, address()), valid('anna@example.se', 'anna-riktig@example.se'))).statusCode,
    ).toBe(302);
    res = await register(new Browser(h, address()), valid('anna2', 'anna@example.se'));
    expect(res.statusCode).toBe(400);
    expect(errorOf(res.body, 'email')).toBe('E-postadressen används redan.');
  });

  it('signs in by e-mail as the owner of the address even if an older username equals it', async () => {
    // Such a username can only come from before the rule above (createUser refuses it now: one namespace, its
    // skeletons unique), so it is written as an old database holds it; the e-mail address wins, as in Keycloak.
    const shadow = await createUser(h.db, {
      username: 'skuggan',
      email: 'skuggan@example.se',
      firstName: 'S',
      lastName: 'S',
      password: 'skuggans-losen',
    });
    await h.db.orm.update(users).set({ username: 'redaktor@example.se' }).where(eq(users.id, shadow.id));
    expect(await signInStatus(address(), 'redaktor@example.se', 'skuggans-losen')).toBe(401);
    const b = new Browser(h, address());
    const flow = authParams(h);
    const res = await login(h, b, flow, 'redaktor@example.se', 'redaktor');
    expect(res.statusCode).toBe(302);
    expect(callbackParams(res.headers.location as string).get('code')).toBeTruthy();
  });

  it('refuses a look-alike (the same Unicode TS #39 skeleton) of an existing username or e-mail address as taken', async () => {
    // Issue 29, item 4: `besokɑre` (U+0251 LATIN SMALL LETTER ALPHA) registered beside `besokare`. A small capital
    // O (U+1D0F) is Latin too; the third is a look-alike of redaktor's e-mail address, in the one namespace.
    for (const username of ['besok\u0251re', 'redakt\u1D0Fr', 'red\u0251ktor@example.se']) {
      const res = await register(new Browser(h, address()), valid(username, `${nextAddress}-likt@example.se`));
      expect(res.statusCode, username).toBe(400);
      expect(errorOf(res.body, 'username'), username).toBe('Användarnamnet är upptaget.');
    }
    // E-mail addresses have no script rule: a Cyrillic е or a digit 1 for an l make look-alikes too.
    for (const email of ['b\u0435sokare@example.se', 'redaktor@examp1e.se']) {
      const res = await register(new Browser(h, address()), valid(`likt-${nextAddress}`, email));
      expect(res.statusCode, email).toBe(400);
      expect(errorOf(res.body, 'email'), email).toBe('E-postadressen används redan.');
    }
    expect(await findUserByUsername(h.db, 'besok\u0251re')).toBeNull();
    // Names that only resemble each other in the usual way are still free.
    expect((await register(new Browser(h, address()), valid('besokaren'))).statusCode).toBe(302);
  });

  it('compares with users stored before skeletons existed: the provider fills them in when it starts', async () => {
    await h.db.orm.update(users).set({ usernameSkeleton: null, emailSkeleton: null });
    const restarted = await startIdp({ db: h.db });
    try {
      const res = await register(
        new Browser(restarted, address()),
        valid('besokarex', 'b\u0435sokare@example.se'),
        restarted,
      );
      expect(errorOf(res.body, 'email')).toBe('E-postadressen används redan.');
      const [row] = await h.db.orm.select().from(users).where(eq(users.username, 'besokare'));
      expect(row).toMatchObject({ usernameSkeleton: 'besokare', emailSkeleton: 'besokare@exarnple.se' }); // m → rn
    } finally {
      await restarted.close();
    }
  });

  it('normalises usernames (NFKC, lower case) before validating and refuses invisible characters', async () => {
    for (const [username, message] of [
      ['red\u200Baktor', 'Värdet innehåller ogiltiga tecken.'],
      ['red\u2060aktor', 'Värdet innehåller ogiltiga tecken.'],
      ['\u202Eredaktor', 'Värdet innehåller ogiltiga tecken.'],
      ['ｒｅｄａｋｔｏｒ', 'Användarnamnet är upptaget.'],
      ['REDAKTOR', 'Användarnamnet är upptaget.'],
      ['İnge', 'Värdet innehåller ogiltiga tecken.'],
    ] as const) {
      const res = await register(new Browser(h, address()), valid(username, `${nextAddress}-x@example.se`));
      expect(res.statusCode, username).toBe(400);
      expect(errorOf(res.body, 'username'), username).toBe(message);
    }
    const res = await register(new Browser(h, address()), valid('anv', 'osynlig\u200B@example.se'));
    expect(errorOf(res.body, 'email')).toBe('Ogiltig e-postadress.');
  });
});

describe('password storage', () => {
  it('hashes with scrypt N=2^17, r=8, p=1 and upgrades a weaker hash at the next sign-in', async () => {
    expect(PARAMS).toEqual({ N: 131072, r: 8, p: 1 });
    const user = await createUser(h.db, {
      username: 'gammal',
      email: 'gammal@example.se',
      firstName: 'G',
      lastName: 'G',
      password: 'gammalt-losen',
    });
    expect(user.passwordHash).toMatch(/^scrypt\$131072\$8\$1\$/);
    await h.db.orm
      .update(users)
      .set({ passwordHash: await hashPassword('gammalt-losen', { N: 16384, r: 8, p: 1 }) })
      .where(eq(users.id, user.id));
    expect(await signInStatus(address(), 'gammal', 'gammalt-losen')).toBe(302);
    expect((await findUserByUsername(h.db, 'gammal'))!.passwordHash).toMatch(/^scrypt\$131072\$8\$1\$/);
  });
});

describe('request limits', () => {
  it('limits form posts and token requests per address, before any password is checked', async () => {
    // On the file's database: its demo users are there already (a fresh one hashed their two passwords again).
    const limited = await startIdp({ db: h.db, env: { IDP_RATE_LIMIT: '3' } });
    try {
      const ip = '192.0.2.200';
      const token = () =>
        new Browser(limited, ip).request('POST', `${limited.realm}/protocol/openid-connect/token`, {
          grant_type: 'refresh_token',
          refresh_token: 'x',
          client_id: limited.config.keycloakClientId,
        });
      for (let i = 0; i < 3; i++) expect((await token()).statusCode).toBe(400);
      const refused = await token();
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject({ error: 'too_many_requests' });
      expect(refused.headers['retry-after']).toBeTruthy();
      // The login form (a POST) shares the allowance; its page and discovery (GETs) do not.
      expect(
        (await login(limited, new Browser(limited, ip), authParams(limited), 'redaktor', 'redaktor')).statusCode,
      ).toBe(429);
      expect(
        (await new Browser(limited, ip).request('GET', `${limited.realm}/.well-known/openid-configuration`)).statusCode,
      ).toBe(200);
      // Another address has its own allowance.
      expect(
        (await login(limited, new Browser(limited, '192.0.2.201'), authParams(limited), 'redaktor', 'redaktor'))
          .statusCode,
      ).toBe(302);
    } finally {
      await limited.close();
    }
  });
});
