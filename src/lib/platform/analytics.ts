/** Page views for the analytics service (spec section 1): posthog-js, loaded lazily and only when a key was set at build time. */
import { buildPosthogHost, buildPosthogKey } from './build-env.ts';

/** The part of posthog-js the site uses. */
export interface AnalyticsClient {
  init(key: string, config: Record<string, unknown>): unknown;
  capture(event: string, properties?: Record<string, unknown>): unknown;
}

/** The settings of spec section 1: no automatic page views, page leaves on, profiles only for identified users. */
export function posthogConfig(host: string | undefined): Record<string, unknown> {
  return {
    ...(host ? { api_host: host } : {}),
    capture_pageview: false,
    capture_pageleave: true,
    person_profiles: 'identified_only',
  };
}

/** What createAnalytics needs. */
export interface AnalyticsOptions {
  key: string | undefined;
  host?: string;
  /** Loads the client (default: a dynamic import of posthog-js). */
  load?: () => Promise<AnalyticsClient>;
  /** Calls `start` after the first interaction or when the browser is idle (default), or at once in tests. */
  schedule?: (start: () => void) => void;
}

/** Page-view tracking. */
export interface Analytics {
  /** Records a page view of the current address (call on every route change). */
  trackPageView(): void;
  /** Resolves once the client is loaded and the queued page views sent (false when analytics is off or failed). */
  loaded(): Promise<boolean>;
}

const INTERACTIONS = ['pointerdown', 'keydown', 'scroll', 'touchstart'] as const;

/** Runs `start` once: after the first interaction, or when the browser is idle, whichever comes first. */
export function afterInteractionOrIdle(start: () => void): void {
  let started = false;
  const once = () => {
    if (started) return;
    started = true;
    for (const type of INTERACTIONS) globalThis.removeEventListener?.(type, once);
    start();
  };
  for (const type of INTERACTIONS) globalThis.addEventListener?.(type, once, { once: true, passive: true });
  if (typeof globalThis.requestIdleCallback === 'function') globalThis.requestIdleCallback(once, { timeout: 5000 });
  else setTimeout(once, 3000);
}

async function loadPosthog(): Promise<AnalyticsClient> {
  const module = await import('posthog-js');
  return module.default as unknown as AnalyticsClient;
}

/** Creates page-view tracking; with no key it does nothing and never loads posthog-js. */
export function createAnalytics(options: AnalyticsOptions): Analytics {
  const { key, host, load = loadPosthog, schedule = afterInteractionOrIdle } = options;
  if (!key) return { trackPageView() {}, loaded: async () => false };
  const queue: Array<Record<string, unknown>> = [];
  let client: AnalyticsClient | undefined;
  let settle: (loaded: boolean) => void = () => {};
  const done = new Promise<boolean>((resolve) => (settle = resolve));
  let scheduled = false;

  const start = () => {
    load()
      .then((loadedClient) => {
        loadedClient.init(key, posthogConfig(host));
        client = loadedClient;
        for (const properties of queue.splice(0)) loadedClient.capture('$pageview', properties);
        settle(true);
      })
      .catch(() => settle(false));
  };

  return {
    trackPageView() {
      const properties = globalThis.location ? { $current_url: globalThis.location.href } : {};
      if (client) {
        client.capture('$pageview', properties);
        return;
      }
      queue.push(properties);
      if (!scheduled) {
        scheduled = true;
        schedule(start);
      }
    },
    loaded: () => done,
  };
}

let shared: Analytics | undefined;

/** The site's analytics, configured from PUBLIC_POSTHOG_KEY and PUBLIC_POSTHOG_HOST. */
export function analytics(): Analytics {
  shared ??= createAnalytics({ key: buildPosthogKey(), host: buildPosthogHost() });
  return shared;
}

let lastPageView: string | undefined;

/**
 * Records a page view with the site's analytics (every route change). The boot script of every page and an island may
 * both ask for the same one: a repeat for the address last recorded counts once, unless forced (a page shown again
 * from the back-forward cache is a new view of the same address).
 */
export function trackPageView(options: { force?: boolean } = {}): void {
  const href = globalThis.location?.href;
  if (!options.force && href !== undefined && href === lastPageView) return;
  lastPageView = href;
  analytics().trackPageView();
}
