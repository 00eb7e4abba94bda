/**
 * site-merchants.json, at the root of a built site: for each merchant, the hash of what its pages were rendered from
 * and of what the site root lists of it, so an update re-renders only the merchants that changed (scripts/update-site.ts)
 * and the site root only when a merchant came, went, or changed its name or city.
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { MerchantListing } from '../src/shared/api/merchant-listing.ts';
import { canonicalJson, merchantHash } from './site-stamp.ts';

/** The record's file name. */
export const MERCHANTS_RECORD = 'site-merchants.json';

/** One merchant's entry: `page` its merchantHash, `home` the hash of what the site root shows of it. */
export interface RecordedMerchant {
  page: string;
  home: string;
}

/** The record: slug to entry. */
export type MerchantsRecord = Record<string, RecordedMerchant>;

/** What the site root (src/components/ProviderHome.astro) shows of a merchant. */
export function homeHash(merchant: MerchantListing): string {
  return createHash('sha256')
    .update(canonicalJson([merchant.slug, merchant.name, merchant.address.city]))
    .digest('hex');
}

/** A merchant's entry. */
export function recordedMerchant(merchant: MerchantListing): RecordedMerchant {
  return { page: merchantHash(merchant), home: homeHash(merchant) };
}

/** The record of a list of merchants. */
export function merchantsRecord(merchants: readonly MerchantListing[]): MerchantsRecord {
  return Object.fromEntries(merchants.map((merchant) => [merchant.slug, recordedMerchant(merchant)]));
}

/** The page hashes of a record, by slug (what merchantsHashOf takes). */
export function pageHashes(record: MerchantsRecord): Record<string, string> {
  return Object.fromEntries(Object.entries(record).map(([slug, entry]) => [slug, entry.page]));
}

/** The record of the site built in `dir`, or null when it has none (a site built before records were kept). */
export async function readMerchantsRecord(dir: string): Promise<MerchantsRecord | null> {
  try {
    const parsed: unknown = JSON.parse(await readFile(join(dir, MERCHANTS_RECORD), 'utf8'));
    return parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as MerchantsRecord) : null;
  } catch {
    return null;
  }
}
