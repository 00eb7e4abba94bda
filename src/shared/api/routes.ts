/**
 * The browser's route table: every call the site makes, keyed "METHOD path" as spec section 7 names it, with what it
 * sends and what it answers. Types only (nothing of it reaches a bundle); `call` in src/lib/api/call.ts reads the key.
 * A `{name}` in a path is filled from the call's params; a GET's or DELETE's request is its query string.
 */
import type { Lang } from '../langs.ts';
import type { LocalDate } from '../local-time.ts';
import type {
  AccessTokenResponse,
  AuthCheckResponse,
  BookingSessionRequest,
  LoginMethodsResponse,
  NoAccountRequest,
  OAuthTokenResponse,
  UserDetails,
  UserResponse,
} from './account.ts';
import type { BookingResponse, CreateBookingRequest, CreateBookingResponse, GetBookingResponse, IcsResponse, UpdateUserResponse } from './booking.ts';
import type { ApiSuccess, ServerTimeResponse } from './common.ts';
import type { GuestBookingsAttached, GuestBookingsChannel, GuestBookingsOffer } from './guest-bookings.ts';
import type { BookingMerchantResponse, BookingZonesResponse, ClosedCalendarResponse } from './merchant.ts';
import type { BookingSlotsResponse } from './slots.ts';
import type {
  StaffActionResponse,
  StaffCalendarResponse,
  StaffCloseRequest,
  StaffClosingResponse,
  StaffClosingsResponse,
  StaffDayResponse,
  StaffLoginResponse,
  StaffMeResponse,
  StaffNewBooking,
  StaffRefuseReason,
  StaffSearchResponse,
} from './staff.ts';
import type { StaffGuestResponse, StaffGuestSave } from './staff-guest.ts';
import type { UserBookingsResponse } from './user-bookings.ts';

/** One call: what it sends, what it answers, and `form` when it is sent form-encoded (the OAuth token endpoint). */
interface Call<Request, Response, Form extends boolean = false> {
  request: Request;
  response: Response;
  form: Form;
}

type Slug = { merchant_slug: string };
type TokenRequest = Slug & { token: string; lang?: Lang };
type NoBody = Record<string, never>;
type OAuthClient = { client_id: string; client_secret: string };

/** A staff action on a booking that takes no body. */
export type StaffPlainAction = 'confirm' | 'arrived' | 'finish' | 'no_show' | 'undo';

type StaffPlainActions = {
  [A in StaffPlainAction as `POST /api/pro/{slug}/bookings/{token}/${A}`]: Call<NoBody, StaffActionResponse>;
};

/** Every call of the browser, by "METHOD path". */
export interface ApiRoutes extends StaffPlainActions {
  'GET /api/server_time': Call<NoBody, ServerTimeResponse>;
  'POST /api/booking/booking_merchant/get': Call<Slug & { lang?: Lang }, BookingMerchantResponse>;
  'POST /api/booking/booking_zones/get': Call<Slug & { date: LocalDate }, BookingZonesResponse>;
  'POST /api/booking/booking_slots/get': Call<Slug & { date: string; bookingZoneId: string; needed_seats: number }, BookingSlotsResponse>;
  'POST /api/booking/create': Call<CreateBookingRequest, CreateBookingResponse>;
  'POST /api/booking/cancel': Call<TokenRequest, BookingResponse>;
  'POST /api/booking/closed_booking_calendar': Call<Slug, ClosedCalendarResponse>;
  'POST /api/booking/update_user': Call<TokenRequest, UpdateUserResponse>;
  'POST /api/booking/get': Call<TokenRequest, GetBookingResponse>;
  'GET /api/booking/export_ical/{merchant}/{token}': Call<{ lang?: Lang }, IcsResponse>;
  'POST /api/booking/set_comment': Call<TokenRequest & { comment: string }, BookingResponse>;
  'POST /api/booking/validate': Call<TokenRequest, BookingResponse>;

  'POST /api/mobile/login_methods': Call<NoBody, LoginMethodsResponse>;
  'POST /api/front/user/authCheck': Call<{ userToken: string }, AuthCheckResponse>;
  'POST /api/booking/user/get': Call<NoBody, UserResponse>;
  'POST /api/front/user/update': Call<UserDetails, UserResponse>;
  'POST /api/front/user/no_account': Call<NoAccountRequest, AccessTokenResponse>;
  'POST /api/front/user/booking_session': Call<BookingSessionRequest, AccessTokenResponse>;
  'POST /oauth/token': Call<
    OAuthClient & ({ grant_type: 'password'; username: string; password: string } | { grant_type: 'refresh_token'; refresh_token: string }),
    OAuthTokenResponse,
    true
  >;
  'POST /api/front/user/register': Call<UserDetails & { password: string }, AccessTokenResponse>;
  'POST /api/user/forgot_password': Call<{ email: string; return_url: string; lang?: Lang; merchant_slug?: string }, ApiSuccess>;

  'POST /api/front/user/bookings': Call<NoBody, UserBookingsResponse>;
  'POST /api/front/user/logout': Call<NoBody, { success: true; revoked: boolean }>;
  'POST /api/front/user/guest_bookings': Call<NoBody, GuestBookingsOffer>;
  'POST /api/front/user/guest_bookings/code': Call<{ channel: GuestBookingsChannel; lang: string }, { success: true; sent_to: string }>;
  'POST /api/front/user/guest_bookings/attach': Call<{ channel: GuestBookingsChannel; code: string }, GuestBookingsAttached>;

  'POST /api/pro/auth/login': Call<{ email: string; password: string }, StaffLoginResponse>;
  'POST /api/pro/auth/forgot': Call<{ email: string; lang: string }, ApiSuccess>;
  'POST /api/pro/auth/logout': Call<NoBody, ApiSuccess>;
  'GET /api/pro/me': Call<NoBody, StaffMeResponse>;
  'POST /api/pro/auth/password': Call<{ current: string; next: string }, ApiSuccess>;
  'GET /api/pro/{slug}/bookings': Call<{ day?: string }, StaffDayResponse>;
  'GET /api/pro/{slug}/bookings/calendar': Call<{ month: string }, StaffCalendarResponse>;
  'GET /api/pro/{slug}/bookings/search': Call<{ q: string }, StaffSearchResponse>;
  'POST /api/pro/{slug}/bookings/{token}/refuse': Call<{ reason: StaffRefuseReason; message?: string }, StaffActionResponse>;
  'POST /api/pro/{slug}/bookings/{token}/cancel': Call<{ reason: StaffRefuseReason; message?: string }, StaffActionResponse>;
  'POST /api/pro/{slug}/bookings/{token}/note': Call<{ note: string }, StaffActionResponse>;
  'GET /api/pro/{slug}/bookings/{token}/guest': Call<NoBody, StaffGuestResponse>;
  'PUT /api/pro/{slug}/bookings/{token}/guest': Call<StaffGuestSave, StaffGuestResponse>;
  'POST /api/pro/{slug}/bookings/{token}/move': Call<{ datetime: number; zone_id?: string; table_id?: string }, StaffActionResponse>;
  'POST /api/pro/{slug}/bookings': Call<StaffNewBooking, StaffActionResponse>;
  'POST /api/pro/{slug}/closings': Call<StaffCloseRequest, StaffClosingResponse>;
  'DELETE /api/pro/{slug}/closings/{id}': Call<NoBody, ApiSuccess>;
  'GET /api/pro/{slug}/closings': Call<{ day?: string }, StaffClosingsResponse>;
}

/** A call's key: "METHOD path". */
export type ApiRoute = keyof ApiRoutes;
/** What a call sends. */
export type ApiRequestOf<R extends ApiRoute> = ApiRoutes[R]['request'];
/** What a call answers. */
export type ApiResponseOf<R extends ApiRoute> = ApiRoutes[R]['response'];

type ParamNames<P extends string> = P extends `${string}{${infer Name}}${infer Rest}` ? Name | ParamNames<Rest> : never;
/** The `{name}` parts of a call's path. */
export type ApiParamsOf<R extends ApiRoute> = Record<ParamNames<R>, string>;
