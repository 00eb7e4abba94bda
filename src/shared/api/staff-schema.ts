/** The staff calls' answers under /api/pro, as zod (the types are in staff.ts, which the browser reads without zod). */
import { z } from 'zod';
import { success } from './common-schema.ts';
import { STAFF_ROLES } from '../staff-roles.ts';
import { guestTagsSchema } from './staff-guest-schema.ts';

const named = z.object({ id: z.string(), name: z.string() });
const instant = z.string().describe('An instant, ISO 8601');

/** A merchant a staff member acts for, as sign-in names it. */
export const staffMerchantSummarySchema = z.object({ slug: z.string(), name: z.string() });

/** POST /api/pro/auth/login: a staff bearer (never a diner's) and the merchants it acts for. */
export const staffLoginResponseSchema = success({
  access_token: z.string(),
  token_type: z.literal('Bearer'),
  expires_in: z.number().int(),
  merchants: z.array(staffMerchantSummarySchema),
});

/** GET /api/pro/me: the signed-in staff member, each merchant with its time zone and private live channel. */
export const staffMeResponseSchema = success({
  email: z.string(),
  merchants: z.array(
    staffMerchantSummarySchema.extend({
      timezone: z.string(),
      channel: z.string(),
      role: z.enum(STAFF_ROLES).describe('What the member may do there: host (the book), manager (and closings, the definition), owner (and the staff)'),
    }),
  ),
});

/** One side of a diner's change as the book shows it. */
export const staffDinerChangeSideSchema = z.object({ day: z.string(), time: z.string(), party: z.number().int(), zone: named });

/** A diner's change of their booking: when, and before -> after. */
export const staffDinerChangeSchema = z.object({ at: instant, before: staffDinerChangeSideSchema, after: staffDinerChangeSideSchema });

/** One booking as the staff book shows it. */
export const staffBookingRowSchema = z
  .object({
    token: z.string(),
    ref: z.string(),
    status: z.number().int(),
    revision: z.number().int().describe('One more at every write: a live event with a higher one means the row shown is stale'),
    starts_at: instant,
    ends_at: instant,
    day: z.string(),
    time: z.string(),
    party: z.number().int(),
    zone: named,
    tables: z.array(named).describe('The tables it holds: one, or every table of its combination (the first is its own table)'),
    diner: z.object({ firstname: z.string(), lastname: z.string(), phone: z.string().nullable(), email: z.string().nullable() }),
    comment: z.string(),
    cancel_reason: z.string().nullable(),
    cancel_message: z.string().nullable(),
    arrived_at: instant.nullable(),
    no_show: z.boolean(),
    note: z.string().describe('Staff\u2019s private note'),
    history: z.object({ visits: z.number().int(), no_shows: z.number().int() }),
    updated_at: instant.describe('When the booking was last written (what the catch-up call\u2019s `since` compares)'),
    diner_change: staffDinerChangeSchema.nullable().optional(),
    guest: guestTagsSchema.nullable().describe('What staff keep on the diner here (GET .../guest for their history); null when nothing'),
  })
  .meta({ id: 'StaffBookingRow' });

/** Covers booked to start at one local time, and the most the merchant takes then (pacing). */
export const staffCoversAtTimeSchema = z.object({ time: z.string(), covers: z.number().int(), max: z.number().int() });

/** One opening service (shift) of the day, merchant-local: first and last seating; id "{weekday}-{index}". */
export const staffServiceSchema = z.object({ id: z.string(), start: z.string(), end: z.string() });

/** A table's place on its zone's plan: x and y in percent of the plan's width and height, and its shape. */
// Inline, not a named component: a nullable reference is not valid OpenAPI 3.0 (a table not placed gives null).
export const staffTablePlanSchema = z.object({ x: z.number().min(0).max(100), y: z.number().min(0).max(100), shape: z.enum(['round', 'square', 'rect']) });

/** A zone of the merchant's floor with its tables and their combinations. */
export const staffZoneSchema = z.object({
  id: z.string(),
  name: z.string(),
  tables: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      minSeats: z.number().int(),
      maxSeats: z.number().int(),
      online: z.boolean().describe('false: never given to diners online; staff may still book, seat and move onto it'),
      priority: z.number().int().min(0).max(9).describe('0-9: among tables that fit a party equally well, the higher is given first'),
      plan: staffTablePlanSchema.nullable().describe('Its place on the zone\u2019s plan; null when not placed'),
    }),
  ),
  combinations: z
    .array(
      z.object({
        tables: z.array(z.string()).describe('The joined tables\u2019 names, as the definition lists them'),
        tableIds: z.array(z.string()).describe('The same tables\u2019 ids (those of `tables` above)'),
        minSeats: z.number().int(),
        maxSeats: z.number().int(),
      }),
    )
    .describe('Tables that can be joined for one party; a booking on a combination holds every table of it'),
});

/** A closing to online booking, as the book draws it. */
export const staffClosingSchema = z
  .object({
    id: z.string(),
    kind: z.enum(['day', 'shift', 'range']),
    day: z.string(),
    shift_id: z.string().nullable(),
    starts_at: instant,
    ends_at: instant,
    note: z.string().optional().describe('Why, for the staff (the closing calls answer it)'),
    created_by: z.string().optional().describe('The staff email that closed it (the closing calls answer it)'),
    created_at: instant.optional(),
  })
  .meta({ id: 'StaffClosing' });

/** GET /api/pro/{slug}/bookings?day=: the day's book. */
export const staffDayResponseSchema = success({
  day: z.string(),
  timezone: z.string(),
  bookings: z.array(staffBookingRowSchema),
  covers: z.array(staffCoversAtTimeSchema),
  services: z.array(staffServiceSchema),
  zones: z.array(staffZoneSchema),
  server_time: instant.describe('The server\u2019s clock when it read the day: the first `since` of the catch-up call'),
  closings: z.array(staffClosingSchema),
  slot_minutes: z.number().int().describe('Minutes between two bookable times from a service\u2019s start (what the timeline snaps a moved booking to)'),
  duration_minutes: z.number().int().describe('How long a booking holds its table (the timeline draws each service this long past its last seating)'),
});

/** GET /api/pro/{slug}/bookings/changes: the bookings written since an instant (truncated past 500: read the day again). */
export const staffChangesResponseSchema = success({
  server_time: instant,
  next_since: instant,
  bookings: z.array(staffBookingRowSchema),
  truncated: z.boolean(),
});

/** GET /api/pro/{slug}/bookings/search?q=. */
export const staffSearchResponseSchema = success({ bookings: z.array(staffBookingRowSchema) });

/** GET /api/pro/{slug}/bookings/calendar?month=YYYY-MM: the month's days holding bookings (pending, confirmed or finished). */
export const staffCalendarResponseSchema = success({
  month: z.string(),
  days: z.array(
    z.object({
      day: z.string(),
      count: z.number().int().min(1).describe('Bookings that day: pending, confirmed or finished'),
      pending: z.number().int().min(0).describe('Of them, pending: awaiting the restaurant\u2019s answer'),
    }),
  ),
});

/** The answer of an action: the booking's new state (the book reloads the rest). */
export const staffActionResponseSchema = success({
  booking: z.object({
    token: z.string(),
    ref: z.string(),
    status: z.number().int(),
    revision: z.number().int(),
    cancel_reason: z.string().nullable(),
    cancel_message: z.string().nullable(),
    arrived_at: instant.nullable(),
    no_show: z.boolean(),
    note: z.string(),
  }),
});

/** The answer of a closing: it, and the pending or confirmed bookings already inside it (left as they are). */
export const staffClosingResponseSchema = success({
  closing: staffClosingSchema,
  affected: z.object({ count: z.number().int(), bookings: z.array(z.object({ token: z.string(), status: z.number().int() })) }),
});

/** GET /api/pro/{slug}/closings. */
export const staffClosingsResponseSchema = success({ closings: z.array(staffClosingSchema) });

/** DELETE /api/pro/{slug}/closings/{id}: the closing removed. */
export const staffClosingRemovedResponseSchema = success({ closing: staffClosingSchema });
