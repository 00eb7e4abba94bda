/** The staff calls under /api/pro: sign-in, the day's book, search and the actions on a booking. */
import type { z } from 'zod';
import type {
  staffActionResponseSchema,
  staffBookingRowSchema,
  staffCalendarResponseSchema,
  staffClosingResponseSchema,
  staffClosingSchema,
  staffClosingsResponseSchema,
  staffCoversAtTimeSchema,
  staffDayResponseSchema,
  staffDinerChangeSchema,
  staffDinerChangeSideSchema,
  staffLoginResponseSchema,
  staffMeResponseSchema,
  staffMerchantSummarySchema,
  staffSearchResponseSchema,
  staffServiceSchema,
  staffZoneSchema,
} from './staff-schema.ts';

/** A merchant a staff member acts for, as sign-in names it. */
export type StaffMerchantSummary = z.infer<typeof staffMerchantSummarySchema>;

/** POST /api/pro/auth/login: a staff bearer (never a diner's) and the merchants it acts for. */
export type StaffLoginResponse = z.infer<typeof staffLoginResponseSchema>;

/** GET /api/pro/me: the signed-in staff member, each merchant with its time zone and private live channel. */
export type StaffMeResponse = z.infer<typeof staffMeResponseSchema>;

/** One booking as the staff book shows it. */
export type StaffBookingRow = z.infer<typeof staffBookingRowSchema>;

/** One side of a diner's change as the book shows it. */
export type StaffDinerChangeSide = z.infer<typeof staffDinerChangeSideSchema>;

/** A diner's change of their booking: when, and before -> after. */
export type StaffDinerChange = z.infer<typeof staffDinerChangeSchema>;

/** Covers booked to start at one local time, and the most the merchant takes then (pacing). */
export type StaffCoversAtTime = z.infer<typeof staffCoversAtTimeSchema>;

/** One opening service (shift) of the day, merchant-local: first and last seating. */
export type StaffService = z.infer<typeof staffServiceSchema>;

/** A zone of the merchant's floor with its tables. */
export type StaffZone = z.infer<typeof staffZoneSchema>;

/** GET /api/pro/{slug}/bookings?day=: the day's book. */
export type StaffDayResponse = z.infer<typeof staffDayResponseSchema>;

/** A closing to online booking, as the book draws it. */
export type StaffClosing = z.infer<typeof staffClosingSchema>;

/** GET /api/pro/{slug}/bookings/search?q=. */
export type StaffSearchResponse = z.infer<typeof staffSearchResponseSchema>;

/** GET /api/pro/{slug}/bookings/calendar?month=YYYY-MM: the month's days holding bookings (pending, confirmed or finished). */
export type StaffCalendarResponse = z.infer<typeof staffCalendarResponseSchema>;

/** The answer of an action: the booking's new state. */
export type StaffActionResponse = z.infer<typeof staffActionResponseSchema>;

/** The reasons a restaurant refuses or cancels with. */
export const STAFF_REFUSE_REASONS = ['restaurant_full', 'restaurant_closed', 'restaurant_cancelled'] as const;

/** One of STAFF_REFUSE_REASONS. */
export type StaffRefuseReason = (typeof STAFF_REFUSE_REASONS)[number];

/** POST /api/pro/{slug}/closings: a whole day, a service of a day ("{ISO weekday}-{index}"), or a time range (ISO instants). */
export type StaffCloseRequest =
  | { kind: 'day'; day: string; note?: string }
  | { kind: 'shift'; day: string; shift_id: string; note?: string }
  | { kind: 'range'; starts_at: string; ends_at: string; note?: string };

/** The answer of a closing: it, and the pending or confirmed bookings already inside it (left as they are). */
export type StaffClosingResponse = z.infer<typeof staffClosingResponseSchema>;
/** GET /api/pro/{slug}/closings: the closings touching a day, or those not yet over. */
export type StaffClosingsResponse = z.infer<typeof staffClosingsResponseSchema>;

/** POST /api/pro/{slug}/bookings: a booking the restaurant takes itself (phone or walk-in). */
export interface StaffNewBooking {
  /** Unix seconds. */
  datetime: number;
  party: number;
  firstname: string;
  lastname?: string;
  phone?: string;
  /** Where the diner is told of the booking by mail (as well as by SMS at the phone). */
  email?: string;
  zone_id?: string;
  table_id?: string;
  comment?: string;
  lang?: string;
  /** A walk-in sitting down now: created arrived, sent no message. */
  walk_in?: boolean;
}
