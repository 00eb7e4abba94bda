/**
 * The merchant listing's zod schema: the site build parses what it fetches with it, so a malformed listing fails the
 * build with the path of what is wrong. Apart from merchant-listing.ts so code that only needs the types never loads zod.
 * Objects are loose: a field a newer server adds passes through untouched.
 */
import { z } from 'zod';
import { merchantAddressSchema } from './merchant-schema.ts';
import type { MerchantListing, MerchantListResponse } from './merchant-listing.ts';
import { LANGS } from '../langs.ts';

const image = z.looseObject({ path: z.string() });
// One text for all, or one per language in the order the merchant listed them (the first is the fallback).
const merchantText = z.union([z.string(), z.partialRecord(z.enum(LANGS), z.string())]);

/** One merchant of GET /api/booking/merchants. */
export const merchantListingSchema = z.looseObject({
  slug: z.string(),
  name: z.string(),
  timezone: z.string(),
  address: merchantAddressSchema.loose(),
  phone: z.string(),
  url: z.string(),
  description: merchantText,
  bookingDescription: merchantText,
  logo: image.nullable(),
  banner: image.nullable(),
  theme: z.looseObject({ primary: z.string(), background: z.string() }),
  bookingEnabled: z.boolean(),
  settings: z.looseObject({
    minClientsPerBookings: z.number(),
    maxClientsPerBookings: z.number(),
    keepTableDuration: z.number(),
    showZone: z.boolean(),
    bookingHorizonDays: z.number().optional(),
  }),
  shifts: z.array(z.looseObject({ day: z.number(), slots: z.array(z.looseObject({ id: z.string(), start: z.string(), end: z.string() })) })),
  closedDays: z.array(z.string()),
  openDays: z.array(z.string()).optional(),
  zones: z.array(z.looseObject({ id: z.string(), name: z.string(), image: image.nullable() })),
  updatedAt: z.string(),
}) satisfies z.ZodType<MerchantListing>;

/** The body of GET /api/booking/merchants. */
export const merchantListResponseSchema = z.looseObject({
  success: z.literal(true),
  merchants: z.array(merchantListingSchema),
}) satisfies z.ZodType<MerchantListResponse>;

/** The merchants of a fetched or cached list; throws an Error naming `source` and each wrong field when it is malformed. */
export function parseMerchantList(body: unknown, source: string): MerchantListing[] {
  const result = merchantListResponseSchema.safeParse(body);
  if (!result.success) throw new Error(`${source}: malformed merchant list\n${z.prettifyError(result.error)}`);
  return result.data.merchants;
}
