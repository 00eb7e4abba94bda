/**
 * Playwright: e2e specs of tests/e2e against the real server (global-setup.ts), or with E2E_CLUSTER=1 against nginx in
 * front of two API processes (`npm run start:cluster`), with Debian's /usr/bin/chromium (no browser download).
 */
import { defineConfig } from '@playwright/test';
import { e2eCluster } from './e2e-env.ts';

/** Specs that start a server of their own (on a copy of the built site) and so may run beside the others. */
const OWN_SERVER = ['**/validate-hold.spec.ts'];

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  globalSetup: './global-setup.ts',
  // Two workers: the specs on the shared server (global-setup.ts) run one at a time, since they share the demo merchants'
  // state; the one spec with a server of its own (a real one-minute hold, mostly waiting) runs beside them.
  workers: 2,
  fullyParallel: false,
  forbidOnly: !!process.env.CI,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 5_000 },
  reporter: [['list']],
  outputDir: '../../.cache/e2e-results',
  use: {
    browserName: 'chromium',
    headless: true,
    // The product's home market; lang-boot.js falls back to the browser language, so tests pin it.
    locale: 'fr-FR',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
      // One renderer process per tab rather than one per site (the sign-in stand-ins are other origins), and none of the
      // browser's own services: the suite's browser was half the machine's CPU under `npm test`. Chromium 156 preloads
      // its WebUI omnibox popups (chrome://omnibox-popup.top-chrome/) in a renderer of their own for every context,
      // which no headless test ever opens: as much CPU as the pages themselves (five specs, 45 tests: 126 -> 93
      // CPU-seconds). (Without V8's optimising compilers it took a sixth less again, but islands hydrated later and a
      // test that clicked too early showed it: not kept.)
      args: [
        '--no-sandbox',
        '--disable-dev-shm-usage',
        '--disable-gpu',
        '--disable-site-isolation-trials',
        '--disable-features=IsolateOrigins,site-per-process,Translate,OptimizationHints,MediaRouter,BackForwardCache,WebUIOmniboxPopup,WebUIOmniboxAimPopup',
      ],
    },
    // A failed test keeps its trace (actions, console, network) and a screenshot of the moment it failed, without the DOM
    // snapshot of every action or the film strip: recording those for every test cost a fifth of the browser's and the
    // runner's CPU (five specs, 45 tests: Chromium 174 -> 151 CPU-seconds, the runner 32 -> 24, wall 164 -> 134 s).
    trace: { mode: 'retain-on-failure', screenshots: false, snapshots: false },
    screenshot: 'only-on-failure',
    // The site stops its transitions and skeleton shimmer for reduced motion (Base.astro): nothing animates while a test waits.
    reducedMotion: 'reduce',
    // The site's service worker (/sw.js) would answer requests before page.route sees them; the offline tests allow it.
    serviceWorkers: 'block',
  },
  projects: [
    { name: 'shared-server', testIgnore: OWN_SERVER, workers: 1 },
    // Through the cluster (E2E_CLUSTER=1, `npm run test:e2e:cluster`) the own-server specs are left out: their server is
    // an embedded one of their own, never the cluster, so the embedded run has already proved what they prove.
    ...(e2eCluster() ? [] : [{ name: 'own-server', testMatch: OWN_SERVER }]),
  ],
});
