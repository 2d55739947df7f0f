import { describe, expect, it } from 'vitest';
import { ApiError, isUnavailable } from '../../../src/client/api.ts';

describe('a failed read: missing recipe or API away', () => {
  it('is unavailable without an answer, on 5xx, 408 and 429', () => {
    for (const status of [0, 408, 429, 500, 502, 503, 504]) expect(isUnavailable(new ApiError(status, ''))).toBe(true);
    // Not an answer at all (the request could not be made).
    expect(isUnavailable(new TypeError('Failed to fetch'))).toBe(true);
  });

  it('is a missing recipe on 404 and other answers about the request', () => {
    for (const status of [400, 401, 403, 404, 410]) expect(isUnavailable(new ApiError(status, ''))).toBe(false);
  });
});
