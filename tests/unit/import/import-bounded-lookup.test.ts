// The import's name lookups (server/import/bounded-lookup.ts): given up at the deadline, and never more than
// MAX_LOOKUPS at once, so lookups that hang cannot take libuv's thread pool from the rest of the server.
import type { LookupAddress } from 'node:dns';
import { describe, expect, it } from 'vitest';
import { createBoundedLookup, MAX_LOOKUPS, type Lookup } from '../../../server/import/bounded-lookup.ts';

/** A resolver whose answers the test gives by hand; `pending` are the questions not answered yet. */
function manualResolver() {
  const pending: { hostname: string; answer(addresses: LookupAddress[]): void; fail(code: string): void }[] = [];
  const lookup: Lookup = (hostname, _options, callback) => {
    pending.push({
      hostname,
      answer: (addresses) => callback(null, addresses),
      fail: (code) => callback(Object.assign(new Error(code), { code }), []),
    });
  };
  return { lookup, pending };
}

const ADDRESS = [{ address: '93.184.216.34', family: 4 }];
const never = () => new AbortController().signal;
const settled = () => new Promise((resolve) => setImmediate(resolve));

describe('the bounded lookup', () => {
  it("answers with the resolver's addresses, or its error", async () => {
    const { lookup, pending } = manualResolver();
    const resolve = createBoundedLookup(lookup);
    const found = resolve('example.com', never());
    const missing = resolve('recipes.invalid', never());
    await settled();
    pending[0]!.answer(ADDRESS);
    pending[1]!.fail('ENOTFOUND');
    await expect(found).resolves.toEqual(ADDRESS);
    await expect(missing).rejects.toMatchObject({ code: 'ENOTFOUND' });
  });

  it('stops waiting at the deadline, though the resolver never answers', async () => {
    const { lookup } = manualResolver();
    const resolve = createBoundedLookup(lookup);
    const deadline = new AbortController();
    const lookingUp = resolve('hangs.example', deadline.signal);
    deadline.abort(new Error('time is up'));
    await expect(lookingUp).rejects.toThrow('time is up');
  });

  it(`asks the resolver at most ${MAX_LOOKUPS} questions at once; the others wait, or leave at their deadline`, async () => {
    const { lookup, pending } = manualResolver();
    const resolve = createBoundedLookup(lookup);
    const deadlines = [1, 2, 3, 4].map(() => new AbortController());
    const answers = deadlines.map((d, i) => resolve(`host-${i}.example`, d.signal));
    for (const answer of answers) answer.catch(() => undefined);
    await settled();
    expect(pending.map((p) => p.hostname)).toEqual(['host-0.example', 'host-1.example']);
    // Given up by its import, a started lookup keeps its place until the resolver really ends it.
    deadlines[0]!.abort(new Error('time is up'));
    await expect(answers[0]).rejects.toThrow('time is up');
    await settled();
    expect(pending).toHaveLength(MAX_LOOKUPS);
    // A waiting one whose deadline passes leaves the queue without asking.
    deadlines[2]!.abort(new Error('time is up'));
    await expect(answers[2]).rejects.toThrow('time is up');
    // The resolver ends the abandoned lookup: the next in the queue is asked.
    pending[0]!.fail('EAI_AGAIN');
    await settled();
    expect(pending.map((p) => p.hostname)).toEqual(['host-0.example', 'host-1.example', 'host-3.example']);
    pending[2]!.answer(ADDRESS);
    await expect(answers[3]).resolves.toEqual(ADDRESS);
  });

  it('asks nothing once the deadline has passed', async () => {
    const { lookup, pending } = manualResolver();
    const deadline = new AbortController();
    deadline.abort(new Error('time is up'));
    await expect(createBoundedLookup(lookup)('example.com', deadline.signal)).rejects.toThrow('time is up');
    expect(pending).toHaveLength(0);
  });
});
