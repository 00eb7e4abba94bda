/** Merchants and their floor: the merchant row, zones, dining tables, and the closings staff make. */
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, json, jsonb, pgTable, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { AddressValue, MerchantSettingsValue, ShiftValue, SpecialDayValue } from '../../domain/merchant-floor.ts';
import type { MerchantText } from '../../../shared/merchant-text.ts';
import type { TableCombination, TablePlan } from '../../../shared/floor.ts';
import { createdAt, updatedAt } from './columns.ts';

export const merchants = pgTable('merchants', {
  id: uuid('id').primaryKey().defaultRandom(),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
  timezone: text('timezone').notNull(),
  address: jsonb('address').$type<AddressValue>().notNull(),
  phone: text('phone').notNull(),
  url: text('url').notNull().default(''),
  // json, not jsonb: jsonb sorts an object's keys, and the first language listed is the one a missing language reads.
  description: json('description')
    .$type<MerchantText>()
    .notNull()
    .default(sql`'""'::json`),
  bookingDescription: json('booking_description')
    .$type<MerchantText>()
    .notNull()
    .default(sql`'""'::json`),
  logoPath: text('logo_path'),
  bannerPath: text('banner_path'),
  themePrimary: text('theme_primary').notNull(),
  themeBackground: text('theme_background').notNull(),
  bookingEnabled: boolean('booking_enabled').notNull().default(true),
  settings: jsonb('settings').$type<MerchantSettingsValue>().notNull(),
  shifts: jsonb('shifts').$type<ShiftValue[]>().notNull(),
  closedDays: jsonb('closed_days').$type<string[]>().notNull(),
  specialDays: jsonb('special_days').$type<SpecialDayValue[]>().notNull().default([]),
  // One more at every write of the definition (an import or the staff's own edit): what a staff edit must have read.
  definitionRevision: integer('definition_revision').notNull().default(1),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const zones = pgTable(
  'zones',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    merchantId: uuid('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    imagePath: text('image_path'),
    position: integer('position').notNull().default(0),
    // Tables of the zone that can be joined, by name (names are how a definition and its re-import match tables).
    combinations: jsonb('combinations').$type<TableCombination[]>().notNull().default([]),
    // A zone dropped from a definition is retired, not deleted: old bookings still point at it.
    active: boolean('active').notNull().default(true),
  },
  (t) => [uniqueIndex('zones_merchant_name').on(t.merchantId, t.name)],
);

export const diningTables = pgTable(
  'dining_tables',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    merchantId: uuid('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    zoneId: uuid('zone_id')
      .notNull()
      .references(() => zones.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    minSeats: integer('min_seats').notNull(),
    maxSeats: integer('max_seats').notNull(),
    active: boolean('active').notNull().default(true),
    // false: never offered to nor given to diners online; staff still book and seat it.
    online: boolean('online').notNull().default(true),
    // 0-9: among tables that fit a party equally well, the higher is given first.
    priority: smallint('priority').notNull().default(5),
    // Its place on the zone's plan, when placed.
    plan: jsonb('plan').$type<TablePlan>(),
  },
  (t) => [uniqueIndex('dining_tables_zone_name').on(t.zoneId, t.name), check('dining_tables_priority', sql`${t.priority} BETWEEN 0 AND 9`)],
);

/** Closings staff make: a whole day, one service (shift) of a day, or online booking stopped for a time range. */
export const merchantClosings = pgTable(
  'merchant_closings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    merchantId: uuid('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<'day' | 'shift' | 'range'>().notNull(),
    // The merchant-local day it closes (a range: the day it starts).
    localDate: text('local_date').notNull(),
    // A service's id as the public shifts name it ("{weekday}-{index}"), for a shift closing.
    shiftId: text('shift_id'),
    // The instants no online booking may start in: [startsAt, endsAt).
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    note: text('note').notNull().default(''),
    // The staff email that made it.
    createdBy: text('created_by').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('merchant_closings_merchant_end').on(t.merchantId, t.endsAt),
    check('merchant_closings_kind', sql`${t.kind} IN ('day', 'shift', 'range')`),
    check('merchant_closings_span', sql`${t.endsAt} > ${t.startsAt}`),
  ],
);
