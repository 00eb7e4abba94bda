/** A booking as the API returns it (spec section 3), and what create sends. */
import type { BookingStatusCode, CancelReason } from '../booking-status.ts';
import type { ApiImage, ApiSuccess } from './common.ts';
import type { Lang } from '../langs.ts';
import type { LocalDate, LocalTime } from '../local-time.ts';
import type { Merchant, Shift, Theme } from './merchant.ts';

/** The diner a booking belongs to. */
export interface BookingClient {
  firstname: string;
  lastname: string;
  phone: string | null;
  email: string | null;
  avatar: ApiImage;
}

/** A booking as the API returns it (section 3); a draft not yet validated has status null. */
export interface Booking {
  token: string;
  ref: string;
  status: BookingStatusCode | null;
  merchantSlug: string;
  /** Unix seconds of the booked time. */
  bookingForTimestamp: number;
  /** Unix seconds of the start of the booked (merchant-local) day. */
  bookingForTimestampDay: number;
  /** The merchant-local booked day, 'YYYY-MM-DD'. */
  bookingForDate: LocalDate;
  /** The booked day written out in the answer's language. */
  bookingForLong: string;
  bookingForHour: LocalTime;
  bookingEndsAtTimestamp: number;
  clientCount: number;
  bookingZone: { id: string; name: string };
  showZone: boolean;
  comment: string;
  calendarUrl: string;
  showUnavailableMerchant: boolean;
  gif: ApiImage;
  bookingCancelReason: CancelReason | string | null;
  bookingCancelMessage: string | null;
  bookingClient: BookingClient | null;
  /** Unix seconds when a draft's table hold lapses; null once validated. */
  holdExpiresAt: number | null;
  createdAt: number;
  /** Grows by one with every write of the booking; UpdateBooking carries it too. */
  revision: number;
  /**
   * Whether the caller's bearer may change, comment and cancel it (the owner's session, or one the manage link gave);
   * false for whoever holds only the token (a shared link). Absent from a copy kept before it existed: the own device's.
   */
  canManage?: boolean;
  /** Pending (10) because the diner changed it: the change awaits the restaurant's answer. Absent from older copies: false. */
  changeAwaitsAnswer?: boolean;
}

/** create. */
export interface CreateBookingResponse extends ApiSuccess {
  token: string;
  booking: Booking;
}

/** get. */
export interface GetBookingResponse extends ApiSuccess {
  theme: Theme;
  merchant: Merchant;
  booking: Booking;
}

/** validate, cancel and set_comment: the booking as it now is. */
export interface BookingResponse extends ApiSuccess {
  booking: Booking;
}

/** update_user. */
export interface UpdateUserResponse extends ApiSuccess {
  booking: Booking;
  shifts: Shift[];
  theme: Theme;
  merchant: Merchant;
  currentBookingToken: string | null;
}

/** GET export_ical/{merchant}/{token}. */
export interface IcsResponse extends ApiSuccess {
  ics: string;
}

/** What create sends (booking payload of section 3). */
export interface CreateBookingRequest {
  token: string | null;
  merchant_slug: string;
  /** Unix seconds of the chosen slot. */
  datetime: number;
  booking_zone_id: string;
  client_count: number;
  lang?: Lang;
}
