/** What every page does once it is idle: count this route's page view, then register the service worker /sw.js. */
import { trackPageView } from './analytics.ts';
import { registerServiceWorker } from './pwa.ts';

/** Counts the page view (again when the page comes back from the back-forward cache) and registers /sw.js. */
export function bootSite(): void {
  // Every page load is a route change; analytics loads posthog-js only after the first interaction or when idle.
  trackPageView();
  // A page restored from the back-forward cache is shown again without loading: a route change too.
  addEventListener('pageshow', (event) => {
    if (event.persisted) trackPageView({ force: true });
  });
  registerServiceWorker();
}
