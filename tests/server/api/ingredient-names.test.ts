import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createApiHarness, type ApiHarness } from '../../support/api-app.ts';
import { DATABASE_KINDS } from '../../support/database.ts';
import { editorToken } from '../../support/tokens.ts';
import { bearer, postRecipe, recipeBody } from '../../support/recipes.ts';

// Issue 52, item 1: the distinct ingredient names behind "Med …" (migrations 017 and 018). A word of one or two
// letters is looked up in the index of the names' words, not matched by a scan of every name; a name no recipe
// holds any longer is removed.
type Page = { recipes: { name: string }[]; count?: number };

const ingredientsOf = (...names: string[]) => names.map((name) => ({ name }));
/** A statement's text without its parameters, the statements it is made of included. */
const textOf = (statement: unknown): string => {
  if (typeof statement === 'string') return statement;
  const { queryChunks, value } = statement as { queryChunks?: unknown[]; value?: unknown };
  if (queryChunks) return queryChunks.map(textOf).join('');
  return Array.isArray(value) && value.every((v) => typeof v === 'string') ? value.join('') : '';
};

describe.each(DATABASE_KINDS)('ingredient names (%s)', (kind) => {
  let h: ApiHarness;
  let token: string;
  const names = async (params: Record<string, string>) =>
    (
      (await h.app.inject({ method: 'GET', url: `/api/recipes/names?${new URLSearchParams(params)}` })).json() as Page
    ).recipes.map((r) => r.name);
  const rows = async <T>(statement: string) => ((await h.db.orm.execute(statement)) as unknown as { rows: T[] }).rows;
  const stored = async () =>
    (await rows<{ name: string; uses: number }>('SELECT name, uses FROM ingredient_names ORDER BY name')).map(
      (r) => `${r.name} ${r.uses}`,
    );
  const send = (method: 'PUT' | 'DELETE', id: number, payload?: object) =>
    h.app.inject({ method, url: `/api/recipes/${id}`, headers: bearer(token), ...(payload ? { payload } : {}) });

  beforeAll(async () => {
    // The first writes of a new PGlite take seconds on a loaded machine: this file is not about the write deadline.
    h = await createApiHarness(kind, { DB_REQUEST_TIMEOUT_MS: '60000' });
    token = await editorToken(h.keys);
  });
  afterAll(() => h?.close());

  it('removes a name once no recipe holds it, after an edit and after a delete', async () => {
    const soup = await postRecipe(
      h.app,
      token,
      recipeBody({ name: 'Soppa', ingredients: ingredientsOf('Purjolök', 'Grädde', 'Salt') }),
    );
    const bread = await postRecipe(h.app, token, recipeBody({ name: 'Bröd', ingredients: ingredientsOf('Salt') }));
    expect(await stored()).toEqual(['Grädde 1', 'Purjolök 1', 'Salt 2']);
    // An edit: "Grädde" is gone from the only recipe that held it, "Mjölk" is new.
    const edited = await send(
      'PUT',
      soup.id,
      recipeBody({ name: 'Soppa', ingredients: ingredientsOf('Purjolök', 'Mjölk', 'Salt'), version: soup.version }),
    );
    expect(edited.statusCode).toBe(200);
    expect(await stored()).toEqual(['Mjölk 1', 'Purjolök 1', 'Salt 2']);
    // A delete (to the trash): its names count one less; "Salt" stays for the bread.
    expect((await send('DELETE', soup.id)).statusCode).toBe(204);
    expect(await stored()).toEqual(['Salt 1']);
    expect(await names({ ingredients: 'purjolök' })).toEqual([]);
    // Back from the trash, its names are back.
    const restored = await h.app.inject({
      method: 'POST',
      url: `/api/trash/${soup.id}/restore`,
      headers: bearer(token),
    });
    expect(restored.statusCode).toBe(200);
    expect(await stored()).toEqual(['Mjölk 1', 'Purjolök 1', 'Salt 2']);
    expect(await names({ ingredients: 'purjolök' })).toEqual(['Soppa']);
    for (const id of [soup.id, bread.id]) expect((await send('DELETE', id)).statusCode).toBe(204);
    expect(await stored()).toEqual([]);
  });

  it('matches a word of one or two letters as a whole word of a name, in any script, through the index', async () => {
    const made = await Promise.all(
      [
        { name: 'Svampsås', ingredients: ingredientsOf('Грибы и лук', 'Grädde') },
        { name: 'Fiskolja', ingredients: ingredientsOf('Olja (Ω-3)') },
        { name: 'Te', ingredients: ingredientsOf('Grönt te', 'Молоко') },
      ].map((body) => postRecipe(h.app, token, recipeBody(body))),
    );
    const execute = vi.spyOn(h.db.orm, 'execute');
    try {
      expect(await names({ ingredients: 'И' })).toEqual(['Svampsås']);
      expect(await names({ ingredients: 'ω' })).toEqual(['Fiskolja']);
      expect(await names({ ingredients: 'TE' })).toEqual(['Te']);
      // Inside a word is no match for so short a word: "ол" in "Молоко", "ol" in "Olja", "te" in "Grädde"'s recipe.
      expect(await names({ ingredients: 'ол' })).toEqual([]);
      expect(await names({ ingredients: 'ol' })).toEqual([]);
      const asked = execute.mock.calls.map(([statement]) => textOf(statement));
      const short = asked.filter((text) => text.includes('FROM ingredient_names'));
      expect(short).toHaveLength(5);
      for (const text of short) expect(text).toContain('ingredient_name_words(name) @>');
    } finally {
      execute.mockRestore();
    }
    // The database answers it from the index of the names' words, not by reading every name.
    const plan = await h.db.orm.transaction(async (tx) => {
      await tx.execute('SET LOCAL enable_seqscan = off');
      const explained = await tx.execute(
        `EXPLAIN SELECT id FROM ingredient_names WHERE ingredient_name_words(name) @> ARRAY['te']`,
      );
      return (explained as unknown as { rows: { 'QUERY PLAN': string }[] }).rows;
    });
    expect(plan.map((r) => r['QUERY PLAN']).join('\n')).toContain('ingredient_names_words');
    for (const { id } of made) expect((await send('DELETE', id)).statusCode).toBe(204);
  });
});
