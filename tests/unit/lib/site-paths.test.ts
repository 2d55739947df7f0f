import { describe, expect, it } from 'vitest';
import {
  editRecipeHref,
  parseRecipeId,
  recipeHref,
  recipeIdFromEditPath,
  recipeIdFromPath,
  searchHref,
} from '../../../src/lib/routes.ts';

// The one recipe-id rule (src/lib/routes.ts): the site's routes, the server's rewrites and the API's path ids.
describe('parseRecipeId', () => {
  it.each([
    ['1', 1],
    ['42', 42],
    ['2147483647', 2147483647],
  ])('%s is %i', (text, id) => expect(parseRecipeId(text)).toBe(id));

  it.each(['', '0', '007', '-1', '+1', '1.5', '1e3', ' 1', 'abc', '2147483648', '99999999999', '123456789012345'])(
    '%j is no id',
    (text) => expect(parseRecipeId(text)).toBeUndefined(),
  );
});

describe('recipeIdFromPath', () => {
  it.each([
    ['/1', 1],
    ['/42', 42],
    ['/42/', 42],
  ])('%s is recipe %i', (path, id) => expect(recipeIdFromPath(path)).toBe(id));

  it.each(['/', '/0', '/007', '/-1', '/1.5', '/abc', '/42/edit', '/recipe', '/1e3', '/2147483648'])(
    '%s is no recipe',
    (path) => expect(recipeIdFromPath(path)).toBeUndefined(),
  );
});

describe('recipeIdFromEditPath', () => {
  it('reads the id from /{id}/edit', () => {
    expect(recipeIdFromEditPath('/12/edit')).toBe(12);
    expect(recipeIdFromEditPath('/12/edit/')).toBe(12);
    for (const path of ['/0/edit', '/abc/edit', '/12', '/012/edit', '/2147483648/edit'])
      expect(recipeIdFromEditPath(path)).toBeUndefined();
  });

  it('is the inverse of the links the site makes', () => {
    expect(recipeIdFromPath(recipeHref(2147483647))).toBe(2147483647);
    expect(recipeIdFromEditPath(editRecipeHref(7))).toBe(7);
  });
});

describe('searchHref', () => {
  it('goes to / without the parameter for an empty or blank search', () => {
    expect(searchHref('')).toBe('/');
    expect(searchHref('   ')).toBe('/');
  });

  it('puts the trimmed, encoded query in ?search=', () => {
    expect(searchHref(' ärtsoppa ')).toBe('/?search=%C3%A4rtsoppa');
    expect(searchHref('a&b=c')).toBe('/?search=a%26b%3Dc');
  });

  it('stays within the category the list is narrowed to', () => {
    expect(searchHref('bullar', 'Till fest')).toBe('/?search=bullar&category=Till%20fest');
    expect(searchHref('', 'Bakning')).toBe('/?category=Bakning');
    expect(searchHref(' ', ' ')).toBe('/');
  });
});
