import ipaddr from 'ipaddr.js';
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { MAX_INGREDIENTS } from '../src/lib/text-rules.ts';
import { demoUserPolicy } from './demo-user-policy.ts';

// The one place that reads the environment. Everything else receives a Config.
const bool = z
  .enum(['true', 'false', '1', '0'], { message: 'must be true or false' })
  .transform((v) => v === 'true' || v === '1');

const url = (what: string) =>
  z
    .string()
    .refine((v) => /^https?:\/\/[^\s/]+(\/[^\s]*)?$/.test(v), { message: `must be an http(s) URL (${what})` })
    .transform((v) => v.replace(/\/+$/, ''));

const intIn = (min: number, max: number) =>
  z
    .string()
    .regex(/^\d+$/, { message: `must be a whole number from ${min} to ${max}` })
    .transform(Number)
    .refine((n) => n >= min && n <= max, { message: `must be a whole number from ${min} to ${max}` });

/**
 * The settings that hold secrets. Each can come from a file instead (`DATABASE_URL_FILE=/run/secrets/db`), as the
 * official PostgreSQL image does, so a secret never has to sit in a compose file or in the environment.
 */
export const SECRET_SETTINGS = ['DATABASE_URL', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;

/**
 * The environment with every `NAME_FILE` of a secret setting read into `NAME` (without its trailing line
 * breaks). Both set, an unreadable file, or an empty one is a problem naming the setting; `fromFile` lists
 * the settings read from files, whose values error messages then leave out.
 */
export function withSecretFiles(
  env: Record<string, string | undefined>,
  readFile: (path: string) => string = (path) => readFileSync(path, 'utf8'),
): { env: Record<string, string | undefined>; fromFile: Set<string>; problems: string[] } {
  const out = { ...env };
  const fromFile = new Set<string>();
  const problems: string[] = [];
  for (const name of SECRET_SETTINGS) {
    const path = env[`${name}_FILE`];
    if (!path) continue;
    if (env[name]) {
      problems.push(`${name} and ${name}_FILE are both set: set one of them`);
      continue;
    }
    let value: string;
    try {
      value = readFile(path).replace(/[\r\n]+$/, '');
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
      problems.push(`${name}_FILE=${JSON.stringify(path)}: cannot read the file (${code})`);
      continue;
    }
    if (!value) {
      problems.push(`${name}_FILE=${JSON.stringify(path)}: the file is empty`);
      continue;
    }
    out[name] = value;
    fromFile.add(name);
  }
  return { env: out, fromFile, problems };
}

/** proxy-addr's names for ranges, which Fastify's trustProxy also takes. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/**
 * TRUST_PROXY as Fastify's `trustProxy`: `false` (no proxy), a number of proxy hops (`true` is exactly one: the
 * address the nearest proxy appended, never the leftmost, which the client writes itself), or the proxies'
 * addresses and CIDR ranges. Undefined for anything else.
 */
function trustedProxies(value: string): false | number | string[] | undefined {
  if (value === 'false' || value === '0') return false;
  if (value === 'true') return 1;
  if (/^\d{1,2}$/.test(value)) return Number(value);
  const list = value
    .split(',')
    .map((a) => a.trim())
    .filter(Boolean);
  // Written out in full (ipaddr.js alone would read '100' as the address 0.0.0.100).
  const address = (a: string) => ipaddr.IPv4.isValidFourPartDecimal(a) || (a.includes(':') && ipaddr.IPv6.isValid(a));
  const valid = (a: string) =>
    PROXY_RANGE_NAMES.has(a) || address(a) || (address(a.split('/')[0] ?? '') && ipaddr.isValidCIDR(a));
  return list.length > 0 && list.every(valid) ? list : undefined;
}

/** Marks a problem whose message quotes the bad value itself: it is shown as `NAME: message`, not `NAME="value": message`. */
const NAMES_ITS_VALUE = { namesItsValue: true };

/** A comma-separated list (entries trimmed, empty ones dropped, each through `tidy`); names the first that is not `what`. */
function listOf(what: string, valid: (entry: string) => boolean, tidy: (entry: string) => string = (e) => e) {
  return z.string().transform((value, ctx) => {
    const entries = value
      .split(',')
      .map((entry) => tidy(entry.trim()))
      .filter(Boolean);
    const bad = entries.find((entry) => !valid(entry));
    if (bad !== undefined)
      ctx.addIssue({ code: 'custom', message: `"${bad}" is not ${what}`, params: NAMES_ITS_VALUE });
    return entries;
  });
}

const EnvSchema = z.object({
  PORT: intIn(0, 65535).default(8080),
  HOST: z.string().min(1).default('localhost'),
  PUBLIC_URL: url('the address people open, e.g. http://localhost:8080').optional(),
  API_BASE_PATH: z
    .string()
    .regex(/^\/[A-Za-z0-9/_-]*[A-Za-z0-9_-]$/, { message: 'must start with / and not end with / (e.g. /api)' })
    .default('/api'),
  API_URL: z.string().min(1).optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, { message: 'must be a postgres:// or postgresql:// URL' })
    .optional(),
  KEYCLOAK_URL: url('the Keycloak base URL, without /realms/…').optional(),
  KEYCLOAK_REALM: z
    .string()
    .regex(/^[A-Za-z0-9_-]+$/, { message: 'letters, digits, _ and - only' })
    .default('recipes'),
  KEYCLOAK_CLIENT_ID: z
    .string()
    .regex(/^[A-Za-z0-9_.-]+$/, { message: 'letters, digits, _ . and - only' })
    .default('recipes-frontend'),
  ALLOWED_ORIGINS: listOf(
    'an origin like https://example.com',
    (o) => /^https?:\/\/[^/\s]+$/.test(o),
    (o) => o.replace(/\/+$/, ''),
  ).optional(),
  SITE_DIR: z.string().min(1).default('./dist'),
  SERVE_SITE: bool.default(true),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  // One readable line per entry in a terminal, JSON lines for files and pipes (server/server-options.ts).
  LOG_FORMAT: z.enum(['pretty', 'json']).optional(),
  BODY_LIMIT: intIn(1024, 10 * 1024 * 1024).default(256 * 1024),
  WRITE_RATE_LIMIT: intIn(1, 1_000_000).default(120),
  FILTER_READ_RATE_LIMIT: intIn(1, 1_000_000).default(300),
  DB_CONNECT_TIMEOUT_MS: intIn(100, 60_000).default(1000),
  DB_REQUEST_TIMEOUT_MS: intIn(100, 600_000).default(1500),
  DB_STATEMENT_TIMEOUT_MS: intIn(100, 3_600_000).default(30_000),
  // Which X-Forwarded-For hops to believe (see trustedProxies below); never every hop.
  TRUST_PROXY: z
    .string()
    .default('false')
    .transform((value, ctx) => {
      const trusted = trustedProxies(value);
      if (trusted !== undefined) return trusted;
      ctx.addIssue({
        code: 'custom',
        message: `"${value}" is not false, true (one proxy), a number of proxies, or a list of proxy addresses and CIDR ranges`,
        params: NAMES_ITS_VALUE,
      });
      return z.NEVER;
    }),
  IDP_ACCESS_TOKEN_SECONDS: intIn(10, 86400).default(300),
  // With KEYCLOAK_URL: the longest access-token lifetime (exp - iat) the API accepts; at least the realm's lifespan.
  KEYCLOAK_ACCESS_TOKEN_MAX_SECONDS: intIn(10, 86400).optional(),
  IDP_REFRESH_TOKEN_SECONDS: intIn(60, 30 * 86400).default(1800),
  // Unset: the demo users (published passwords) exist only when the product is served on a loopback address.
  IDP_SEED_DEMO_USERS: bool.optional(),
  IDP_REGISTRATIONS_PER_HOUR: intIn(0, 1_000_000).default(5),
  IDP_RATE_LIMIT: intIn(1, 1_000_000).default(60),
  // Keycloak's "Valid redirect URIs" of the client: exact URIs, or ending in * for a prefix. Default: origin/*.
  IDP_REDIRECT_URIS: listOf('an http(s) URI or URI pattern ending in *', (u) =>
    /^https?:\/\/[^/\s?#*]+(\/[^\s#]*)?$/.test(u),
  ).optional(),
  // Recipe import: addresses and CIDR ranges it may fetch from beyond the public internet (default none).
  IMPORT_ALLOWED_ADDRESSES: listOf(
    'an IP address or CIDR range like 10.0.0.0/8',
    (a) => ipaddr.isValid(a) || ipaddr.isValidCIDR(a),
  ).default([]),
  IMPORT_TIMEOUT_MS: intIn(100, 120_000).default(10_000),
  IMPORT_MAX_BYTES: intIn(1024, 50 * 1024 * 1024).default(10 * 1024 * 1024),
  IMPORT_READ_TIMEOUT_MS: intIn(100, 60_000).default(5000),
  // Moving in from another app (server/move-in/): one export file of a whole collection. A large real one
  // (Paprika with every photo inline, years of recipes) runs to hundreds of MB; a recipe's ingredients stop at the
  // schema's ceiling. Reading the file is one scan in a worker thread (every recipe, photos skipped over).
  COLLECTION_MAX_BYTES: intIn(1024, 8 * 1024 * 1024 * 1024).default(1024 * 1024 * 1024),
  COLLECTION_MAX_RECIPES: intIn(1, 1_000_000).default(10_000),
  COLLECTION_MAX_INGREDIENTS: intIn(1, MAX_INGREDIENTS).default(MAX_INGREDIENTS),
  COLLECTION_READ_TIMEOUT_MS: intIn(1000, 3_600_000).default(120_000),
  // Nothing irreversible (issue 41): days a deleted recipe stays in the trash (0: DELETE erases at once), and each
  // recipe's history: its newest versions, none older than the days (the recipe as it is always stays).
  TRASH_DAYS: intIn(0, 3650).default(30),
  HISTORY_MAX_VERSIONS: intIn(1, 10_000).default(100),
  HISTORY_MAX_DAYS: intIn(1, 36_500).default(365),
  // Photos (docs/photos.md): the largest upload, the time one may take to process, and where the files are kept.
  PHOTO_MAX_BYTES: intIn(1024, 100 * 1024 * 1024).default(15 * 1024 * 1024),
  PHOTO_TIMEOUT_MS: intIn(1000, 300_000).default(30_000),
  // Reading photos of a paper recipe (issue 56): the whole scan, every page, in its own process; then it is killed.
  SCAN_TIMEOUT_MS: intIn(1000, 600_000).default(60_000),
  // An editor's uploads not yet saved with a recipe (swept after a day): at most this many, and this many bytes stored.
  PHOTO_UNSAVED_MAX_COUNT: intIn(1, 10_000).default(30),
  PHOTO_UNSAVED_MAX_BYTES: intIn(100 * 1024, 100 * 1024 * 1024 * 1024).default(200 * 1024 * 1024),
  PHOTO_STORAGE: z.enum(['database', 's3'], { message: 'must be database or s3' }).default('database'),
  S3_ENDPOINT: url('the S3-compatible endpoint, e.g. https://s3.eu-north-1.amazonaws.com').optional(),
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, { message: 'must be an S3 bucket name' })
    .optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: bool.default(false),
  // Set by the image (Dockerfile): the start banner then names the container's commands instead of npm's.
  RECIPE_BOOK_IN_CONTAINER: bool.default(false),
  S3_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9!_.*'()/-]*$/, { message: "letters, digits and !_.*'()/- only" })
    .default('photos/'),
});

/**
 * Checks across settings, on the environment as given (a secret counts as given when its `_FILE` is set), so they
 * are reported with every other problem, whether or not the values themselves are valid.
 */
function crossProblems(given: (name: string) => string | undefined): string[] {
  const problems: string[] = [];
  if (!given('KEYCLOAK_URL') && given('KEYCLOAK_ACCESS_TOKEN_MAX_SECONDS') !== undefined)
    problems.push(
      "KEYCLOAK_ACCESS_TOKEN_MAX_SECONDS: applies to a real Keycloak only (KEYCLOAK_URL); the embedded provider's tokens live IDP_ACCESS_TOKEN_SECONDS",
    );
  if (given('PHOTO_STORAGE') === 's3' && !given('S3_BUCKET'))
    problems.push('S3_BUCKET: PHOTO_STORAGE=s3 needs the bucket the photos go to (it must exist)');
  if (!given('S3_ACCESS_KEY_ID') !== !given('S3_SECRET_ACCESS_KEY'))
    problems.push('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY: set both, or neither (the SDK then finds them)');
  return problems;
}

export class ConfigError extends Error {
  readonly problems: string[];
  constructor(problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
    this.problems = problems;
  }
}

type Env = z.output<typeof EnvSchema>;

/** The settings as the server uses them: derived defaults filled in, everything frozen. */
function toConfig(e: Env, terminal: boolean) {
  const publicUrl = e.PUBLIC_URL ?? `http://localhost:${e.PORT}`;
  const keycloakUrl = e.KEYCLOAK_URL ?? publicUrl;
  const origins = e.ALLOWED_ORIGINS ?? [publicUrl];
  const trustProxy = e.TRUST_PROXY;
  // The demo users' passwords are published: only a product nobody else can reach gets them by default.
  const demoUsers = demoUserPolicy({ setting: e.IDP_SEED_DEMO_USERS, publicUrl, host: e.HOST });
  return Object.freeze({
    port: e.PORT,
    host: e.HOST,
    /** Origin the product is reached at (no trailing slash), e.g. http://localhost:8080. */
    publicUrl,
    /** Where the API is mounted on this server, e.g. /api. */
    apiBasePath: e.API_BASE_PATH,
    /** The {api} the site calls, published in /config.json. Relative ('/api') by default. */
    apiUrl: e.API_URL ?? e.API_BASE_PATH,
    dataDir: e.DATA_DIR,
    databaseUrl: e.DATABASE_URL,
    /** true when no KEYCLOAK_URL is set: the embedded identity provider is mounted. */
    embeddedIdp: !e.KEYCLOAK_URL,
    keycloakUrl,
    keycloakRealm: e.KEYCLOAK_REALM,
    keycloakClientId: e.KEYCLOAK_CLIENT_ID,
    /** Exact `iss` of access tokens: keycloakUrl/realms/realm. */
    issuer: `${keycloakUrl}/realms/${e.KEYCLOAK_REALM}`,
    allowedOrigins: Object.freeze(origins),
    siteDir: e.SITE_DIR,
    serveSite: e.SERVE_SITE,
    logLevel: e.LOG_LEVEL,
    /** 'pretty' (one line per entry, one per request) or 'json' (pino's lines); unset: pretty when stdout is a terminal. */
    logFormat: e.LOG_FORMAT ?? (terminal ? 'pretty' : 'json'),
    bodyLimit: e.BODY_LIMIT,
    writeRateLimit: e.WRITE_RATE_LIMIT,
    /** Filtered reads of the list (GET /recipes/names with a filter) a client may make a minute (issue 52). */
    filterReadRateLimit: e.FILTER_READ_RATE_LIMIT,
    /** Fastify's trustProxy: false, a number of hops, or the proxies' addresses and ranges. */
    trustProxy: Array.isArray(trustProxy) ? Object.freeze(trustProxy) : trustProxy,
    /** The longest lifetime (exp - iat) of an access token the API accepts: the embedded provider's, or KEYCLOAK_ACCESS_TOKEN_MAX_SECONDS. */
    accessTokenMaxSeconds: e.KEYCLOAK_URL ? (e.KEYCLOAK_ACCESS_TOKEN_MAX_SECONDS ?? 3600) : e.IDP_ACCESS_TOKEN_SECONDS,
    database: Object.freeze({
      /** PostgreSQL: the longest wait for a connection from the pool (or a new one). */
      connectTimeoutMs: e.DB_CONNECT_TIMEOUT_MS,
      /** The longest a request waits for the database before it answers 503; a write not committed by then never is. */
      requestTimeoutMs: e.DB_REQUEST_TIMEOUT_MS,
      /** PostgreSQL: no statement runs, or waits on a server that stopped answering, longer than this. */
      statementTimeoutMs: e.DB_STATEMENT_TIMEOUT_MS,
    }),
    idp: Object.freeze({
      accessTokenSeconds: e.IDP_ACCESS_TOKEN_SECONDS,
      refreshTokenSeconds: e.IDP_REFRESH_TOKEN_SECONDS,
      seedDemoUsers: demoUsers.seed,
      /** `setting`: IDP_SEED_DEMO_USERS decided; else the product is loopback-only, or its PUBLIC_URL or HOST is not. */
      demoUsersReason: demoUsers.reason,
      registrationsPerHour: e.IDP_REGISTRATIONS_PER_HOUR,
      /** Form posts and token, revocation and introspection requests per minute per client address. */
      rateLimit: e.IDP_RATE_LIMIT,
      /** The client's valid redirect (and post-logout redirect) URI patterns, as in Keycloak. Default: origin/*. */
      redirectUris: Object.freeze(e.IDP_REDIRECT_URIS ?? origins.map((o) => `${o}/*`)),
    }),
    recipeImport: Object.freeze({
      /** Addresses and CIDR ranges the import may fetch from although they are private, loopback and so on. */
      allowedAddresses: Object.freeze(e.IMPORT_ALLOWED_ADDRESSES),
      /** The whole fetch, redirects included. */
      timeoutMs: e.IMPORT_TIMEOUT_MS,
      /** The largest page fetched, and the largest request body of the import route (pasted HTML). */
      maxBytes: e.IMPORT_MAX_BYTES,
      /** Reading a page (fetched or pasted) in a worker thread, from when the thread starts it; then it is terminated. */
      readTimeoutMs: e.IMPORT_READ_TIMEOUT_MS,
      /** Reading photos of a recipe's pages (all of them) in a scan process; then the process is killed (422). */
      scanTimeoutMs: e.SCAN_TIMEOUT_MS,
    }),
    collections: Object.freeze({
      /** The largest export file taken (413 beyond, refused while it streams in: it is never held in memory). */
      maxBytes: e.COLLECTION_MAX_BYTES,
      /** Recipes in one file; a file with more is refused as a whole (422). */
      maxRecipes: e.COLLECTION_MAX_RECIPES,
      /** Ingredients in one recipe (at most the schema's MAX_INGREDIENTS); a recipe with more is not imported. */
      maxIngredients: e.COLLECTION_MAX_INGREDIENTS,
      /** Everything in the file unpacked together: four times the file, against zip bombs. This bounds the work;
       *  memory is bounded apart, by absolute figures: entries are read one at a time, each within its own limit
       *  (64 MB of JSON text of at most 2,500,000 values, 32 MB of a zip inside the zip, PHOTO_MAX_BYTES of a
       *  photo), in one worker thread of a 256 MB heap (decision 054). */
      maxUnpackedBytes: 4 * e.COLLECTION_MAX_BYTES,
      /** One scan of the file, or one photo read from it, in a worker thread; then the worker is terminated. */
      readTimeoutMs: e.COLLECTION_READ_TIMEOUT_MS,
    }),
    /** The trash and each recipe's history (issue 41): erased after `trashDays` (0: no trash), versions kept. */
    keeping: Object.freeze({
      trashDays: e.TRASH_DAYS,
      history: Object.freeze({ versions: e.HISTORY_MAX_VERSIONS, days: e.HISTORY_MAX_DAYS }),
    }),
    /** Running in the product's image (RECIPE_BOOK_IN_CONTAINER): commands are `recipe-book …`, not `npm run …`. */
    inContainer: e.RECIPE_BOOK_IN_CONTAINER,
    photos: Object.freeze({
      maxBytes: e.PHOTO_MAX_BYTES,
      /** Processing one photo, waiting for a worker thread included; then the worker is terminated. */
      timeoutMs: e.PHOTO_TIMEOUT_MS,
      /** An editor's uploads no recipe was saved with yet: at most `count` of them, `bytes` of files stored. */
      unsaved: Object.freeze({ count: e.PHOTO_UNSAVED_MAX_COUNT, bytes: e.PHOTO_UNSAVED_MAX_BYTES }),
      /** Where the files are: the database (default) or an S3-compatible bucket. */
      storage: Object.freeze(
        e.PHOTO_STORAGE === 's3'
          ? {
              kind: 's3' as const,
              endpoint: e.S3_ENDPOINT,
              bucket: e.S3_BUCKET ?? '',
              region: e.S3_REGION,
              accessKeyId: e.S3_ACCESS_KEY_ID,
              secretAccessKey: e.S3_SECRET_ACCESS_KEY,
              forcePathStyle: e.S3_FORCE_PATH_STYLE,
              prefix: e.S3_PREFIX,
            }
          : { kind: 'database' as const },
      ),
    }),
  });
}

/** The whole configuration as one schema: the environment's settings, each checked, turned into the Config. */
const configSchema = (terminal: boolean) => EnvSchema.transform((env) => toConfig(env, terminal));

/** What the server runs with; inferred from the schema and its transform, so the two cannot drift apart. */
export type Config = z.output<ReturnType<typeof configSchema>>;

/**
 * Reads and validates settings once (secrets also from `*_FILE`, see withSecretFiles). Empty strings count as
 * unset. Every problem is reported at once: bad secret files, bad values and settings that do not fit together.
 * `terminal`: stdout is a TTY (LOG_FORMAT's default).
 */
export function loadConfig(
  environment: Record<string, string | undefined> = process.env,
  terminal: boolean = process.stdout.isTTY === true,
  readFile?: (path: string) => string,
): Config {
  const { env, fromFile, problems } = withSecretFiles(environment, readFile);
  const raw = Object.fromEntries(Object.keys(EnvSchema.shape).map((k) => [k, env[k] === '' ? undefined : env[k]]));
  const parsed = configSchema(terminal).safeParse(raw);
  const shown = (key: string) => (fromFile.has(key) ? `(from ${key}_FILE)` : JSON.stringify(raw[key]));
  if (!parsed.success)
    problems.push(
      ...parsed.error.issues.map((i) =>
        'params' in i && i.params?.namesItsValue
          ? `${i.path.join('.')}: ${i.message}`
          : `${i.path.join('.')}=${shown(String(i.path[0]))}: ${i.message}`,
      ),
    );
  problems.push(...crossProblems((name) => raw[name] ?? (environment[`${name}_FILE`] ? '(file)' : undefined)));
  if (!parsed.success || problems.length) throw new ConfigError(problems);
  return parsed.data;
}
