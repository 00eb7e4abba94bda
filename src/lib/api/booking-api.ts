/** The booking calls of spec section 7, one typed function each, with the exact paths and field names. */
import type { Lang } from '../../i18n/t.ts';
import { apiUrl } from './api-client.ts';
import { call, routePath } from './call.ts';
import type { CreateBookingRequest } from '../../shared/api/booking.ts';
import type { ApiResponseOf } from '../../shared/api/routes.ts';
import type { LocalDate } from '../../shared/local-time.ts';

/** GET /api/server_time: the server clock in unix seconds. */
export function getServerTime(): Promise<ApiResponseOf<'GET /api/server_time'>> {
  return call('GET /api/server_time', {});
}

/** booking_merchant/get: merchant, shifts, closed days, zone count, theme and the diner's current booking token. */
export function getBookingMerchant(merchantSlug: string): Promise<ApiResponseOf<'POST /api/booking/booking_merchant/get'>> {
  return call('POST /api/booking/booking_merchant/get', { merchant_slug: merchantSlug });
}

/** booking_zones/get: the zones a diner may choose on a date. */
export function getBookingZones(merchantSlug: string, date: LocalDate): Promise<ApiResponseOf<'POST /api/booking/booking_zones/get'>> {
  return call('POST /api/booking/booking_zones/get', { merchant_slug: merchantSlug, date });
}

/** What booking_slots/get asks for. */
export interface SlotsQuery {
  merchantSlug: string;
  date: LocalDate;
  zoneId: string;
  neededSeats: number;
}

/** booking_slots/get: the day's times for a party in a zone. */
export function getBookingSlots(query: SlotsQuery): Promise<ApiResponseOf<'POST /api/booking/booking_slots/get'>> {
  return call('POST /api/booking/booking_slots/get', {
    merchant_slug: query.merchantSlug,
    date: query.date,
    bookingZoneId: query.zoneId,
    needed_seats: query.neededSeats,
  });
}

/** create: a draft holding a table, or a change of the booking the token names. */
export function createBooking(request: CreateBookingRequest): Promise<ApiResponseOf<'POST /api/booking/create'>> {
  return call('POST /api/booking/create', request);
}

/** cancel: the diner cancels the booking. */
export function cancelBooking(token: string, merchantSlug: string, lang?: Lang): Promise<ApiResponseOf<'POST /api/booking/cancel'>> {
  return call('POST /api/booking/cancel', { token, merchant_slug: merchantSlug, lang });
}

/** closed_booking_calendar: the merchant's coming closed days. */
export function getClosedBookingCalendar(merchantSlug: string): Promise<ApiResponseOf<'POST /api/booking/closed_booking_calendar'>> {
  return call('POST /api/booking/closed_booking_calendar', { merchant_slug: merchantSlug });
}

/** update_user: ties the booking to the signed-in diner. */
export function updateBookingUser(token: string, merchantSlug: string, lang?: Lang): Promise<ApiResponseOf<'POST /api/booking/update_user'>> {
  return call('POST /api/booking/update_user', { token, merchant_slug: merchantSlug, lang });
}

/** get: a booking with its merchant and theme. */
export function getBooking(token: string, merchantSlug: string, lang?: Lang): Promise<ApiResponseOf<'POST /api/booking/get'>> {
  return call('POST /api/booking/get', { token, merchant_slug: merchantSlug, lang });
}

const ICAL = 'GET /api/booking/export_ical/{merchant}/{token}';

/** GET export_ical/{merchant}/{token}: the booking as calendar data ({ ics }). */
export function exportIcal(merchantSlug: string, token: string, lang?: Lang): Promise<ApiResponseOf<typeof ICAL>> {
  return call(ICAL, lang ? { lang } : {}, { params: { merchant: merchantSlug, token } });
}

/** The address that downloads the booking as event.ics (what iOS opens). */
export function icsDownloadUrl(merchantSlug: string, token: string, lang?: Lang): string {
  const query = new URLSearchParams({ download: '1', ...(lang ? { lang } : {}) });
  return apiUrl(`${routePath(ICAL, { merchant: merchantSlug, token })}?${query.toString()}`);
}

/** set_comment: the diner's comment on the booking. */
export function setBookingComment(token: string, merchantSlug: string, comment: string, lang?: Lang): Promise<ApiResponseOf<'POST /api/booking/set_comment'>> {
  return call('POST /api/booking/set_comment', { token, merchant_slug: merchantSlug, comment, lang });
}

/** validate: makes the draft firm (needs a signed-in diner with a phone). */
export function validateBooking(token: string, merchantSlug: string, lang?: Lang): Promise<ApiResponseOf<'POST /api/booking/validate'>> {
  return call('POST /api/booking/validate', { token, merchant_slug: merchantSlug, lang });
}

/** Every booking call, for stores that take their API as a parameter. */
export const bookingApi = {
  getServerTime,
  getBookingMerchant,
  getBookingZones,
  getBookingSlots,
  createBooking,
  cancelBooking,
  getClosedBookingCalendar,
  updateBookingUser,
  getBooking,
  exportIcal,
  setBookingComment,
  validateBooking,
};

/** The booking calls as a replaceable set. */
export type BookingApi = typeof bookingApi;
