/** Shapes of what the browser sends to and reads from the API (spec sections 3 and 7). */
import type { Lang } from '../i18n/t.ts';

/** A merchant-local calendar date, 'YYYY-MM-DD'. */
export type LocalDate = string;
/** A merchant-local wall-clock time, 'HH:MM'. */
export type LocalTime = string;
/** A booking status code (section 4): 10 pending, 20 confirmed, 25 refused or cancelled by the restaurant, 30 finished, 40 cancelled. */
export type BookingStatusCode = 10 | 20 | 25 | 30 | 40;
/** Why a booking was cancelled or refused. */
export type CancelReason = 'client_cancel' | 'restaurant_full' | 'restaurant_closed' | 'restaurant_cancelled';

/** An image the API points at: a site path (/media/...) or an https URL. */
export interface ApiImage {
  path: string;
}

/** Every successful answer of the booking and account calls carries success: true. */
export interface ApiSuccess {
  success: true;
}

/** A failed answer: the error_code names the failure (section 8); validation failures add per-field messages. */
export interface ApiFailureBody {
  success: false;
  error_code: string;
  message?: string;
  /** Per-field messages, e.g. { email: ['Invalid email'] }: the first one of each is shown. */
  errors?: Record<string, string[]>;
  /** Some failures add details, e.g. the merchant phone or min / max seats. */
  [detail: string]: unknown;
}

/** An OAuth 2.0 error (RFC 6749) as /oauth/token answers it. */
export interface OAuthErrorBody {
  error: string;
  error_description?: string;
}

/** A merchant's postal address. */
export interface MerchantAddress {
  address: string;
  address2: string;
  zip: string;
  city: string;
}

/** The booking settings the diner's pages need. */
export interface MerchantSettings {
  minClientsPerBookings: number;
  maxClientsPerBookings: number;
  keepTableDuration: number;
  showZone: boolean;
  /** Days past merchant-local today the merchant takes bookings for. */
  bookingHorizonDays?: number;
}

/** The merchant as booking_merchant/get, get and update_user return it. */
export interface Merchant {
  name: string;
  slug: string;
  timezone: string;
  address: MerchantAddress;
  phone: string;
  url: string;
  description: string;
  bookingDescription: string;
  logo: ApiImage | null;
  banner: ApiImage | null;
  bookingEnabled: boolean;
  /** Whether today and tomorrow (merchant-local) still have a bookable time. */
  open: { today: boolean; tomorrow: boolean };
  settings: MerchantSettings;
}

/** One service window of a weekday ('HH:MM', end is the last seating). */
export interface ShiftSlot {
  id: string;
  start: LocalTime;
  end: LocalTime;
}

/** The service windows of one ISO weekday (1 Monday to 7 Sunday); no slot means closed. */
export interface Shift {
  day: number;
  slots: ShiftSlot[];
}

/** The merchant's colours. */
export interface Theme {
  primary: string;
  background: string;
}

/** A dining area; the special zone id 'all' means any area. */
export interface Zone {
  id: string;
  name: string;
  image: ApiImage | null;
}

/** One bookable time of a day. */
export interface Slot {
  /** Unix seconds. */
  timestamp: number;
  hour: LocalTime;
  available: boolean;
}

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
}

/** GET /api/server_time. */
export interface ServerTimeResponse extends ApiSuccess {
  /** Unix seconds. */
  time: number;
}

/** booking_merchant/get. */
export interface BookingMerchantResponse extends ApiSuccess {
  merchant: Merchant;
  shifts: Shift[];
  /** Coming closed days. */
  closes: LocalDate[];
  zoneCount: number;
  theme: Theme;
  /** The signed-in diner's live booking at this merchant, if any. */
  currentBookingToken: string | null;
}

/** booking_zones/get. */
export interface BookingZonesResponse extends ApiSuccess {
  bookingZones: Zone[];
}

/** booking_slots/get. */
export interface BookingSlotsResponse extends ApiSuccess {
  slots: Slot[];
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

/** closed_booking_calendar. */
export interface ClosedCalendarResponse extends ApiSuccess {
  closed_days: LocalDate[];
}

/** GET export_ical/{merchant}/{token}. */
export interface IcsResponse extends ApiSuccess {
  ics: string;
}

/** Which sign-in methods are enabled. */
export interface LoginMethods {
  facebook: boolean;
  google: boolean;
  apple: boolean;
}

/** api/mobile/login_methods. */
export interface LoginMethodsResponse extends ApiSuccess {
  methods: LoginMethods;
}

/** api/front/user/authCheck: the bearer bound to a userToken after a social sign-in (and its refresh token). */
export interface AuthCheckResponse extends ApiSuccess {
  bearer: string;
  refresh_token?: string;
  token_type?: string;
  expires_in?: number;
}

/** The signed-in diner (section 3). */
export interface User {
  firstname: string;
  lastname: string;
  email: string | null;
  phone: string | null;
  anonymous: boolean;
  anonymousEmail: string | null;
  onboarding: boolean;
}

/** api/booking/user/get and api/front/user/update: the signed-in diner. */
export interface UserResponse extends ApiSuccess {
  user: User;
}

/** An answer that carries a bearer: no_account (no refresh token: a guest session) and register. */
export interface AccessTokenResponse extends ApiSuccess {
  access_token: string;
  refresh_token?: string;
  token_type?: string;
  expires_in?: number;
}

/** /oauth/token (RFC 6749 section 5.1). */
export interface OAuthTokenResponse {
  access_token: string;
  refresh_token: string;
  token_type: string;
  expires_in?: number;
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

/** Contact details update and registration send. */
export interface UserDetails {
  firstname: string;
  lastname: string;
  email: string;
  phone: string;
  /** The language the server writes field messages in. */
  lang?: Lang;
}

/** What no_account sends. */
export interface NoAccountRequest {
  firstname: string;
  lastname: string;
  phone: string;
  email: string;
  bookingToken: string;
  /** The language the server writes field messages in. */
  lang?: Lang;
}

/** Options for `new Pusher(key, options)` as GET /api/realtime/config returns them. */
export interface RealtimeConfigResponse extends ApiSuccess {
  key: string;
  cluster: string;
  /** Absent in embedded mode: the browser uses the site's own host. */
  wsHost?: string;
  wsPort?: number;
  wssPort?: number;
  forceTLS: boolean;
  enabledTransports: string[];
}

/** What UpdateBooking carries on booking.{token}; a hint to reload, not the booking itself. */
export interface BookingUpdateEvent {
  token: string;
  status: BookingStatusCode | null;
  ref: string;
  /** The booking's revision after the change. */
  revision: number;
  updatedAt: string;
}
