/** What a restaurant's staff keep on its diners: one profile per merchant and diner (guest-key.ts says who is who). */
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { Allergen } from '../../../shared/guest-profile.ts';
import { merchants } from './merchants.ts';

export const guestProfiles = pgTable(
  'guest_profiles',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    merchantId: uuid('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    // "account:{user id}", "phone:{+E.164}" or "email:{lower case}" (guest-key.ts).
    guestKey: text('guest_key').notNull(),
    vip: boolean('vip').notNull().default(false),
    regular: boolean('regular').notNull().default(false),
    seating: text('seating').notNull().default(''),
    allergens: jsonb('allergens').$type<Allergen[]>().notNull().default([]),
    note: text('note').notNull().default(''),
    // One more at every save: a save from an older one is stale_revision.
    revision: integer('revision').notNull().default(1),
    updatedBy: text('updated_by'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('guest_profiles_key').on(t.merchantId, t.guestKey),
    // The day view's fingerprint asks for the merchant's latest save.
    index('guest_profiles_merchant_updated').on(t.merchantId, t.updatedAt),
  ],
);
