import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiHarness, type ApiHarness } from '../../support/api-app.ts';

// Issue 52: a filtered read of the list may ask the database, so each client has an allowance of them a minute, as
// it has of writes; reads without filters (the name index alone) are not counted.
describe('the filtered reads of GET /recipes/names', () => {
  const ALLOWANCE = 5; // FILTER_READ_RATE_LIMIT (300 by default)
  let h: ApiHarness;
  const read = (query: string, remoteAddress = '203.0.113.7') =>
    h.app.inject({ method: 'GET', url: `/api/recipes/names?${query}`, remoteAddress });

  beforeAll(async () => {
    h = await createApiHarness('pglite', { FILTER_READ_RATE_LIMIT: String(ALLOWANCE) });
  });
  afterAll(() => h?.close());

  it('answers 429 in the API error shape past the allowance, per client, and never counts unfiltered reads', async () => {
    for (let i = 0; i < ALLOWANCE; i++) {
      const query = ['ingredients=a', 'words=b', 'maxMinutes=30'][i % 3] as string;
      expect((await read(query)).statusCode).toBe(200);
    }
    const refused = await read('ingredients=ägg');
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    expect(refused.json()).toEqual({
      status: 429,
      error: 'Too Many Requests',
      message: expect.stringMatching(new RegExp(`^Too many filtered searches: at most ${ALLOWANCE} a minute`)),
    });
    // The list without filters, and another client's filtered reads, still answer.
    expect((await read('search=kaka')).statusCode).toBe(200);
    expect((await read('ingredients=')).statusCode).toBe(200);
    expect((await read('ingredients=ägg', '203.0.113.8')).statusCode).toBe(200);
  });
});
