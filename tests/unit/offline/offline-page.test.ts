// Issue 54: the offline page lists the recipes the worker keeps read in full, and the header keeps the signed-in
// name offline from what the auth store kept (never a token).
import { describe, expect, it } from 'vitest';
import { savedList, savedRecipeId } from '../../../src/features/offline/saved-recipes.ts';
import { keptSession } from '../../../src/stores/auth.ts';

describe('savedRecipeId', () => {
  it('takes a recipe read at its own servings, wherever the API is', () => {
    expect(savedRecipeId('http://localhost:8080/api/recipes/12')).toBe(12);
    expect(savedRecipeId('https://api.example.se/recipes/7')).toBe(7);
  });
  it('leaves out other servings, lists, names and photos', () => {
    expect(savedRecipeId('http://localhost/api/recipes/12?servings=2')).toBeUndefined();
    expect(savedRecipeId('http://localhost/api/recipes/names')).toBeUndefined();
    expect(savedRecipeId('http://localhost/api/recipes')).toBeUndefined();
    expect(savedRecipeId('http://localhost/api/recipes/0')).toBeUndefined();
    expect(savedRecipeId('http://localhost/api/photos/ab.avif')).toBeUndefined();
  });
});

describe('savedList', () => {
  it('sorts by name as Swedish does, once each, without nameless rows', () => {
    expect(
      savedList([
        { id: 3, body: { name: 'Ärtsoppa' } },
        { id: 1, body: { name: ' Äppelpaj ' } },
        { id: 2, body: { name: 'Zucchinibiffar' } },
        { id: 1, body: { name: 'Äppelpaj' } },
        { id: 4, body: { name: '' } },
        { id: 5, body: null },
        { id: 6, body: { name: 42 } },
      ]),
    ).toEqual([
      { id: 2, name: 'Zucchinibiffar' },
      { id: 1, name: 'Äppelpaj' },
      { id: 3, name: 'Ärtsoppa' },
    ]);
  });
});

describe('keptSession', () => {
  const signedIn = {
    status: 'signed-in',
    username: 'redaktor',
    profile: { username: 'redaktor', firstName: 'Rut', lastName: 'Berg', email: 'rut@example.se' },
    isEditor: true,
  };
  it('reads back what was kept', () => {
    expect(keptSession(JSON.stringify(signedIn))).toEqual(signedIn);
  });
  it('is none for nothing, signed out, a broken or a partial record', () => {
    expect(keptSession(null)).toBeUndefined();
    expect(keptSession('{')).toBeUndefined();
    expect(keptSession(JSON.stringify({ status: 'signed-out' }))).toBeUndefined();
    expect(keptSession(JSON.stringify({ ...signedIn, username: '' }))).toBeUndefined();
    expect(keptSession(JSON.stringify({ ...signedIn, profile: undefined }))).toBeUndefined();
  });
  it('is never an editor unless it says so exactly', () => {
    expect(keptSession(JSON.stringify({ ...signedIn, isEditor: 'yes' }))).toMatchObject({ isEditor: false });
  });
});
