import { configDefaults, defineConfig } from 'vitest/config';

// Five projects: unit (pure logic, no I/O), integration (real PGlite and, with TEST_DATABASE_URL,
// real PostgreSQL; real SMTP server), built-server (the production build as a server process, over
// plain HTTP: tests/integration/built-server/), e2e (the built server in a real Chromium), containers
// (the production image and the compose stack under podman). built-server and e2e share one build.
export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: [
            'web/**/*.test.{ts,tsx}',
            'schemas/**/*.test.ts',
            'scripts/**/*.test.ts',
            'tests/unit/**/*.test.{ts,tsx}',
          ],
          environment: 'node',
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          exclude: [...configDefaults.exclude, 'tests/integration/built-server/**'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'built-server',
          include: ['tests/integration/built-server/**/*.test.ts'],
          globalSetup: ['tests/support/build-once.ts'],
          testTimeout: 60_000,
          hookTimeout: 180_000,
          // Each file starts its own servers (and some a PostgreSQL or a load): two at a time on two cores.
          maxWorkers: 2,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          globalSetup: ['tests/support/build-once.ts'],
          testTimeout: 60_000,
          hookTimeout: 180_000,
          // Each file starts its own server and browser; two at a time fit two cores.
          maxWorkers: 2,
        },
      },
      {
        extends: true,
        test: {
          name: 'containers',
          include: ['tests/containers/**/*.test.ts'],
          globalSetup: ['tests/support/image-once.ts'],
          testTimeout: 120_000,
          hookTimeout: 600_000,
          // A stack is PostgreSQL, two app replicas and Caddy: one at a time on two cores.
          maxWorkers: 1,
          // And after every other project, not beside them: the operations tests count failed
          // requests under load, and two cores shared with browser tests starve health checks.
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
