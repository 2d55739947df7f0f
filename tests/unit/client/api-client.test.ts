import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  ApiError,
  conflictVersion,
  logApiError,
  toKeys,
  toLabels,
  userMessage,
  type Recipe,
} from '../../../src/client/api.ts';

const recipe = (units: Array<string | undefined>): Recipe => ({
  id: 7,
  name: 'Pannkakor',
  author: 'redaktor',
  instructions: '',
  servings: 4,
  ingredients: units.map((unit, i) =>
    unit === undefined ? { name: `i${i}` } : { name: `i${i}`, quantity: { value: 1, unit } },
  ),
});

describe('unit mapping', () => {
  const keys = [
    'LITER',
    'DECILITER',
    'MILLILITER',
    'TABLESPOON',
    'TEASPOON',
    'PINCH',
    'GRAM',
    'KILOGRAM',
    'MILLIGRAM',
    'PIECES',
  ];
  const labels = ['l', 'dl', 'ml', 'msk', 'tsk', 'krm', 'g', 'kg', 'mg', 'st'];

  it('turns every key into its Swedish label on the way in', () => {
    expect(toLabels(recipe(keys)).ingredients.map((i) => i.quantity?.unit)).toEqual(labels);
  });

  it('turns every label back into its key on the way out', () => {
    expect(toKeys(recipe(labels)).ingredients.map((i) => i.quantity?.unit)).toEqual(keys);
  });

  it('maps NONE to no label and back, and leaves ingredients without quantity alone', () => {
    const inbound = toLabels(recipe(['NONE', undefined]));
    expect(inbound.ingredients[0]?.quantity).toEqual({ value: 1, unit: '' });
    expect(inbound.ingredients[1]).toEqual({ name: 'i1' });
    expect(toKeys(inbound).ingredients[0]?.quantity).toEqual({ value: 1, unit: 'NONE' });
  });
});

describe('error mapping (spec section 8)', () => {
  afterEach(() => vi.restoreAllMocks());

  it.each([
    [401, 'Unauthorized'],
    [403, 'You lack the privileges required to perform this action'],
    [0, 'Something bad happened; please try again later.'],
    [400, 'Something bad happened; please try again later.'],
    [409, 'Something bad happened; please try again later.'],
    [500, 'Something bad happened; please try again later.'],
  ])('status %i reads %s', (status, text) => {
    expect(userMessage(new ApiError(status, {}))).toBe(text);
  });

  it('a plain error (not from the API) gets the generic text', () => {
    expect(userMessage(new Error('boom'))).toBe('Something bad happened; please try again later.');
  });

  it('logs the body for a network failure and the code and body otherwise', () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    logApiError(new ApiError(0, 'Failed to fetch'));
    expect(log).toHaveBeenLastCalledWith('Network error', 'Failed to fetch');
    logApiError(new ApiError(500, { error: 'x' }));
    expect(log).toHaveBeenLastCalledWith('API error 500', { error: 'x' });
  });

  it('reads the current version of a 409 leniently', () => {
    expect(conflictVersion(new ApiError(409, { currentVersion: 4 }))).toBe(4);
    expect(conflictVersion(new ApiError(409, { version: 5 }))).toBe(5);
    expect(conflictVersion(new ApiError(400, { currentVersion: 4 }))).toBeUndefined();
  });
});
