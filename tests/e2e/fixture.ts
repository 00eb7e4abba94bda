/**
 * The one e2e fixture: every test runs against the real server the global setup started (site built once, served by
 * the server itself), with Debian's Chromium. Import `test` and `expect` from here, never from @playwright/test.
 */
import { test as base, expect, type Page } from '@playwright/test';
import { E2E_ADMIN_TOKEN, e2eBaseUrl } from './e2e-env.ts';

/** The running server, for tests that call its API directly. */
export interface E2EServer {
  url: string;
  adminToken: string;
}

/**
 * Playwright's test with baseURL pointed at the running server and a `server` fixture; a page that showed a message
 * its islands had not loaded (i18n.ts logs it) fails the test.
 */
export const test = base.extend<{ server: E2EServer }>({
  baseURL: async ({}, use) => {
    await use(e2eBaseUrl());
  },
  page: async ({ page }, use) => {
    const missing: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' && message.text().startsWith('[i18n] missing')) missing.push(message.text());
    });
    await use(page);
    expect(missing, 'messages shown before their part of the catalogue loaded').toEqual([]);
  },
  server: async ({}, use) => {
    await use({ url: e2eBaseUrl(), adminToken: E2E_ADMIN_TOKEN });
  },
});

export { expect };

/**
 * Waits until every island the page hydrates at load has hydrated (Astro drops its `ssr` attribute then). Before that a
 * click lands on the server-rendered markup and does nothing, so a test that acts right after a navigation waits here.
 */
export async function islandsHydrated(page: Page): Promise<void> {
  await expect(page.locator('astro-island[client="load"][ssr]')).toHaveCount(0);
}

/**
 * Waits until the page is still: its load islands hydrated and its finite CSS transitions and animations ended. axe
 * reads colours as they are at that instant, and a button fading in from disabled is not its real contrast.
 */
export async function pageSettled(page: Page): Promise<void> {
  await islandsHydrated(page);
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().iterations !== Number.POSITIVE_INFINITY)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}

/**
 * Waits until the page has loaded and its main thread fell idle twice: whatever the page scheduled by then (module
 * scripts, effects, idle callbacks, a redirect right after hydration) has run. Tests proving that something does NOT
 * happen wait here instead of on the clock.
 */
export async function mainThreadIdle(page: Page): Promise<void> {
  await page.waitForLoadState('load');
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        const idle = (next: () => void) => requestIdleCallback(() => setTimeout(next, 0));
        requestAnimationFrame(() => idle(() => idle(resolve)));
      }),
  );
}
