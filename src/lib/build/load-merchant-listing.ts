import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { z } from 'zod';
import type { MerchantListing } from '../../shared/api/merchant-listing.ts';
import { merchantListingSchema } from '../../shared/api/merchant-listing-schema.ts';
import { MERCHANTS_FILE_ENV } from '../../shared/merchants-file-env.ts';

/** Reads the merchant list the build script cached (default .cache/merchants.json under the cwd); throws on a malformed one. */
export function loadMerchantListing(file: string = process.env[MERCHANTS_FILE_ENV] ?? '.cache/merchants.json'): MerchantListing[] {
  const parsed: unknown = JSON.parse(readFileSync(resolve(file), 'utf8'));
  const result = z.array(merchantListingSchema).safeParse(parsed);
  if (!result.success) throw new Error(`${file}: malformed merchant list\n${z.prettifyError(result.error)}`);
  return result.data;
}
