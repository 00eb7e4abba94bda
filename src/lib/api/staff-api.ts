/** The staff calls under /api/pro, one typed function each; every call carries the staff bearer, never the diner's. */
import { call } from './call.ts';
import type { StaffCloseRequest, StaffNewBooking, StaffRefuseReason } from '../../shared/api/staff.ts';
import type { StaffPlainAction } from '../../shared/api/routes.ts';
import type { StaffGuestSave } from '../../shared/api/staff-guest.ts';
import { getStaffBearer } from '../staff/staff-storage.ts';

export type { StaffNewBooking } from '../../shared/api/staff.ts';
export type { StaffPlainAction } from '../../shared/api/routes.ts';

const staff = () => ({ bearer: getStaffBearer() });
const onBooking = (slug: string, token: string) => ({ ...staff(), params: { slug, token } });

/** The staff calls; stores take it as a parameter so tests may pass another. */
export const staffApi = {
  /** POST /api/pro/auth/login: a wrong email or password fails with unauthenticated, whichever it was. */
  login: (email: string, password: string) => call('POST /api/pro/auth/login', { email, password }, { bearer: null }),
  /** POST /api/pro/auth/forgot: mails a reset link when a merchant lists the email (the same answer either way). */
  forgot: (email: string, lang: string) => call('POST /api/pro/auth/forgot', { email, lang }, { bearer: null }),
  /** POST /api/pro/auth/logout. */
  logout: () => call('POST /api/pro/auth/logout', {}, staff()),
  /** GET /api/pro/me: the merchants with their time zone and live channel. */
  me: () => call('GET /api/pro/me', {}, staff()),
  /** POST /api/pro/auth/password: a wrong current password fails with validation_error on `current`. */
  changePassword: (current: string, next: string) => call('POST /api/pro/auth/password', { current, next }, staff()),
  /** GET /api/pro/{slug}/bookings?day=. */
  day: (slug: string, day?: string) => call('GET /api/pro/{slug}/bookings', day ? { day } : {}, { ...staff(), params: { slug } }),
  /** A month's days holding bookings, for the staff calendar's marks. */
  calendar: (slug: string, month: string) => call('GET /api/pro/{slug}/bookings/calendar', { month }, { ...staff(), params: { slug } }),
  /** GET /api/pro/{slug}/bookings/search?q= (two characters at least). */
  search: (slug: string, q: string) => call('GET /api/pro/{slug}/bookings/search', { q }, { ...staff(), params: { slug } }),
  /** confirm, arrived, finish, no_show or undo. */
  act: (slug: string, token: string, action: StaffPlainAction) => call(`POST /api/pro/{slug}/bookings/{token}/${action}`, {}, onBooking(slug, token)),
  /** Refuses a pending booking, or cancels one, with a reason and an optional message to the diner. */
  refuse: (slug: string, token: string, action: 'refuse' | 'cancel', reason: StaffRefuseReason, message: string) =>
    call(`POST /api/pro/{slug}/bookings/{token}/${action}`, { reason, ...(message ? { message } : {}) }, onBooking(slug, token)),
  /** Sets the private note (empty clears it). */
  note: (slug: string, token: string, note: string) => call('POST /api/pro/{slug}/bookings/{token}/note', { note }, onBooking(slug, token)),
  /** The booking's diner as the restaurant knows them: tags, allergies, note, and their bookings here. */
  guest: (slug: string, token: string) => call('GET /api/pro/{slug}/bookings/{token}/guest', {}, onBooking(slug, token)),
  /** Saves what the restaurant keeps on the booking's diner, from the revision read (409 stale_revision when another save came between). */
  saveGuest: (slug: string, token: string, save: StaffGuestSave) => call('PUT /api/pro/{slug}/bookings/{token}/guest', save, onBooking(slug, token)),
  /** Moves a booking to another time, zone or table. */
  move: (slug: string, token: string, move: { datetime: number; zone_id?: string; table_id?: string }) =>
    call('POST /api/pro/{slug}/bookings/{token}/move', move, onBooking(slug, token)),
  /** booking_merchant/get, asked without any bearer: the merchant's public details (its phone says its country). */
  merchant: (slug: string) => call('POST /api/booking/booking_merchant/get', { merchant_slug: slug }, { bearer: null }),
  /** booking_slots/get, the diners' availability, asked without any bearer: the times a move or a new booking may take. */
  slots: (slug: string, date: string, zoneId: string, seats: number) =>
    call('POST /api/booking/booking_slots/get', { merchant_slug: slug, date, bookingZoneId: zoneId, needed_seats: seats }, { bearer: null }),
  /** POST /api/pro/{slug}/bookings: a phone booking or walk-in, confirmed at once. */
  create: (slug: string, input: StaffNewBooking) => call('POST /api/pro/{slug}/bookings', input, { ...staff(), params: { slug } }),
  /** POST /api/pro/{slug}/closings: closes a day, a service or a time range to online booking; answers the bookings already inside. */
  close: (slug: string, request: StaffCloseRequest) => call('POST /api/pro/{slug}/closings', request, { ...staff(), params: { slug } }),
  /** GET /api/pro/{slug}/closings: the closings not yet over, by start. */
  closings: (slug: string) => call('GET /api/pro/{slug}/closings', {}, { ...staff(), params: { slug } }),
  /** DELETE /api/pro/{slug}/closings/{id}: online booking opens there again. */
  reopen: (slug: string, id: string) => call('DELETE /api/pro/{slug}/closings/{id}', {}, { ...staff(), params: { slug, id } }),
};

/** The staff calls' type. */
export type StaffApi = typeof staffApi;
