// How bench/import-pages.ts judges a draft against the answer recipe-scrapers expects of its page
// (docs/import-corpus.md, "How a field is judged"). Pure: a draft and an answer in, what was right out.
import { Parser } from 'htmlparser2';
import type readRecipe from '../server/import/read-recipe.ts';
import { recipeInputSchema } from '../src/lib/recipe-schema.ts';

export type Draft = NonNullable<Awaited<ReturnType<typeof readRecipe>>>;

/** The table's rows, in order; '*' rows count lines or groups, the others pages. */
export const FIELDS = [
  'has a recipe',
  'name',
  'servings',
  'ingredients: count',
  'ingredients: names in lines *',
  'ingredient groups: all',
  'ingredient groups: each *',
  'instructions: step count',
  'instructions: count or 90 % of words',
  'prep time',
  'total time',
  'image',
  'source url',
  'site name',
  'saves without an edit (of all)',
  'saves without an edit (of drafts)',
] as const;
export type Field = (typeof FIELDS)[number];
export type Verdict = { field: Field; right: boolean; weight: number };

/** Each field the answer has, right or not (a field the answer lacks is not judged). */
export function judge(want: Record<string, unknown>, draft: Draft | null): Verdict[] {
  const verdicts: Verdict[] = [];
  const count = (field: Field, right: boolean, weight = 1) => {
    if (weight > 0) verdicts.push({ field, right, weight });
  };
  count('has a recipe', draft !== null);
  // The recipe's name, the site's part aside on both sides (recipe-scrapers' answer keeps "… - Culy" for some sites
  // and drops it for others; the issue asks for the recipe's name without it).
  if (typeof want.title === 'string') {
    const site = [want.site_name, want.host, want.canonical_url];
    count('name', draft !== null && nameKey(draft.name, site) === nameKey(want.title, site));
  }

  const yields = number(want.yields);
  if (yields !== undefined) count('servings', draft?.servings === Math.round(yields));

  const lines = strings(want.ingredients);
  if (lines.length > 0) {
    count('ingredients: count', draft?.ingredients.length === lines.length);
    // Fair to unit conversion: the draft's name (its amount, unit and note aside) is somewhere in a line the page
    // had, word for word (punctuation aside: "butter ((1/2 cup))" is in "115 g butter (1/2 cup)").
    const wanted = lines.map((line) => ` ${words(line).join(' ')} `);
    for (const ingredient of draft?.ingredients ?? []) {
      const name = words(ingredient.name).join(' ');
      count('ingredients: names in lines *', name !== '' && wanted.some((line) => line.includes(` ${name} `)));
    }
    if (!draft) count('ingredients: names in lines *', false, lines.length);
  }

  const groups = (Array.isArray(want.ingredient_groups) ? (want.ingredient_groups as { purpose?: unknown }[]) : [])
    .map((g) => (typeof g.purpose === 'string' ? heading(g.purpose) : ''))
    .filter((g) => g !== '');
  if (groups.length > 0) {
    const headings = new Set((draft?.ingredients ?? []).map((i) => heading(i.heading ?? '')));
    const found = groups.filter((g) => headings.has(g)).length;
    count('ingredient groups: all', found === groups.length);
    count('ingredient groups: each *', true, found);
    count('ingredient groups: each *', false, groups.length - found);
  }

  // A step's label alone ("Step 1", "Steg 2:", "3.") is no step, on either side: some answers list it as one.
  const steps = strings(want.instructions_list).filter((line) => !STEP_LABEL.test(clean(line)));
  if (steps.length > 0) {
    const got = (draft?.instructions ?? '').split('\n').filter((l) => l.trim() !== '' && !STEP_LABEL.test(clean(l)));
    const recall = overlap(words(steps.join(' ')), words(got.join(' ')));
    count('instructions: step count', got.length === steps.length);
    count('instructions: count or 90 % of words', got.length === steps.length || recall >= 0.9);
  }

  if (positive(want.prep_time)) count('prep time', draft?.prepTime === want.prep_time);
  if (positive(want.total_time)) count('total time', draft?.totalTime === want.total_time);
  if (typeof want.image === 'string' && want.image !== '') count('image', Boolean(draft?.imageUrl));
  if (address(want.canonical_url) !== '')
    count('source url', address(draft?.source?.url) === address(want.canonical_url));
  if (typeof want.site_name === 'string' && want.site_name.trim() !== '')
    count('site name', key(draft?.source?.name ?? '') === key(want.site_name));

  const saves = draft !== null && saveProblems(draft).length === 0;
  count('saves without an edit (of all)', saves);
  if (draft) count('saves without an edit (of drafts)', saves);
  return verdicts;
}

/**
 * Why the draft would not save untouched ([] when it would): the body the create form sends when 'Spara' is pressed
 * (src/features/editor: importedToValues, then valuesToRecipe: a page without servings keeps the form's 4, an empty
 * time or source is null), checked with the API's schema as POST /recipes checks it. 'field: message', each once.
 */
export function saveProblems(draft: Draft): string[] {
  const body = {
    name: draft.name,
    instructions: draft.instructions,
    servings: draft.servings ?? 4,
    ingredients: draft.ingredients.map((i) => ({
      name: i.name,
      ...(i.quantity ? { quantity: i.quantity } : {}),
      ...(i.note ? { note: i.note } : {}),
      ...(i.heading ? { heading: i.heading } : {}),
    })),
    photos: [],
    categories: draft.categories ?? [],
    prepTime: draft.prepTime ?? null,
    totalTime: draft.totalTime ?? null,
    source: draft.source ?? null,
  };
  const result = recipeInputSchema.safeParse(body);
  if (result.success) return [];
  const field = (path: PropertyKey[]) => path.map((p) => (typeof p === 'number' ? '[]' : String(p))).join('.');
  return [...new Set(result.error.issues.map((issue) => `${field(issue.path)}: ${issue.message}`))];
}

// ---- Text as both sides are compared: entities decoded (twice: double-encoded ones too), invisible characters
// dropped, whitespace runs collapsed ----
function decode(text: string): string {
  let out = '';
  new Parser({ ontext: (part) => void (out += part) }, { decodeEntities: true }).end(text.replaceAll('<', '&lt;'));
  return out;
}
function clean(value: unknown): string {
  if (typeof value !== 'string') return '';
  return decode(decode(value))
    .normalize('NFC')
    .replace(/[\u00ad\u200b-\u200d\u2060\ufeff]/gu, '')
    .replace(/\s+/gu, ' ')
    .trim();
}
const key = (value: unknown) => clean(value).toLowerCase();

const STEP_LABEL =
  /^(?:(?:step|steg|schritt|étape|etape|stap|paso|passo|krok|trin|vaihe|lépés)\s*\d{1,3}|\d{1,3})\s*[.:)]?$/iu;
// A title's parts: split at a separator with space on both sides.
const SEPARATOR = /\s+(?:[|\-–—·•»~]|::)\s+/u;
const letters = (text: string) => key(text).replace(/[^\p{L}\p{N}]/gu, '');

/**
 * A name as the judge compares it: case and whitespace aside, and without a first or last part that is the site's
 * (its site_name, its host or a label of it: "Kladdkaka | Receptbloggen", "Bolognese - Culy", "… | culy.nl"). The
 * judge's own rule, simpler than the product's (server/drafts/site-tail.ts), so it does not grade the product by itself.
 */
function nameKey(name: unknown, site: unknown[]): string {
  const hosts = site
    .filter((s): s is string => typeof s === 'string' && s.trim() !== '')
    .flatMap((s) => {
      const host = URL.canParse(s.trim()) ? new URL(s.trim()).host : s;
      return [
        s,
        host,
        ...host
          .replace(/^www\./u, '')
          .split('.')
          .filter((label) => label.length >= 4),
      ];
    })
    .map(letters)
    .filter((s) => s !== '');
  const isSite = (part: string) => {
    const l = letters(part);
    return l !== '' && hosts.some((h) => h === l || (l.length >= 4 && h.startsWith(l)) || l.startsWith(h));
  };
  const parts = clean(name).split(SEPARATOR);
  if (parts.length > 1 && isSite(parts.at(-1)!)) parts.pop();
  if (parts.length > 1 && isSite(parts[0]!)) parts.shift();
  return key(parts.join(' - '));
}
const heading = (value: string) => key(value).replace(/\s*:$/u, '');
const words = (text: string) => key(text).match(/[\p{L}\p{N}]+/gu) ?? [];
const strings = (value: unknown): string[] =>
  (Array.isArray(value) ? value : typeof value === 'string' ? value.split('\n') : []).filter(
    (s): s is string => typeof s === 'string' && s.trim() !== '',
  );
const positive = (value: unknown): value is number => typeof value === 'number' && value > 0;
function number(value: unknown): number | undefined {
  if (typeof value === 'number') return value;
  const match = typeof value === 'string' ? /\d+(?:[.,]\d+)?/u.exec(value) : null;
  return match ? Number(match[0].replace(',', '.')) : undefined;
}
/** An address as the same page: scheme, 'www.', letter case of the host and a trailing slash aside. */
function address(value: unknown): string {
  if (typeof value !== 'string' || !URL.canParse(value.trim())) return '';
  const url = new URL(value.trim());
  return `${url.host.replace(/^www\./u, '')}${url.pathname.replace(/\/+$/u, '')}${url.search}`;
}
/** The share of `wanted` words (with repeats) found in `got`. */
function overlap(wanted: string[], got: string[]): number {
  const left = new Map<string, number>();
  for (const word of got) left.set(word, (left.get(word) ?? 0) + 1);
  let found = 0;
  for (const word of wanted) {
    const n = left.get(word) ?? 0;
    if (n > 0) {
      found++;
      left.set(word, n - 1);
    }
  }
  return wanted.length === 0 ? 1 : found / wanted.length;
}
