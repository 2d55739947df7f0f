// Which fields of a recipe schema a path loses: for each field, two recipes that differ in that field alone go
// through the path; when what comes out is the same, the path does not carry the field. Fields the schema has
// that the samples lack (a field just added to the schema) get values made from their zod type, so a new field
// is checked without anyone writing a sample for it first (docs/architecture.md, "Adding a field to a recipe").
import { isDeepStrictEqual } from 'node:util';
import type { z } from 'zod';

type Recipeish = Record<string, unknown>;

/** The zod type's name under optional, default and nullable ('string', 'number', 'array', …). */
function baseType(schema: z.ZodType): string {
  const def = (schema as unknown as { _zod: { def: { type: string; innerType?: z.ZodType } } })._zod.def;
  return def.innerType ? baseType(def.innerType) : def.type;
}

/** Two different values of a field's type, for a field the samples do not have. */
function madeUpValues(schema: z.ZodType): [unknown, unknown] {
  const type = baseType(schema);
  if (type === 'string') return ['Prov', 'Annat prov'];
  if (type === 'number' || type === 'int') return [1, 2];
  if (type === 'boolean') return [false, true];
  if (type === 'array') return [[], ['Prov']];
  throw new Error(`no made-up values for a field of type ${type}: add the field to the samples`);
}

/**
 * The fields of `schema` that `path` loses. `sample` and `other` are two recipes that differ in every field they
 * have; `path` returns what comes out (a file read back, a JSON-LD object …).
 */
export async function fieldsLost(
  schema: z.ZodObject,
  samples: { sample: Recipeish; other: Recipeish },
  path: (recipe: Recipeish) => unknown,
): Promise<string[]> {
  const lost: string[] = [];
  for (const [field, type] of Object.entries(schema.shape as Record<string, z.ZodType>)) {
    const [a, b] = field in samples.sample ? [samples.sample[field], samples.other[field]] : madeUpValues(type);
    const base = { ...samples.sample, [field]: a };
    const changed = { ...samples.sample, [field]: b };
    if (isDeepStrictEqual(await path(base), await path(changed))) lost.push(field);
  }
  return lost;
}
