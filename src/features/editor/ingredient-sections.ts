// Ingredient sections in the editor (issue 25). The form keeps one list of rows: ingredients and heading rows
// ('Till degen'), so a heading drags and moves like an ingredient. A recipe keeps the heading on the ingredient
// it stands above (`heading`). These pure functions turn one into the other, and find a heading with no
// ingredient under it, which is refused with a message rather than dropped (it would be lost on save).
import { z } from 'zod';
import { recipeFormSchema, type IngredientItem } from '../../lib/recipe-schema.ts';

/** A heading row in the form's list. Ingredient rows have no `kind`. */
export type HeadingRow = { kind: 'heading'; heading: string; key: string };
export type IngredientRow = IngredientItem & { key: string; kind?: undefined };
export type ListRow = IngredientRow | HeadingRow;

export const SECTION_MESSAGES = {
  orphanHeading: 'Rubriken behöver minst en ingrediens under sig',
  orphanHeadingNamed: (heading: string) => `Rubriken ”${heading}” behöver minst en ingrediens under sig.`,
} as const;

export function isHeadingRow(row: { kind?: string | undefined }): row is HeadingRow {
  return row.kind === 'heading';
}

/** A recipe's ingredients as rows: each `heading` becomes a heading row just above its ingredient. */
export function unfoldHeadings<T extends { heading?: string | undefined }>(
  items: readonly T[],
  key: () => string,
): (Omit<T, 'heading'> | { kind: 'heading'; heading: string; key: string })[] {
  return items.flatMap(({ heading, ...item }) =>
    heading === undefined || heading.trim() === '' ? [item] : [{ kind: 'heading' as const, heading, key: key() }, item],
  );
}

/** The positions of heading rows with no ingredient right after them (at the end, or followed by a heading). */
export function orphanHeadings(rows: readonly { kind?: string | undefined }[]): number[] {
  return rows.flatMap((row, i) =>
    isHeadingRow(row) && (rows[i + 1] === undefined || isHeadingRow(rows[i + 1]!)) ? [i] : [],
  );
}

/** Rows -> ingredients, each heading on the ingredient after it. Call only when orphanHeadings() is empty. */
export function foldHeadings<T extends object>(rows: readonly (T | HeadingRow)[]): (T & { heading?: string })[] {
  const out: (T & { heading?: string })[] = [];
  let heading: string | undefined;
  for (const row of rows) {
    if ('kind' in row && row.kind === 'heading') heading = row.heading;
    else {
      out.push(heading === undefined ? (row as T) : { ...(row as T), heading });
      heading = undefined;
    }
  }
  return out;
}

/** For each row, the index of its ingredient among the ingredients alone (undefined for a heading row). */
export function ingredientPositions(rows: readonly { kind?: string | undefined }[]): (number | undefined)[] {
  let n = 0;
  return rows.map((row) => (isHeadingRow(row) ? undefined : n++));
}

const ingredientsSchema = recipeFormSchema.shape.ingredients;

/**
 * The form's list of rows checked and folded into ingredients with headings, then checked as the shared form
 * schema checks ingredients (so its row messages are indexed by ingredient: see ingredientPositions).
 */
export const rowsSchema = z
  .array(z.looseObject({ kind: z.string().optional() }))
  .transform((rows, ctx) => {
    const [orphan] = orphanHeadings(rows);
    if (orphan !== undefined) {
      const row = rows[orphan] as unknown as HeadingRow;
      ctx.addIssue({ code: 'custom', message: SECTION_MESSAGES.orphanHeadingNamed(row.heading) });
      return z.NEVER;
    }
    return foldHeadings(rows as (Record<string, unknown> | HeadingRow)[]) as z.input<typeof ingredientsSchema>;
  })
  .pipe(ingredientsSchema);
