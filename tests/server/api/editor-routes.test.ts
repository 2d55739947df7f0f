// Every editor route, found in the API's own OpenAPI document rather than listed here: a route added later is tried
// too. Each write documents the bearer security; each operation that does answers 401 without a token and 403 with
// a visitor's, before its body is read; and every write, signed in or not, counts against the one write allowance.
// The editor scope (server/api/editor-scope.ts) adds all three once; routes outside it add them themselves.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiHarness, type ApiHarness } from '../../support/api-app.ts';
import { bearer } from '../../support/recipes.ts';
import { signToken } from '../../support/tokens.ts';

type Operation = { method: string; path: string; secured: boolean };
const WRITE_LIMIT = 40;

function operationsOf(document: { paths: Record<string, Record<string, { security?: unknown[] }>> }): Operation[] {
  return Object.entries(document.paths).flatMap(([path, operations]) =>
    Object.entries(operations).map(([method, operation]) => ({
      method: method.toUpperCase(),
      // Any value for a path parameter: the role is asked before the parameters are read.
      path: `/api${path.replace(/\{[^}]+\}/g, '1')}`,
      secured: (operation.security ?? []).length > 0,
    })),
  );
}

describe('the editor routes', () => {
  let h: ApiHarness;
  let operations: Operation[];
  beforeAll(async () => {
    h = await createApiHarness('pglite', { WRITE_RATE_LIMIT: String(WRITE_LIMIT) });
    const document = await h.app.inject({ method: 'GET', url: '/api/docs/json' });
    operations = operationsOf(document.json());
  });
  afterAll(() => h?.close());

  const isWrite = (o: Operation) => o.method !== 'GET' && o.method !== 'HEAD';

  it('every write is documented as needing a bearer token, and so are the trash and the history', () => {
    const writes = operations.filter(isWrite);
    expect(writes.length).toBeGreaterThanOrEqual(10);
    expect(writes.filter((o) => !o.secured).map((o) => `${o.method} ${o.path}`)).toEqual([]);
    const securedReads = operations.filter((o) => !isWrite(o) && o.secured).map((o) => `${o.method} ${o.path}`);
    expect(securedReads).toEqual(['GET /api/trash', 'GET /api/recipes/1/versions', 'GET /api/recipes/1/versions/1']);
  });

  it('every secured operation answers 401 without a token and 403 to a visitor, whatever its body', async () => {
    const visitor = await signToken(h.keys, { username: 'besokare', realmRoles: ['user'] });
    for (const { method, path } of operations.filter((o) => o.secured)) {
      const inject = (headers: Record<string, string>) =>
        h.app.inject({ method: method as 'POST', url: path, headers: { 'content-type': 'text/plain', ...headers } });
      const anonymous = await inject({});
      expect(anonymous.statusCode, `${method} ${path} without a token`).toBe(401);
      expect(anonymous.headers['www-authenticate'], `${method} ${path}`).toBe('Bearer');
      expect((await inject(bearer(visitor))).statusCode, `${method} ${path} as a visitor`).toBe(403);
    }
  });

  it('every write counts against the one allowance, before the role is asked; reads do not', async () => {
    const writes = operations.filter(isWrite);
    const reads = operations.filter((o) => !isWrite(o) && o.secured);
    const remote = '192.0.2.77';
    const statuses: number[] = [];
    for (let i = 0; i < WRITE_LIMIT; i++) {
      const { method, path } = writes[i % writes.length]!;
      statuses.push((await h.app.inject({ method: method as 'POST', url: path, remoteAddress: remote })).statusCode);
    }
    expect(new Set(statuses)).toEqual(new Set([401]));
    for (const { method, path } of writes) {
      const over = await h.app.inject({ method: method as 'POST', url: path, remoteAddress: remote });
      expect(over.statusCode, `${method} ${path} past the allowance`).toBe(429);
    }
    for (const { path } of reads) {
      expect((await h.app.inject({ method: 'GET', url: path, remoteAddress: remote })).statusCode, path).toBe(401);
    }
  });
});
