import { describe, expect, it } from 'vitest';
import { recipeIdFromPath } from '../../src/islands/recipe-details.tsx';
import { searchHref } from '../../src/components/search-bar.tsx';

describe('recipeIdFromPath', () => {
  it.each([
    ['/1', 1],
    ['/42', 42],
    ['/42/', 42],
  ])('%s is recipe %i', (path, id) => expect(recipeIdFromPath(path)).toBe(id));

  it.each(['/', '/0', '/007', '/-1', '/1.5', '/abc', '/42/edit', '/recipe', '/1e3'])('%s is no recipe', (path) =>
    expect(recipeIdFromPath(path)).toBeUndefined(),
  );
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
});
