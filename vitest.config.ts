import { defineConfig } from 'vitest/config';

// Two projects: pure unit tests, and server tests that need real databases (globalSetup starts a
// throwaway PostgreSQL unless TEST_DATABASE_URL is set, and prepares a migrated PGlite folder) and S3
// (an S3Proxy for the run).
export default defineConfig({
  test: {
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
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
