/**
 * The page a diner opens first (the tracking link of the SMS, often) loads before any service worker exists, so the
 * worker never saw it: once a worker controls it, the page asks for itself and its images again through the worker,
 * which keeps them as it keeps every page visited later (scripts/site-pwa.ts), and the page opens offline too.
 */

/** The header that makes the service worker keep a page fetched by the page itself (scripts/site-pwa.ts matches it by name). */
export const KEEP_PAGE_HEADER = 'X-Couvert-Keep-Page';

/** The site's images a page loaded (merchant media, status illustrations): what the worker's image cache takes. */
export function keptImageUrls(loaded: readonly string[], origin: string): string[] {
  const urls = loaded.filter((address) => {
    const url = new URL(address, origin);
    return url.origin === origin && (url.pathname.startsWith('/media/') || url.pathname.startsWith('/images/'));
  });
  return [...new Set(urls)];
}

/** Fetches this page and its images through the worker now in control, so they are kept for offline use. */
export async function keepOpenPage(): Promise<void> {
  const loaded = performance.getEntriesByType('resource').map((entry) => entry.name);
  await Promise.allSettled([
    fetch(location.href, { headers: { [KEEP_PAGE_HEADER]: '1' }, credentials: 'same-origin' }),
    ...keptImageUrls(loaded, location.origin).map((url) => fetch(url, { credentials: 'same-origin' })),
  ]);
}

/** Keeps the open page once a first service worker takes control of it (a page already controlled was kept when it loaded). */
export function keepOpenPageWhenControlled(workers: ServiceWorkerContainer): void {
  if (workers.controller) return;
  workers.addEventListener('controllerchange', () => void keepOpenPage(), { once: true });
}
