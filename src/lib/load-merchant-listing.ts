import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { MerchantListing } from './merchant-listing.ts';

/** The environment variable the site build uses to tell the pages where the merchant list is. */
export const MERCHANTS_FILE_ENV = 'COUVERT_MERCHANTS_FILE';

/** Reads the merchant list the build script cached (default .cache/merchants.json under the cwd). */
export function loadMerchantListing(file: string = process.env[MERCHANTS_FILE_ENV] ?? '.cache/merchants.json'): MerchantListing[] {
  const parsed: unknown = JSON.parse(readFileSync(resolve(file), 'utf8'));
  if (!Array.isArray(parsed)) throw new Error(`${file}: expected an array of merchants`);
  return parsed as MerchantListing[];
}
