// The one API client. Recipes in the browser carry unit labels ('dl'); the wire carries keys
// ('DECILITER'). This module converts both ways, adds the bearer token and the XSRF header,
// and turns failures into ApiError (spec sections 7 and 8).
import { forgeryHeader } from './forgery-header.ts';
import { apiBase } from './site-config.ts';
import { takeEarlyRecipe } from './early.ts';
import { isUnitKey, unitKey, unitLabel, OFFERED_UNIT_KEYS } from '../lib/units.ts';
import type { Thumbnail } from '../lib/photo-schema.ts';
import { writeFilterParams, type RecipeFilters } from '../lib/recipe-filters.ts';
import type {
  ImportedRecipe as ApiImportedRecipe,
  Recipe as ApiRecipe,
  RecipeInput,
  WithUnitLabels,
} from '../lib/recipe-schema.ts';

// The site's recipe types are the shared schema's (src/lib/recipe-schema.ts) with one change: a unit is the
// label people see ('dl'; '' for none) instead of the wire's key. A recipe not saved yet has no stored fields.
type Stored = 'id' | 'version' | 'createdAt' | 'updatedAt';
export type Recipe = WithUnitLabels<Omit<ApiRecipe, Stored>> & Partial<Pick<ApiRecipe, Stored>>;
export type Ingredient = Recipe['ingredients'][number];
export type Quantity = NonNullable<Ingredient['quantity']>;
/** What the editor sends: no author (the API sets it from the token on create and keeps it on edits). */
export type RecipeDraft = WithUnitLabels<RecipeInput>;
/** A page's recipe as POST /recipe-imports reads it: a draft for the create form, not saved. */
export type ImportedRecipe = WithUnitLabels<ApiImportedRecipe>;

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {
    super(`API request failed with status ${status}`);
    this.name = 'ApiError';
  }
}

export const MESSAGE_401 = 'Unauthorized';
export const MESSAGE_403 = 'You lack the privileges required to perform this action';
export const MESSAGE_OTHER = 'Something bad happened; please try again later.';

/** The section 8 text a person sees for a failed create, update or delete. */
export function userMessage(error: unknown): string {
  const status = error instanceof ApiError ? error.status : 0;
  if (status === 401) return MESSAGE_401;
  if (status === 403) return MESSAGE_403;
  return MESSAGE_OTHER;
}

/**
 * Whether a failed read says nothing about the recipe itself: no answer (network, time-out: status 0), the
 * API or its database away (5xx, 503 while the database cannot be reached), or too many requests (429).
 * Then the page offers to try again; a 404 (or any other answer) means the recipe is not there.
 */
export function isUnavailable(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true;
  return error.status === 0 || error.status === 408 || error.status === 429 || error.status >= 500;
}

/** Section 8 logging: network failures log the body, others the status code and the body. */
export function logApiError(error: unknown): void {
  if (error instanceof ApiError && error.status !== 0) console.error(`API error ${error.status}`, error.body);
  else console.error('Network error', error instanceof ApiError ? error.body : error);
}

/** The version a 409 answer reports as current (field name read leniently). */
export function conflictVersion(error: unknown): number | undefined {
  if (!(error instanceof ApiError) || error.status !== 409) return undefined;
  const b = (error.body ?? {}) as Record<string, unknown>;
  const v = b.currentVersion ?? b.version ?? (b.current as Record<string, unknown> | undefined)?.version;
  return typeof v === 'number' ? v : undefined;
}

export function toLabels<R extends { ingredients: Ingredient[] }>(r: R): R {
  return {
    ...r,
    ingredients: (r.ingredients ?? []).map(({ quantity, ...rest }) =>
      quantity
        ? {
            ...rest,
            quantity: {
              value: quantity.value,
              unit: isUnitKey(quantity.unit) ? unitLabel(quantity.unit) : quantity.unit,
            },
          }
        : rest,
    ),
  };
}

// Both directions keep an ingredient's other fields (its section heading, doNotScale): only the unit changes.
export function toKeys<R extends { ingredients: Ingredient[] }>(r: R): R {
  return {
    ...r,
    ingredients: r.ingredients.map(({ quantity, ...rest }) =>
      quantity ? { ...rest, quantity: { value: quantity.value, unit: unitKey(quantity.unit) ?? 'NONE' } } : rest,
    ),
  };
}

/**
 * The longest the site waits for an answer. The API itself answers within its database limit (503 when the
 * database is away); this covers a network or proxy that never answers, so no spinner turns forever.
 */
export const REQUEST_TIMEOUT_MS = 15_000;

function withinTimeout(response: Promise<Response>): Promise<Response> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`No answer within ${REQUEST_TIMEOUT_MS / 1000} s`)), REQUEST_TIMEOUT_MS);
  });
  return Promise.race([response, late]).finally(() => clearTimeout(timer));
}

/**
 * Where a request gets its bearer token: the auth store's `apiTokens` (src/stores/auth.ts, the one owner of
 * keycloak-js). Every request function takes one, so no island can write without a token by forgetting to load
 * the store, and the layers stay one-way (this module imports no store).
 */
export type TokenSource = { signedIn(): boolean; token(): Promise<string | undefined> };

export async function request<T>(
  tokens: TokenSource,
  method: string,
  path: string,
  body?: unknown,
  extra: Record<string, string> = {},
  started?: Promise<Response>,
): Promise<T> {
  const url = `${await apiBase()}${path}`;
  const headers: Record<string, string> = { Accept: 'application/json', ...extra };
  // Reads do not wait for the sign-in check (the list is public and should not stall on it);
  // writes do, so they always carry the bearer token of a signed-in user.
  const isRead = method === 'GET' || method === 'HEAD';
  const token = !isRead || tokens.signedIn() ? await tokens.token() : undefined;
  if (token) headers.Authorization = `Bearer ${token}`;
  if (body !== undefined || method === 'DELETE') headers['Content-Type'] = 'application/json';
  if (!isRead) Object.assign(headers, forgeryHeader(url));
  let res: Response;
  try {
    // Reads revalidate (ETag, 304 when unchanged) instead of trusting the API's brief public caching,
    // so a person always sees the change just saved.
    const cache = isRead ? 'no-cache' : undefined;
    const signal = AbortSignal.timeout(REQUEST_TIMEOUT_MS);
    res = await withinTimeout(
      started ??
        fetch(url, { method, headers, cache, signal, body: body === undefined ? undefined : JSON.stringify(body) }),
    );
  } catch (error) {
    throw new ApiError(0, error instanceof Error ? error.message : String(error));
  }
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    // Not JSON (a proxy's error page): keep the text as the body.
  }
  if (!res.ok) throw new ApiError(res.status, parsed);
  return parsed as T;
}

export async function listRecipes(tokens: TokenSource, search?: string): Promise<Recipe[]> {
  const q = search ? `?search=${encodeURIComponent(search)}` : '';
  return (await request<Recipe[]>(tokens, 'GET', `/recipes${q}`)).map(toLabels);
}

/** `thumbnail`: the main photo's square files, for a recipe with photos. */
export type RecipeName = { id: number; name: string; thumbnail?: Thumbnail };
/** `count`: how many recipes match in all, when filters (issue 40) were given. */
/** `more`: the words filter counted its first 1,000 matches and found more (issue 52). */
export type NamePage = {
  recipes: RecipeName[];
  next: string | null;
  previous: string | null;
  count?: number;
  more?: boolean;
};

/**
 * One page of ids and names in Swedish order (GET /recipes/names): the list screen's light read. With `filters`
 * (ingredients, time, words anywhere) only the recipes passing them, and how many they are.
 */
export async function listRecipeNames(
  tokens: TokenSource,
  opts: {
    search?: string;
    category?: string;
    filters?: RecipeFilters;
    after?: string;
    before?: string;
    limit?: number;
  } = {},
): Promise<NamePage> {
  const q = new URLSearchParams();
  if (opts.search?.trim()) q.set('search', opts.search.trim());
  if (opts.category?.trim()) q.set('category', opts.category.trim());
  if (opts.filters) writeFilterParams(q, opts.filters);
  if (opts.after) q.set('after', opts.after);
  if (opts.before) q.set('before', opts.before);
  if (opts.limit) q.set('limit', String(opts.limit));
  const text = q.toString();
  return request<NamePage>(tokens, 'GET', `/recipes/names${text ? `?${text}` : ''}`);
}

/** A category in use and how many recipes have it (GET /categories answers the most used first). */
export type CategoryCount = { name: string; count: number };

/** The categories in use, most used first: the list screen's chips and the editor's suggestions. */
export async function listCategories(tokens: TokenSource): Promise<CategoryCount[]> {
  return (await request<{ categories: CategoryCount[] }>(tokens, 'GET', '/categories')).categories;
}

export async function getRecipe(tokens: TokenSource, id: number, servings?: number): Promise<Recipe> {
  const q = servings === undefined ? '' : `?servings=${servings}`;
  // A signed-in visitor's first read goes out without a token: recipes are public.
  const started = servings === undefined ? takeEarlyRecipe(id) : undefined;
  return toLabels(await request<Recipe>(tokens, 'GET', `/recipes/${id}${q}`, undefined, {}, started));
}

/** Unit labels to offer (NONE dropped), in the server's order. */
export async function listUnits(tokens: TokenSource): Promise<string[]> {
  const keys = await request<string[]>(tokens, 'GET', '/units');
  return keys
    .filter((k) => k !== 'NONE' && isUnitKey(k))
    .map((k) => unitLabel(k as (typeof OFFERED_UNIT_KEYS)[number]));
}

/** A fresh Idempotency-Key (getRandomValues works on plain http too, unlike randomUUID). */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * Creates a recipe. The same `idempotencyKey` for the same recipe makes a retry (after a timeout, a lost
 * answer, a second click) return the recipe the first attempt made instead of a second one.
 */
export async function createRecipe(
  tokens: TokenSource,
  recipe: RecipeDraft,
  idempotencyKey?: string,
): Promise<Recipe & { id: number }> {
  const { id: _id, version: _v, ...rest } = toKeys(recipe);
  const headers: Record<string, string> = idempotencyKey ? { 'Idempotency-Key': idempotencyKey } : {};
  return toLabels(await request<Recipe & { id: number }>(tokens, 'POST', '/recipes', rest, headers));
}

/** Sends the version the edit started from (body and If-Match): a stale save answers 409. */
export async function updateRecipe(tokens: TokenSource, id: number, recipe: RecipeDraft): Promise<Recipe | undefined> {
  const rest = toKeys(recipe);
  const headers: Record<string, string> = recipe.version === undefined ? {} : { 'If-Match': `"${recipe.version}"` };
  const answer = await request<Recipe | undefined>(tokens, 'PUT', `/recipes/${id}`, { ...rest, id }, headers);
  return answer && typeof answer === 'object' ? toLabels(answer) : undefined;
}

/** Reads the schema.org Recipe of a page (its address or pasted HTML), or a recipe pasted as text. Units come back as labels. */
export async function importRecipe(
  tokens: TokenSource,
  source: { url: string } | { html: string } | { text: string },
): Promise<ImportedRecipe> {
  return toLabels(await request<ImportedRecipe>(tokens, 'POST', '/recipe-imports', source));
}

export async function deleteRecipe(tokens: TokenSource, id: number): Promise<void> {
  await request<unknown>(tokens, 'DELETE', `/recipes/${id}`);
}

// ---- Moving in from another app (issue 38): POST /recipe-collections/preview and /recipe-collections ----
// The file goes up as its raw bytes. Neither request goes through `request` above: the body is a file, not JSON,
// the import's answer is a stream of lines, and both may take minutes (a large file's upload, the server's
// reading of it, photo by photo), so they have longer limits of their own.

/** One recipe found in the file, as the preview lists it. `problem`: why it cannot be imported at all. */
export type CollectionRecipePreview = {
  index: number;
  name: string;
  photos: number;
  alreadyHere: boolean;
  problem?: string;
  notes: string[];
  /** Why the recipe is worth a look once moved in ('Granska': a setting among the ingredients, an odd time). */
  review?: string[];
};
/** What a file holds (POST /recipe-collections/preview); nothing is saved. */
export type CollectionPreview = {
  format: string;
  formatName: string;
  recipes: CollectionRecipePreview[];
  count: { recipes: number; withPhotos: number; alreadyHere: number; cannotImport: number };
  notes: string[];
};
export type CollectionProgress = { done: number; total: number };
/** The import's last line: what was saved (with its id) and what was skipped and why. */
export type CollectionReport = {
  imported: { index: number; name: string; id: number; notes: string[]; review?: string[] }[];
  skipped: { index: number; name: string; reason: string }[];
};

/** The import's answer stopped before its report (a restart, the network): running the file again finishes it. */
export class CollectionInterrupted extends Error {
  constructor(cause: unknown) {
    super('The import ended before its report', { cause });
    this.name = 'CollectionInterrupted';
  }
}

/** The longest the upload and the server's reading of the file may take before the answer starts. */
export const COLLECTION_ANSWER_TIMEOUT_MS = 10 * 60_000;
/** The longest the import's answer may stay silent: the server writes a line after every recipe. */
export const COLLECTION_SILENCE_TIMEOUT_MS = 2 * 60_000;

/** An abort signal whose deadline moves: `renew(ms)` starts the wait again. */
function deadline(ms: number) {
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const renew = (after: number) => {
    clearTimeout(timer);
    timer = setTimeout(() => controller.abort(new Error(`No answer within ${after / 1000} s`)), after);
  };
  renew(ms);
  return { signal: controller.signal, renew, clear: () => clearTimeout(timer) };
}

async function sendCollection(
  tokens: TokenSource,
  path: string,
  file: Blob,
  fileName: string | undefined,
  accept: string,
  signal: AbortSignal,
): Promise<Response> {
  const url = `${await apiBase()}${path}`;
  const token = await tokens.token();
  const headers: Record<string, string> = {
    Accept: accept,
    'Content-Type': 'application/octet-stream',
    ...forgeryHeader(url),
  };
  if (token) headers.Authorization = `Bearer ${token}`;
  if (fileName) headers['X-File-Name'] = encodeURIComponent(fileName);
  let res: Response;
  try {
    res = await fetch(url, { method: 'POST', headers, body: file, signal, cache: 'no-store' });
  } catch (error) {
    throw new ApiError(0, error instanceof Error ? error.message : String(error));
  }
  if (res.ok) return res;
  const text = await res.text().catch(() => '');
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    // Not JSON (a proxy's error page): keep the text as the body.
  }
  throw new ApiError(res.status, parsed);
}

/** What the file holds: its format, its recipes, which are here already and which cannot be imported. */
export async function previewCollection(
  tokens: TokenSource,
  file: Blob,
  fileName?: string,
): Promise<CollectionPreview> {
  const limit = deadline(COLLECTION_ANSWER_TIMEOUT_MS);
  try {
    const res = await sendCollection(
      tokens,
      '/recipe-collections/preview',
      file,
      fileName,
      'application/json',
      limit.signal,
    );
    try {
      return (await res.json()) as CollectionPreview;
    } catch (error) {
      throw new ApiError(0, error instanceof Error ? error.message : String(error));
    }
  } finally {
    limit.clear();
  }
}

/** The lines of a streamed body as they arrive; `onData` hears of every piece (the silence limit starts again). */
async function* textLines(body: ReadableStream<Uint8Array>, onData: () => void): AsyncGenerator<string> {
  const reader = body.getReader();
  const decoder = new TextDecoder(); // `stream: true` keeps a character split between two pieces whole
  let rest = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    onData();
    const lines = (rest + decoder.decode(value, { stream: true })).split('\n');
    rest = lines.pop() ?? '';
    for (const line of lines) if (line.trim()) yield line;
  }
  rest += decoder.decode();
  if (rest.trim()) yield rest; // the last line without its newline, or half a line cut off (then JSON.parse fails)
}

function isReport(line: Record<string, unknown>): line is CollectionReport & { type: 'report' } {
  return line.type === 'report' && Array.isArray(line.imported) && Array.isArray(line.skipped);
}

/**
 * Imports the file's recipes (the server skips those already here). `onProgress` hears each recipe done; resolves
 * with the report. Rejects with ApiError when the request is refused or never answered, and with
 * CollectionInterrupted when the answer stops before its report.
 */
export async function importCollection(
  tokens: TokenSource,
  file: Blob,
  fileName: string | undefined,
  onProgress: (progress: CollectionProgress) => void,
): Promise<CollectionReport> {
  const limit = deadline(COLLECTION_ANSWER_TIMEOUT_MS);
  try {
    const res = await sendCollection(
      tokens,
      '/recipe-collections',
      file,
      fileName,
      'application/x-ndjson',
      limit.signal,
    );
    if (!res.body) throw new CollectionInterrupted('no body');
    const quiet = () => limit.renew(COLLECTION_SILENCE_TIMEOUT_MS);
    quiet();
    try {
      for await (const text of textLines(res.body, quiet)) {
        const line = JSON.parse(text) as Record<string, unknown>;
        if (line.type === 'progress' && typeof line.done === 'number' && typeof line.total === 'number') {
          onProgress({ done: line.done, total: line.total });
        } else if (isReport(line)) {
          return { imported: line.imported, skipped: line.skipped };
        }
      }
    } catch (error) {
      throw new CollectionInterrupted(error);
    }
    throw new CollectionInterrupted('the answer ended without its report');
  } finally {
    limit.clear();
  }
}
