// JSON text that does not depend on key order: two bodies or two stored contents that hold the same values give the
// same text (an Idempotency-Key's body hash; whether a version restored is what the recipe already is).
export function canonicalJson(value: unknown): string {
  const canonical = (v: unknown): unknown =>
    Array.isArray(v)
      ? v.map(canonical)
      : v && typeof v === 'object'
        ? Object.fromEntries(
            Object.keys(v)
              .sort()
              .map((k) => [k, canonical((v as Record<string, unknown>)[k])]),
          )
        : v;
  return JSON.stringify(canonical(value));
}
