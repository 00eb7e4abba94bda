/** The staff calls under /api/pro, one typed function each; every call carries the staff bearer, never the diner's. */
import { apiDelete, apiGet, apiPost } from './api-client.ts';
import type { ApiSuccess } from '../../shared/api/common.ts';
import type {
  StaffActionResponse,
  StaffCalendarResponse,
  StaffCloseRequest,
  StaffClosingResponse,
  StaffDayResponse,
  StaffLoginResponse,
  StaffMeResponse,
  StaffSearchResponse,
  StaffRefuseReason,
} from '../../shared/api/staff.ts';
import type { BookingMerchantResponse } from '../../shared/api/merchant.ts';
import type { BookingSlotsResponse } from '../../shared/api/slots.ts';
import { getStaffBearer } from '../staff/staff-storage.ts';

/** An action on a booking that takes no body. */
export type StaffPlainAction = 'confirm' | 'arrived' | 'finish' | 'no_show' | 'undo';

/** A booking the restaurant takes itself (phone or walk-in). */
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

const staff = () => ({ bearer: getStaffBearer() });
const bookings = (slug: string) => `/api/pro/${encodeURIComponent(slug)}/bookings`;
const closings = (slug: string) => `/api/pro/${encodeURIComponent(slug)}/closings`;
const booking = (slug: string, token: string, action: string) => `${bookings(slug)}/${encodeURIComponent(token)}/${action}`;

/** The staff calls; stores take it as a parameter so tests may pass another. */
export const staffApi = {
  /** POST /api/pro/auth/login: a wrong email or password fails with unauthenticated, whichever it was. */
  login: (email: string, password: string) => apiPost<StaffLoginResponse>('/api/pro/auth/login', { email, password }, { bearer: null }),
  /** POST /api/pro/auth/forgot: mails a reset link when a merchant lists the email (the same answer either way). */
  forgot: (email: string, lang: string) => apiPost<ApiSuccess>('/api/pro/auth/forgot', { email, lang }, { bearer: null }),
  /** POST /api/pro/auth/logout. */
  logout: () => apiPost<ApiSuccess>('/api/pro/auth/logout', {}, staff()),
  /** GET /api/pro/me: the merchants with their time zone and live channel. */
  me: () => apiGet<StaffMeResponse>('/api/pro/me', staff()),
  /** POST /api/pro/auth/password: a wrong current password fails with validation_error on `current`. */
  changePassword: (current: string, next: string) => apiPost<ApiSuccess>('/api/pro/auth/password', { current, next }, staff()),
  /** GET /api/pro/{slug}/bookings?day=. */
  day: (slug: string, day?: string) => apiGet<StaffDayResponse>(`${bookings(slug)}${day ? `?day=${encodeURIComponent(day)}` : ''}`, staff()),
  /** GET /api/pro/{slug}/bookings/search?q= (two characters at least). */
  /** A month's days holding bookings, for the staff calendar's marks. */
  calendar: (slug: string, month: string) => apiGet<StaffCalendarResponse>(`${bookings(slug)}/calendar?month=${encodeURIComponent(month)}`, staff()),
  search: (slug: string, q: string) => apiGet<StaffSearchResponse>(`${bookings(slug)}/search?q=${encodeURIComponent(q)}`, staff()),
  /** confirm, arrived, finish, no_show or undo. */
  act: (slug: string, token: string, action: StaffPlainAction) => apiPost<StaffActionResponse>(booking(slug, token, action), {}, staff()),
  /** Refuses a pending booking, or cancels one, with a reason and an optional message to the diner. */
  refuse: (slug: string, token: string, action: 'refuse' | 'cancel', reason: StaffRefuseReason, message: string) =>
    apiPost<StaffActionResponse>(booking(slug, token, action), { reason, ...(message ? { message } : {}) }, staff()),
  /** Sets the private note (empty clears it). */
  note: (slug: string, token: string, note: string) => apiPost<StaffActionResponse>(booking(slug, token, 'note'), { note }, staff()),
  /** Moves a booking to another time, zone or table. */
  move: (slug: string, token: string, move: { datetime: number; zone_id?: string; table_id?: string }) =>
    apiPost<StaffActionResponse>(booking(slug, token, 'move'), move, staff()),
  /** booking_merchant/get, asked without any bearer: the merchant's public details (its phone says its country). */
  merchant: (slug: string) => apiPost<BookingMerchantResponse>('/api/booking/booking_merchant/get', { merchant_slug: slug }, { bearer: null }),
  /** booking_slots/get, the diners' availability, asked without any bearer: the times a move or a new booking may take. */
  slots: (slug: string, date: string, zoneId: string, seats: number) =>
    apiPost<BookingSlotsResponse>(
      '/api/booking/booking_slots/get',
      { merchant_slug: slug, date, bookingZoneId: zoneId, needed_seats: seats },
      { bearer: null },
    ),
  /** POST /api/pro/{slug}/bookings: a phone booking or walk-in, confirmed at once. */
  create: (slug: string, input: StaffNewBooking) => apiPost<StaffActionResponse>(bookings(slug), input, staff()),
  /** POST /api/pro/{slug}/closings: closes a day, a service or a time range to online booking; answers the bookings already inside. */
  close: (slug: string, request: StaffCloseRequest) => apiPost<StaffClosingResponse>(closings(slug), request, staff()),
  /** DELETE /api/pro/{slug}/closings/{id}: online booking opens there again. */
  reopen: (slug: string, id: string) => apiDelete<ApiSuccess>(`${closings(slug)}/${encodeURIComponent(id)}`, staff()),
};

/** The staff calls' type. */
export type StaffApi = typeof staffApi;
