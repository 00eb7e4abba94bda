/** The merchant list a site is built from: fetched from the API, checked, and the merchants whose slug can be a folder. */
import type { MerchantListing } from '../src/shared/api/merchant-listing.ts';
import { parseMerchantList } from '../src/shared/api/merchant-listing-schema.ts';

/** How long the merchant list may take to arrive (the spec's HTTP timeout). */
const FETCH_TIMEOUT_MS = 10_000;
/** How many slugs one request names (the server takes a hundred). */
const SLUGS_PER_REQUEST = 100;
// A slug becomes a folder name: anything else could escape the site or clash with its files.
const SLUG = /^[a-z0-9](?:[a-z0-9-]{0,62}[a-z0-9])?$/;

/** Whether a slug can be a folder of the site. */
export function usableSlug(slug: unknown): slug is string {
  return typeof slug === 'string' && SLUG.test(slug);
}

async function fetchList(url: string): Promise<MerchantListing[]> {
  const response = await fetch(url, { signal: AbortSignal.timeout(FETCH_TIMEOUT_MS), headers: { accept: 'application/json' } });
  if (!response.ok) throw new Error(`GET ${url} answered ${response.status}`);
  return parseMerchantList(await response.json(), `GET ${url}`);
}

/**
 * Fetches GET {apiUrl}/api/booking/merchants and returns its merchants (with `slugs`, only those of them that exist);
 * throws, naming each wrong field, on a malformed list.
 */
export async function fetchMerchantList(apiUrl: string, slugs?: readonly string[]): Promise<MerchantListing[]> {
  const url = `${apiUrl.replace(/\/+$/, '')}/api/booking/merchants`;
  if (slugs === undefined) return fetchList(url);
  const wanted = [...new Set(slugs)].filter(usableSlug);
  const merchants: MerchantListing[] = [];
  for (let i = 0; i < wanted.length; i += SLUGS_PER_REQUEST) {
    merchants.push(...(await fetchList(`${url}?slugs=${wanted.slice(i, i + SLUGS_PER_REQUEST).join(',')}`)));
  }
  return merchants;
}
