/** The Cache-Control of each kind of file of the built site: one policy for the Node server, nginx and a CDN. */

/**
 * Pages (and the not-found page): a browser asks again each time (a 304 when unchanged); a CDN keeps them a minute
 * and may answer from its copy for another minute while it fetches the new one. Builds list the paths they changed
 * (site-changes.json) for a purge, so a CDN may keep pages longer where a purge follows every build.
 */
export const PAGE_CACHE = 'public, max-age=0, s-maxage=60, stale-while-revalidate=60';
/** Files whose names carry a content hash (/_astro/*, /workbox-*.js) and content-addressed merchant media: forever. */
export const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';
/** The service worker, the PWA manifest and the build's bookkeeping: every cache asks again, so a new release is seen at once. */
export const NO_CACHE = 'no-cache';
/** Small files with stable names (boot scripts, icons, images): an hour. */
export const SHORT_CACHE = 'public, max-age=3600';

/** Files at the site's root that are always revalidated. */
export const NO_CACHE_FILES = new Set(['sw.js', 'manifest.webmanifest', 'build-stamp.json', 'site-files.json', 'site-changes.json']);

/** The Cache-Control of a file of the site, by its path from the site's root ("le-petit-zinc/index.html"). */
export function siteCacheControl(sitePath: string): string {
  if (sitePath.endsWith('.html')) return PAGE_CACHE;
  if (sitePath.startsWith('_astro/') || /^workbox-[^/]+\.js$/.test(sitePath)) return IMMUTABLE_CACHE;
  if (NO_CACHE_FILES.has(sitePath)) return NO_CACHE;
  return SHORT_CACHE;
}
