/** The guest profile's calls under /api/pro/{slug}/bookings/{token}/guest, as zod (types in staff-guest.ts). */
import { z } from 'zod';
import { ALLERGENS } from '../guest-profile.ts';
import { success } from './common-schema.ts';

/** What staff keep on a diner: tags, allergies, a seating preference and a note. */
// Inline, not a named component: a nullable reference is not valid OpenAPI 3.0 (the book's rows give null).
export const guestTagsSchema = z.object({
  vip: z.boolean(),
  regular: z.boolean().describe('A regular here'),
  seating: z.string().describe('A short seating preference, empty when none'),
  allergens: z.array(z.enum(ALLERGENS)).describe('Of the 14 EU allergens (Regulation 1169/2011, Annex II), in its order'),
  note: z.string().describe('Staff\u2019s note on the diner (not on one booking)'),
});

/** The diner's bookings here, by how they ended. */
export const guestCountsSchema = z.object({
  visits: z.number().int().describe('Finished after the diner arrived'),
  no_shows: z.number().int(),
  cancelled_by_diner: z.number().int(),
  cancelled_by_restaurant: z.number().int().describe('Refused or cancelled by the restaurant (or left unanswered)'),
  bookings: z.number().int().describe('Every booking here, drafts left out, this one included'),
});

/** How the diner is recognised from booking to booking here. */
export const guestIdentitySchema = z
  .enum(['account', 'phone', 'email', 'booking'])
  .describe('Their account when they have one, else their phone (international form), else their email (lower case), else this booking alone');

/** GET and PUT .../guest: the booking's diner as the restaurant knows them. */
export const staffGuestResponseSchema = success({
  guest: z.object({
    identity: guestIdentitySchema,
    tags: guestTagsSchema,
    revision: z.number().int().describe('0 before anything was kept; one more at every save (send it back with the next one)'),
    updated_at: z.string().nullable(),
    updated_by: z.string().nullable().describe('The staff email that saved last'),
    counts: guestCountsSchema,
  }),
});
