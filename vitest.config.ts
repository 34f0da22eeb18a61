import { configDefaults, defineConfig } from 'vitest/config';

// Five projects: unit (pure logic, no I/O), integration (real PGlite and, with TEST_DATABASE_URL,
// real PostgreSQL; real SMTP server), built-server (the production build as a server process, over
// plain HTTP: tests/integration/built-server/), e2e (the built server in a real Chromium), containers
// (the production image and the compose stack under podman). built-server and e2e share one build.
// Three groups, one after the other: unit and integration (in-process, each file with its own
// PGlite and its own fresh PostgreSQL database), then built-server and e2e (servers and browsers),
// then containers, each group two files at a time but containers. Set here, not left to Vitest:
// its default on two cores is one worker (all cores but one), and it puts a project whose files run
// one at a time in a group of its own after every other, so unit and integration ran alone, file
// after file, after the containers. The projects of one group have the same maxWorkers.
const TWO_AT_A_TIME = 2;

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
          maxWorkers: TWO_AT_A_TIME,
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
          // Each file has its own PGlite and its own fresh PostgreSQL database: two at a time.
          maxWorkers: TWO_AT_A_TIME,
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
          sequence: { groupOrder: 1 },
          // Each file starts its own servers (and some a PostgreSQL or a load): two at a time on two cores.
          maxWorkers: TWO_AT_A_TIME,
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
          sequence: { groupOrder: 1 },
          // Each file starts its own server and browser; two at a time fit two cores.
          maxWorkers: TWO_AT_A_TIME,
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
          sequence: { groupOrder: 2 },
        },
      },
    ],
  },
});
