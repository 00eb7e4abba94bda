/** Vitest settings: every tests/**\/*.test.ts from the repository root; the Playwright specs in tests/e2e are not vitest's. */
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  root: fileURLToPath(new URL('..', import.meta.url)),
  test: {
    include: ['tests/**/*.test.ts'],
    exclude: ['tests/e2e/**', '**/node_modules/**'],
    // Builds the migrated PGlite template every test database loads (tests/support/pglite-template.ts).
    globalSetup: ['tests/global-setup.ts'],
    // Many files start a real server on a 2-core machine at once: starting can take longer than vitest's 10 s default.
    hookTimeout: 60_000,
    // A test that takes 1 s on a quiet machine can take 6 s when both cores are busy (CI, a developer's build): the
    // bound is there to catch a hang, not to time the code (benchmarks do that).
    testTimeout: 30_000,
  },
});
