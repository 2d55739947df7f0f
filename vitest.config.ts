import { defineConfig } from 'vitest/config';

// Two projects: pure unit tests, and server tests that need real databases (globalSetup starts a
// throwaway PostgreSQL unless TEST_DATABASE_URL is set, and prepares a migrated PGlite folder) and S3
// (an S3Proxy for the run).
export default defineConfig({
  test: {
    // Two files at a time, also on 2 cores (Vitest's default there is one: the cores less one). A server test spends
    // much of its time waiting on another process (PostgreSQL, S3Proxy, the CLIs and `npm start` it runs), so one
    // worker left a core idle for most of the 10 minutes (docs/ci-budget.md).
    maxWorkers: 2,
    projects: [
      {
        test: { name: 'unit', include: ['tests/unit/**/*.test.ts'], environment: 'node' },
      },
      {
        test: {
          name: 'server',
          include: ['tests/server/**/*.test.ts'],
          environment: 'node',
          // S3Proxy first: it is launched without waiting, so its JVM starts while PostgreSQL's setup runs.
          globalSetup: ['tests/support/s3proxy-setup.ts', 'tests/support/global-setup.ts'],
          // As `npm start` and the image run the server: V8 compiles PGlite's WebAssembly with its baseline compiler
          // only, instead of optimising it again in every test file's new worker (docs/decisions/041), and drizzle-orm's
          // files are found without Node re-reading its package.json for each, about 0.9 s of a core in every test
          // file's new worker (docs/decisions/072).
          execArgv: ['--liftoff-only', '--import=./server/drizzle-loading.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
