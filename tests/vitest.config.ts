/** Vitest settings: every tests/**\/*.test.ts from the repository root; the Playwright specs in tests/e2e are not vitest's. */
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * Files that need a process of their own: they run Astro's build in-process (it keeps module state between builds) or
 * replace a module with `vi.mock`, which would leak into the files that share their worker.
 */
const OWN_PROCESS = [
  'tests/site/build-site.test.ts',
  'tests/site/hostile-merchant-site.test.ts',
  'tests/site/merchant-listing-schema.test.ts',
  'tests/site/site-changes.test.ts',
  'tests/site/site-compile-cache.test.ts',
  'tests/site/stores/hold.test.ts',
  'tests/site/update-site.test.ts',
];

export default defineConfig({
  root: fileURLToPath(new URL('..', import.meta.url)),
  test: {
    exclude: ['tests/e2e/**', '**/node_modules/**'],
    // Builds the migrated PGlite template every test database loads (tests/support/pglite-template.ts).
    globalSetup: ['tests/global-setup.ts'],
    // Both cores: the default leaves one idle, and the suites wait on real servers and processes as much as they compute.
    maxWorkers: 2,
    // Many files start a real server on a 2-core machine at once: starting can take longer than vitest's 10 s default.
    hookTimeout: 60_000,
    // A test that takes 1 s on a quiet machine can take 6 s when both cores are busy (CI, a developer's build): the
    // bound is there to catch a hang, not to time the code (benchmarks do that).
    testTimeout: 30_000,
    projects: [
      {
        extends: true,
        // Files share their worker's modules: importing the server and its libraries again for each file was three
        // quarters of the suite's CPU. Their state lives in the database handle each file opens (the per-database caches
        // are keyed by it), so nothing carries over; a file that changes a global restores it (`vi.useRealTimers`).
        test: { name: 'shared', include: ['tests/**/*.test.ts'], exclude: ['tests/e2e/**', ...OWN_PROCESS], isolate: false },
      },
      { extends: true, test: { name: 'own-process', include: OWN_PROCESS, isolate: true } },
    ],
  },
});
