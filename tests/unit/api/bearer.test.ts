import { describe, expect, it } from 'vitest';
import { bearerChallenge, readBearer } from '../../../server/bearer.ts';

describe('readBearer', () => {
  it('reads a token and tells a missing header from a malformed one', () => {
    expect(readBearer(undefined)).toEqual({ kind: 'missing' });
    expect(readBearer('')).toEqual({ kind: 'missing' });
    expect(readBearer('Bearer abc.def-_~+/ghi==')).toEqual({ kind: 'token', token: 'abc.def-_~+/ghi==' });
    expect(readBearer('bearer abc')).toEqual({ kind: 'token', token: 'abc' });
    for (const header of ['Basic abc', 'Bearer', 'Bearer a b', 'Bearer a=b', 'Bearer abc\t'])
      expect(readBearer(header), header).toEqual({ kind: 'malformed' });
  });
});

describe('bearerChallenge', () => {
  it('names the realm and the refused token, never breaking the header with quotes', () => {
    expect(bearerChallenge()).toBe('Bearer');
    expect(bearerChallenge({ realm: 'recipes' })).toBe('Bearer realm="recipes"');
    expect(bearerChallenge({ realm: 'recipes', description: 'Token verification failed' })).toBe(
      'Bearer realm="recipes", error="invalid_token", error_description="Token verification failed"',
    );
    expect(bearerChallenge({ description: 'must be "Bearer <token>"' })).toBe(
      'Bearer error="invalid_token", error_description="must be Bearer <token>"',
    );
  });
});
