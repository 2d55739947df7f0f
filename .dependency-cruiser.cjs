// The layering docs/architecture.md describes, checked by `npm run check:deps` (part of `npm test`).
// Site: pages/layouts → features (each an island with its hooks, texts and styles) → components → stores → client → lib. Server: api, idp and site are
// siblings that share server/db, server/plugins (third-party plugins' options) and src/lib; server/db knows
// nothing above it; src/lib is pure.
// A rule: what may not import what; `from` and `to` are a path pattern or dependency-cruiser's own object.
function forbid(name, from, to, comment) {
  const side = (value) => (typeof value === 'string' ? { path: value } : value);
  return { name, severity: 'error', ...(comment ? { comment } : {}), from: side(from), to: side(to) };
}

/** @type {import('dependency-cruiser').IDependencyCruiserConfiguration} */
module.exports = {
  forbidden: [
    forbid('no-circular', {}, { circular: true }, 'Import cycles hide the order things load in.'),
    forbid(
      'lib-is-pure',
      '^src/lib/',
      { pathNot: ['^src/lib/', '^node_modules/'] },
      'src/lib is shared by the browser and the server: only other src/lib modules and npm packages, no Node built-ins.',
    ),
    forbid('lib-no-node', '^src/lib/', { dependencyTypes: ['core'] }),
    forbid(
      'client-below-stores',
      '^src/client/',
      '^src/(stores|components|features|pages|layouts)/',
      "src/client talks to the API and keeps the browser's state (history, session storage); it knows no stores or UI.",
    ),
    forbid('stores-below-ui', '^src/stores/', '^src/(components|features|pages|layouts)/'),
    forbid('components-below-features', '^src/components/', '^src/(features|pages|layouts)/'),
    forbid('features-below-pages', '^src/features/', '^src/(pages|layouts)/'),
    forbid('site-not-server', '^src/', '^server/', 'The site is static files: it cannot import server code.'),
    forbid(
      'server-uses-lib-only',
      '^server/',
      { path: '^src/', pathNot: '^src/lib/' },
      'The server shares only src/lib with the site.',
    ),
    forbid(
      'db-knows-nothing-above',
      '^server/db/',
      '^server/(api|idp|site|cli|plugins|import|drafts|move-in|http)/|^server/(app|start|server-options)\\.ts$',
    ),
    forbid(
      'db-data-folder-holds-no-recipes',
      '^server/db/data-folder/',
      '^server/db/(repositories|transfer|schema)/',
      "server/db/data-folder (the embedded database's lock, heartbeat, privacy, backups and restore) handles files and processes, never recipes.",
    ),
    forbid(
      'db-connection-below-the-rooms',
      '^server/db/[^/]+\\.ts$',
      '^server/db/(repositories|transfer)/',
      'The connection (index, drivers, migrations, the gate) opens the database; the repositories and the transfer file use it, never the reverse.',
    ),
    forbid(
      'db-repositories-below-the-transfer',
      '^server/db/repositories/',
      '^server/db/(transfer|data-folder)/',
      'server/db/repositories read and write one domain each; the transfer file and the seed use them, and the data folder is not theirs.',
    ),
    forbid(
      'db-transfer-not-the-folder',
      '^server/db/transfer/',
      '^server/db/data-folder/',
      "The transfer file moves recipes between any two databases: it knows nothing of the embedded database's folder.",
    ),
    forbid(
      'http-below-the-parts',
      '^server/http/',
      { path: '^(server|src)/', pathNot: '^server/http/' },
      'server/http holds what every part writes into HTTP (the CSP builder, the HTML escaper): no other server or site code.',
    ),
    forbid(
      'worker-pool-stands-alone',
      '^server/worker-(pool|entry)\\.ts$',
      { path: '^(server|src)/', pathNot: '^server/worker-entry\\.ts$' },
      "server/worker-pool.ts: the web import's worker threads, and the sizing, errors and priority photos' processes share; it knows neither (only its threads' entry, server/worker-entry.ts).",
    ),
    forbid(
      'drafts-read-values-only',
      '^server/drafts/',
      { path: '^(server|src)/', pathNot: '^(server/drafts/|src/lib/)' },
      "server/drafts holds the draft rules every import shares (the web import, moving in and the scan read with them): a recipe as schema.org values or text -> a draft in the form's limits. src/lib and npm packages only: nothing of the server, not the web import that uses it.",
    ),
    forbid(
      'import-reads-pages-only',
      '^server/import/',
      { path: '^server/', pathNot: '^server/(import/|drafts/|http/|worker-pool\\.ts$|config\\.ts$)' },
      "server/import is the web import: a page's address, its HTML or a pasted text -> a recipe draft (the guarded fetch, the page's readers, the reading workers). The draft rules (server/drafts), src/lib, server/http, the worker pool and the Config; no database, nothing of moving in or the scan, no part that answers HTTP.",
    ),
    forbid(
      'photos-below-the-parts',
      '^server/photos/',
      '^server/(api|idp|site|cli|import|drafts|move-in|plugins)/|^server/(app|start|server-options)\\.ts$',
      'server/photos processes and stores pictures for the API, the transfer files and the CLI: server/db, the Config and the worker pool sizing, nothing above.',
    ),
    forbid(
      'scan-below-the-parts',
      '^server/scan/',
      '^server/(api|idp|site|cli|plugins|import|move-in|db|http)/|^server/(app|start|server-options)\\.ts$',
      "server/scan reads a photographed page into a draft for the import route: the photo checks, the draft rules (server/drafts: the plain-text reader) and the worker pool's sizing below it; not the web import, no database, no part that answers HTTP.",
    ),
    forbid(
      'move-in-below-the-parts',
      '^server/move-in/',
      { path: '^server/', pathNot: '^server/(move-in/|drafts/|db/|photos/|worker-pool\\.ts$|config\\.ts$)' },
      "server/move-in moves another app's recipes in for the API's route and the CLI alike: its formats (apps/), the draft rules (server/drafts), the database, the photos, the worker pool and the Config below it; not the web import, no part that answers HTTP (the route is the API's: docs/decisions/054).",
    ),
    forbid(
      'move-in-apps-read-files-only',
      '^server/move-in/apps/',
      { path: '^server/', pathNot: '^server/(move-in/apps/|drafts/|worker-pool\\.ts$|config\\.ts$)' },
      "server/move-in/apps reads another app's export file (its format, its archive) into drafts in the worker pool: the draft rules (server/drafts), the worker pool and the Config; no database, no photos, not the service above it.",
    ),
    forbid(
      'cli-works-without-http',
      '^server/cli/',
      '^server/(api|site|plugins|http)/|^server/(app|start|server-options)\\.ts$',
      "server/cli commands open the database (and the provider's users) directly: no part that answers HTTP, no app.",
    ),
    forbid(
      'nothing-imports-the-cli',
      { path: '^(server|src)/', pathNot: '^server/cli/' },
      '^server/cli/',
      'server/cli holds command-line entry points: they import what they use; nothing imports them.',
    ),
    forbid(
      'plugins-below-the-parts',
      '^server/plugins/',
      { path: '^server/', pathNot: '^server/(plugins/|config\\.ts$)' },
      'server/plugins holds third-party plugins and their options: it may read the Config, nothing of the parts that register them.',
    ),
    forbid(
      'third-party-plugins-in-one-place',
      { path: '^server/', pathNot: '^server/plugins/' },
      '^node_modules/@fastify/(helmet|compress|cors|rate-limit)/',
      'helmet, compress, CORS and rate limits are configured in server/plugins/ only, so each rule is written once.',
    ),
    forbid(
      'api-read-models-below-the-routes',
      '^server/api/read-models/',
      '^server/api/(routes/|index\\.ts$)',
      "server/api/read-models keep the API's reads in memory for the routes: they know no route and not the plugin.",
    ),
    forbid('api-not-idp-or-site', '^server/api/', '^server/(idp|site|cli)/'),
    forbid('idp-not-api-or-site', '^server/idp/', '^server/(api|site|cli)/'),
    forbid(
      'idp-users-below-the-flows',
      '^server/idp/users/',
      '^server/idp/(protocol|pages)/',
      "server/idp/users (accounts, passwords, profile rules, the users CLI's admin) serves the protocol and the sign-in pages, and knows neither.",
    ),
    forbid(
      'idp-abuse-control-below-the-pages',
      '^server/idp/abuse/',
      '^server/idp/pages/',
      'server/idp/abuse (throttles, the password queue, the recent sign-in mark) is asked by the pages, never the reverse.',
    ),
    forbid('site-server-not-api-or-idp', '^server/site/', '^server/(api|idp|cli)/'),
    forbid(
      'only-db-knows-the-drivers',
      { path: '^(server|src)/', pathNot: '^server/db/' },
      '^node_modules/(@electric-sql/pglite|pg)/',
      'Only server/db knows PGlite from PostgreSQL.',
    ),
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs'],
    },
    exclude: { path: ['^dist/', '^\\.astro/'] },
  },
};
