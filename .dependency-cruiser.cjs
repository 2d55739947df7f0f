// The layering docs/architecture.md describes, checked by `npm run check:deps` (part of `npm test`).
// Site: pages/layouts → features (each an island with its hooks, texts and styles) → components → stores → client → lib. Server: api, idp and site are
// siblings that share server/db, server/plugins (third-party plugins' options) and src/lib; server/db knows
// nothing above it; src/lib is pure.
/** @type {import('dependency-cruiser').IDependencyCruiserConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'Import cycles hide the order things load in.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'lib-is-pure',
      severity: 'error',
      comment:
        'src/lib is shared by the browser and the server: only other src/lib modules and npm packages, no Node built-ins.',
      from: { path: '^src/lib/' },
      to: { pathNot: ['^src/lib/', '^node_modules/'] },
    },
    { name: 'lib-no-node', severity: 'error', from: { path: '^src/lib/' }, to: { dependencyTypes: ['core'] } },
    {
      name: 'client-below-stores',
      severity: 'error',
      comment:
        "src/client talks to the API and keeps the browser's state (history, session storage); it knows no stores or UI.",
      from: { path: '^src/client/' },
      to: { path: '^src/(stores|components|features|pages|layouts)/' },
    },
    {
      name: 'stores-below-ui',
      severity: 'error',
      from: { path: '^src/stores/' },
      to: { path: '^src/(components|features|pages|layouts)/' },
    },
    {
      name: 'components-below-features',
      severity: 'error',
      from: { path: '^src/components/' },
      to: { path: '^src/(features|pages|layouts)/' },
    },
    {
      name: 'features-below-pages',
      severity: 'error',
      from: { path: '^src/features/' },
      to: { path: '^src/(pages|layouts)/' },
    },
    {
      name: 'site-not-server',
      severity: 'error',
      comment: 'The site is static files: it cannot import server code.',
      from: { path: '^src/' },
      to: { path: '^server/' },
    },
    {
      name: 'server-uses-lib-only',
      severity: 'error',
      comment: 'The server shares only src/lib with the site.',
      from: { path: '^server/' },
      to: { path: '^src/', pathNot: '^src/lib/' },
    },
    {
      name: 'db-knows-nothing-above',
      severity: 'error',
      from: { path: '^server/db/' },
      to: { path: '^server/(api|idp|site|cli|plugins|import|http)/|^server/(app|start|server-options)\\.ts$' },
    },
    {
      name: 'http-below-the-parts',
      severity: 'error',
      comment:
        'server/http holds what every part writes into HTTP (the CSP builder, the HTML escaper): no other server or site code.',
      from: { path: '^server/http/' },
      to: { path: '^(server|src)/', pathNot: '^server/http/' },
    },
    {
      name: 'worker-pool-stands-alone',
      severity: 'error',
      comment:
        "server/worker-pool.ts: the web import's worker threads, and the sizing, errors and priority photos' processes share; it knows neither.",
      from: { path: '^server/worker-pool\\.ts$' },
      to: { path: '^(server|src)/' },
    },
    {
      name: 'import-reads-pages-only',
      severity: 'error',
      comment:
        'server/import turns a web page into a recipe draft: src/lib, the worker pool and the Config; no database, no part that answers HTTP.',
      from: { path: '^server/import/' },
      to: { path: '^server/', pathNot: '^server/(import/|http/|worker-pool\\.ts$|config\\.ts$)' },
    },
    {
      name: 'photos-below-the-parts',
      severity: 'error',
      comment:
        'server/photos processes and stores pictures for the API, the transfer files and the CLI: server/db, the Config and the worker pool sizing, nothing above.',
      from: { path: '^server/photos/' },
      to: { path: '^server/(api|idp|site|cli|import|plugins)/|^server/(app|start|server-options)\\.ts$' },
    },
    {
      name: 'cli-works-without-http',
      severity: 'error',
      comment:
        "server/cli commands open the database (and the provider's users) directly: no part that answers HTTP, no app.",
      from: { path: '^server/cli/' },
      to: { path: '^server/(api|site|plugins|http)/|^server/(app|start|server-options)\\.ts$' },
    },
    {
      name: 'nothing-imports-the-cli',
      severity: 'error',
      comment: 'server/cli holds command-line entry points: they import what they use; nothing imports them.',
      from: { path: '^(server|src)/', pathNot: '^server/cli/' },
      to: { path: '^server/cli/' },
    },
    {
      name: 'plugins-below-the-parts',
      severity: 'error',
      comment:
        'server/plugins holds third-party plugins and their options: it may read the Config, nothing of the parts that register them.',
      from: { path: '^server/plugins/' },
      to: { path: '^server/', pathNot: '^server/(plugins/|config\\.ts$)' },
    },
    {
      name: 'third-party-plugins-in-one-place',
      severity: 'error',
      comment:
        'helmet, compress, CORS and rate limits are configured in server/plugins/ only, so each rule is written once.',
      from: { path: '^server/', pathNot: '^server/plugins/' },
      to: { path: '^node_modules/@fastify/(helmet|compress|cors|rate-limit)/' },
    },
    {
      name: 'api-not-idp-or-site',
      severity: 'error',
      from: { path: '^server/api/' },
      to: { path: '^server/(idp|site|cli)/' },
    },
    {
      name: 'idp-not-api-or-site',
      severity: 'error',
      from: { path: '^server/idp/' },
      to: { path: '^server/(api|site|cli)/' },
    },
    {
      name: 'idp-users-below-the-flows',
      severity: 'error',
      comment:
        "server/idp/users (accounts, passwords, profile rules, the users CLI's admin) serves the protocol and the sign-in pages, and knows neither.",
      from: { path: '^server/idp/users/' },
      to: { path: '^server/idp/(protocol|pages)/' },
    },
    {
      name: 'idp-abuse-control-below-the-pages',
      severity: 'error',
      comment:
        'server/idp/abuse (throttles, the password queue, the recent sign-in mark) is asked by the pages, never the reverse.',
      from: { path: '^server/idp/abuse/' },
      to: { path: '^server/idp/pages/' },
    },
    {
      name: 'site-server-not-api-or-idp',
      severity: 'error',
      from: { path: '^server/site/' },
      to: { path: '^server/(api|idp|cli)/' },
    },
    {
      name: 'only-db-knows-the-drivers',
      severity: 'error',
      comment: 'Only server/db knows PGlite from PostgreSQL.',
      from: { path: '^(server|src)/', pathNot: '^server/db/' },
      to: { path: '^node_modules/(@electric-sql/pglite|pg)/' },
    },
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
