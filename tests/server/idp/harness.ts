import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify, { type FastifyInstance, type LightMyRequestResponse } from 'fastify';
import { loadConfig, type Config } from '../../../server/config.ts';
import type { Database } from '../../../server/db/index.ts';
import idpPlugin, { ensureDemoUsers } from '../../../server/idp/index.ts';
export { freePort } from '../../../scripts/free-ports.ts';
import { freePort } from '../../../scripts/free-ports.ts';
import { closeTestDatabase, createTestDatabase, type DatabaseKind } from '../../support/database.ts';

// A provider of our own for protocol tests: fresh data folder, PGlite, demo users, real HTTP port when asked.
export type Harness = {
  app: FastifyInstance;
  config: Config;
  db: Database;
  dir: string;
  realm: string;
  close(): Promise<void>;
};

type StartOptions = {
  env?: Record<string, string>;
  listen?: boolean;
  /** Reuse a database (its owner closes it) or get a fresh one of this kind. */
  db?: Database;
  kind?: DatabaseKind;
  /** Reuse a data folder (the signing keys live there); its owner removes it. */
  dir?: string;
  port?: number;
  /** Extra plugins to register on the same app (e.g. the API). */
  extend?: (app: FastifyInstance, config: Config, db: Database) => Promise<void>;
};

/** Builds (and optionally listens) an app with the identity provider on a fresh test database. */
export async function startIdp(o: StartOptions = {}): Promise<Harness> {
  const dir = o.dir ?? (await mkdtemp(join(tmpdir(), 'idp-test-')));
  const port = o.port ?? (await freePort());
  const config = loadConfig({
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: dir,
    LOG_LEVEL: 'silent',
    IDP_RATE_LIMIT: '1000000',
    ...o.env,
  });
  const db = o.db ?? (await createTestDatabase(o.kind ?? 'pglite'));
  await ensureDemoUsers(db);
  const app = Fastify({ logger: false });
  const realm = `/realms/${config.keycloakRealm}`;
  await app.register(idpPlugin, { prefix: realm, config, db });
  await o.extend?.(app, config, db);
  if (o.listen) await app.listen({ port, host: '127.0.0.1' });
  else await app.ready();
  return {
    app,
    config,
    db,
    dir,
    realm,
    async close() {
      await app.close();
      if (!o.db) await closeTestDatabase(db);
      if (!o.dir) await rm(dir, { recursive: true, force: true });
    },
  };
}

export function pkce() {
  const verifier = randomBytes(48).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

/** A browser over app.inject: keeps cookies, never follows redirects; `ip` is the client address it appears from. */
export class Browser {
  readonly cookies = new Map<string, string>();
  constructor(
    private readonly h: Harness,
    private readonly ip = '127.0.0.1',
  ) {}

  async request(
    method: 'GET' | 'POST' | 'OPTIONS',
    url: string,
    form?: Record<string, string>,
    headers: Record<string, string> = {},
  ): Promise<LightMyRequestResponse> {
    const cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const res = await this.h.app.inject({
      method,
      remoteAddress: this.ip,
      url: url.replace(this.h.config.publicUrl, ''),
      headers: {
        ...(cookie ? { cookie } : {}),
        ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
        ...headers,
      },
      payload: form ? new URLSearchParams(form).toString() : undefined,
    });
    for (const c of res.cookies as { name: string; value: string; maxAge?: number; expires?: Date }[]) {
      const expired = c.maxAge === 0 || (c.expires && c.expires.getTime() < Date.now()) || c.value === '';
      if (expired) this.cookies.delete(c.name);
      else this.cookies.set(c.name, c.value);
    }
    return res;
  }
}

export const csrfOf = (html: string) => /name="csrf" value="([^"]+)"/.exec(html)?.[1] ?? '';
export const actionOf = (html: string, id = 'kc-form-login') =>
  new RegExp(`id="${id}" method="post" action="([^"]+)"`).exec(html)?.[1]?.replaceAll('&amp;', '&') ?? '';

/** The parameters in a redirect's fragment (or query). */
export function callbackParams(location: string | undefined): URLSearchParams {
  const url = new URL(location ?? 'http://invalid/');
  return new URLSearchParams(url.hash ? url.hash.slice(1) : url.search);
}

export type AuthFlow = { params: Record<string, string>; verifier: string; redirectUri: string };

export function authParams(h: Harness, extra: Record<string, string> = {}): AuthFlow {
  const { verifier, challenge } = pkce();
  const redirectUri = `${h.config.publicUrl}/some/page?x=1`;
  const params = {
    client_id: h.config.keycloakClientId,
    redirect_uri: redirectUri,
    state: randomBytes(8).toString('hex'),
    response_mode: 'fragment',
    response_type: 'code',
    scope: 'openid',
    nonce: randomBytes(8).toString('hex'),
    code_challenge: challenge,
    code_challenge_method: 'S256',
    ...extra,
  };
  return { params, verifier, redirectUri };
}

export const authUrl = (h: Harness, params: Record<string, string>, endpoint = 'auth') =>
  `${h.realm}/protocol/openid-connect/${endpoint}?${new URLSearchParams(params)}`;

/** Signs in through the login form; returns the redirect response. */
export async function login(h: Harness, b: Browser, flow: AuthFlow, username: string, password: string) {
  const page = await b.request('GET', authUrl(h, flow.params));
  return b.request('POST', actionOf(page.body), { csrf: csrfOf(page.body), username, password });
}

export async function exchange(
  h: Harness,
  b: Browser,
  code: string,
  flow: AuthFlow,
  override: Record<string, string> = {},
) {
  return b.request('POST', `${h.realm}/protocol/openid-connect/token`, {
    grant_type: 'authorization_code',
    code,
    client_id: h.config.keycloakClientId,
    redirect_uri: flow.redirectUri,
    code_verifier: flow.verifier,
    ...override,
  });
}

/** Full sign-in: form, code, tokens. */
export async function signIn(h: Harness, b: Browser, username: string, password = username) {
  const flow = authParams(h);
  const res = await login(h, b, flow, username, password);
  const code = callbackParams(res.headers.location).get('code') ?? '';
  const tokens = (await exchange(h, b, code, flow)).json() as Record<string, string>;
  return { flow, tokens };
}

export function payload(jwt: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(jwt.split('.')[1] ?? '', 'base64url').toString('utf8'));
}
