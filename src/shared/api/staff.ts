/** The staff calls under /api/pro: sign-in, the day's book, search and the actions on a booking. */
import type { ApiSuccess } from './common.ts';

/** A merchant a staff member acts for, as sign-in names it. */
export interface StaffMerchantSummary {
  slug: string;
  name: string;
}

/** POST /api/pro/auth/login: a staff bearer (never a diner's) and the merchants it acts for. */
export interface StaffLoginResponse extends ApiSuccess {
  access_token: string;
  token_type: 'Bearer';
  expires_in: number;
  merchants: StaffMerchantSummary[];
}

/** GET /api/pro/me: the signed-in staff member, each merchant with its time zone and private live channel. */
export interface StaffMeResponse extends ApiSuccess {
  email: string;
  merchants: Array<StaffMerchantSummary & { timezone: string; channel: string }>;
}

/** One booking as the staff book shows it. */
export interface StaffBookingRow {
  token: string;
  ref: string;
  status: number;
  /** One more at every write of the booking: a live event with a higher one means the row shown is stale. */
  revision: number;
  /** Start and end as instants, and the start as the merchant's local date and time. */
  starts_at: string;
  ends_at: string;
  day: string;
  time: string;
  party: number;
  zone: { id: string; name: string };
  tables: Array<{ id: string; name: string }>;
  diner: { firstname: string; lastname: string; phone: string | null; email: string | null };
  comment: string;
  cancel_reason: string | null;
  cancel_message: string | null;
  /** When staff marked the diner arrived; whether they recorded a no-show; their private note. */
  arrived_at: string | null;
  no_show: boolean;
  note: string;
  /** The diner's other finished bookings at this merchant, matched by account or phone: visits and no-shows. */
  history: { visits: number; no_shows: number };
  /** When the booking was last written (what the catch-up call's `since` compares). */
  updated_at: string;
  /** The diner's last change of the validated booking (what it was, what it became, merchant-local), or null: what the card tells staff. */
  diner_change?: StaffDinerChange | null;
}

/** One side of a diner's change as the book shows it. */
export interface StaffDinerChangeSide {
  day: string;
  time: string;
  party: number;
  zone: { id: string; name: string };
}

/** A diner's change of their booking: when, and before -> after. */
export interface StaffDinerChange {
  at: string;
  before: StaffDinerChangeSide;
  after: StaffDinerChangeSide;
}

/** Covers booked to start at one local time, and the most the merchant takes then (pacing). */
export interface StaffCoversAtTime {
  time: string;
  covers: number;
  max: number;
}

/** One opening service (shift) of the day, merchant-local: first and last seating. */
export interface StaffService {
  /** As the public shifts and a service's closing name it: "{weekday}-{index}". */
  id: string;
  start: string;
  end: string;
}

/** A zone of the merchant's floor with its tables. */
export interface StaffZone {
  id: string;
  name: string;
  tables: Array<{ id: string; name: string; minSeats: number; maxSeats: number }>;
}

/** GET /api/pro/{slug}/bookings?day=: the day's book. */
export interface StaffDayResponse extends ApiSuccess {
  day: string;
  timezone: string;
  bookings: StaffBookingRow[];
  covers: StaffCoversAtTime[];
  /** The day's services (empty when closed that weekday) and the floor, for grouping, moves and new bookings. */
  services: StaffService[];
  zones: StaffZone[];
  /** The server's clock when it read the day: the first `since` of the catch-up call. */
  server_time: string;
  /** The closings touching the day: a whole day, a service or a time range closed to online booking. */
  closings: StaffClosing[];
}

/** A closing to online booking, as the book draws it. */
export interface StaffClosing {
  id: string;
  kind: 'day' | 'shift' | 'range';
  day: string;
  shift_id: string | null;
  starts_at: string;
  ends_at: string;
}

/** GET /api/pro/{slug}/bookings/search?q=. */
export interface StaffSearchResponse extends ApiSuccess {
  bookings: StaffBookingRow[];
}

/** GET /api/pro/{slug}/bookings/calendar?month=YYYY-MM: the month's days holding bookings (pending, confirmed or finished). */
export interface StaffCalendarResponse extends ApiSuccess {
  month: string;
  days: Array<{ day: string; count: number; pending: number }>;
}

/** The answer of an action: the booking's new state. */
export interface StaffActionResponse extends ApiSuccess {
  booking: {
    token: string;
    ref: string;
    status: number;
    revision: number;
    cancel_reason: string | null;
    cancel_message: string | null;
    arrived_at: string | null;
    no_show: boolean;
    note: string;
  };
}

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
export interface StaffClosingResponse extends ApiSuccess {
  closing: StaffClosing;
  affected: { count: number; bookings: Array<{ token: string; status: number }> };
}
