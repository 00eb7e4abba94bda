/** Every call the server registers, with a well-formed sample request, so suites can go over all of them. */
import type { FastifyInstance } from 'fastify';
import { fixtureMerchant } from '../api/api-helpers.ts';

/** Who a call is made as. */
export type Caller = 'anyone' | 'diner' | 'admin' | 'staff';

/** One call of the API with a sample body that passes its schema. */
export interface ApiCall {
  /** The route as the server registers it, e.g. `POST /api/admin/merchants/:slug`. */
  route: string;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** The URL with sample path parameters. */
  url: string;
  /** A sample body (POST and PUT). */
  body?: Record<string, unknown>;
  /** The call takes a file's bytes, not JSON: a sample sent as JSON is 415, and checks of a JSON body's text do not apply. */
  bytes?: true;
  /** Whom the call needs (admin: the ADMIN_TOKEN bearer; diner: a signed-in diner's bearer; staff: a staff bearer of `slug`). */
  caller: Caller;
}

/** What the samples name: an existing merchant and booking token. */
export interface CallSamples {
  slug: string;
  token: string;
  /** The merchant slug an admin import writes (fresh, so the import creates it). */
  importSlug: string;
}

/** Every call of the API (pages and the static site's catch-all aside), in the order of the server's registration. */
export function everyApiCall({ slug, token, importSlug }: CallSamples): ApiCall[] {
  const ref = { merchant_slug: slug, token, lang: 'en' };
  const contact = { firstname: 'Camille', lastname: 'Martin', email: 'camille@example.test', phone: '+33612345678', lang: 'en' };
  const get = (url: string, caller: Caller = 'anyone', route = url): ApiCall => ({ route: `GET ${route}`, method: 'GET', url, caller });
  const post = (url: string, body: Record<string, unknown>, caller: Caller = 'anyone', route = url): ApiCall => ({
    route: `POST ${route}`,
    method: 'POST',
    url,
    body,
    caller,
  });
  return [
    get('/api/openapi.json'),
    get('/api/health/live'),
    get('/api/health/ready'),
    get('/api/server_time'),
    post('/api/booking/booking_merchant/get', { merchant_slug: slug }),
    post('/api/booking/booking_zones/get', { merchant_slug: slug, date: '2026-11-25' }),
    post('/api/booking/booking_slots/get', { merchant_slug: slug, date: '2026-11-25', bookingZoneId: 'all', needed_seats: 2 }),
    // Wednesday 25 November 2026, 19:00 in Paris: a slot the demo merchants open.
    post('/api/booking/create', { merchant_slug: slug, datetime: 1_795_629_600, booking_zone_id: 'all', client_count: 2, lang: 'en' }),
    post('/api/booking/cancel', ref),
    post('/api/booking/closed_booking_calendar', { merchant_slug: slug }),
    post('/api/booking/get', ref),
    post('/api/booking/validate', ref, 'diner'),
    post('/api/booking/set_comment', { ...ref, comment: 'A quiet table, please' }),
    post('/api/booking/update_user', ref, 'diner'),
    post('/api/booking/user/get', { lang: 'en' }, 'diner'),
    get(`/api/booking/export_ical/${slug}/${token}?lang=en`, 'anyone', '/api/booking/export_ical/:merchant/:token'),
    get('/api/booking/merchants'),
    get('/api/realtime/config'),
    get('/api/mobile/login_methods'),
    post('/api/mobile/login_methods', {}),
    post('/api/front/user/authCheck', { userToken: 'a'.repeat(32) }),
    post('/api/front/user/update', contact, 'diner'),
    post('/api/front/user/no_account', { ...contact, bookingToken: token }),
    post('/api/front/user/register', { ...contact, password: 'a long and rare passphrase' }),
    post('/api/front/user/booking_session', { bookingToken: token, manageKey: 'a'.repeat(32), lang: 'en' }),
    post('/api/front/user/guest_bookings', { lang: 'en' }, 'diner'),
    post('/api/front/user/guest_bookings/code', { channel: 'email', lang: 'en' }, 'diner'),
    post('/api/front/user/guest_bookings/attach', { channel: 'email', code: '042917', lang: 'en' }, 'diner'),
    post('/api/front/user/bookings', { limit: 10, lang: 'en' }, 'diner'),
    // Without the diner's bearer: signing it out would leave the other calls nobody to call as.
    post('/api/front/user/logout', { lang: 'en' }),
    post('/api/user/forgot_password', { email: 'camille@example.test', return_url: 'http://couvert.test/auth/login', lang: 'en' }),
    {
      route: 'PUT /api/admin/merchants/:slug',
      method: 'PUT',
      url: `/api/admin/merchants/${importSlug}`,
      body: fixtureMerchant(importSlug),
      caller: 'admin',
    },
    get(`/api/admin/merchants/${slug}`, 'admin', '/api/admin/merchants/:slug'),
    post(`/api/admin/bookings/${token}/confirm`, { reason: 'restaurant_full', message: 'Sorry' }, 'admin', '/api/admin/bookings/:token/:action'),
    get('/api/admin/jobs?state=failed', 'admin', '/api/admin/jobs'),
    post('/api/admin/jobs/00000000-0000-4000-8000-000000000000/retry', {}, 'admin', '/api/admin/jobs/:id/retry'),
    post('/api/pro/auth/login', { email: 'claire@le-petit-zinc.example', password: 'not the password' }),
    // Without the staff bearer, for the same reason as the diner's logout.
    post('/api/pro/auth/logout', {}),
    post('/api/pro/auth/forgot', { email: 'claire@le-petit-zinc.example', lang: 'fr' }),
    get('/api/pro/me', 'staff'),
    post('/api/pro/auth/password', { current: 'not the password', next: 'a long and rare passphrase' }, 'staff'),
    get(`/api/pro/${slug}/bookings?day=2026-11-25`, 'staff', '/api/pro/:slug/bookings'),
    get(`/api/pro/${slug}/bookings/search?q=Martin`, 'staff', '/api/pro/:slug/bookings/search'),
    get(`/api/pro/${slug}/bookings/calendar?month=2026-11`, 'staff', '/api/pro/:slug/bookings/calendar'),
    get(`/api/pro/${slug}/bookings/changes?since=2026-11-23T09:00:00Z`, 'staff', '/api/pro/:slug/bookings/changes'),
    post(
      `/api/pro/${slug}/bookings`,
      { firstname: 'Camille', lastname: 'Martin', phone: '+33612345678', datetime: 1_795_629_600, party: 2 },
      'staff',
      '/api/pro/:slug/bookings',
    ),
    post(`/api/pro/${slug}/bookings/${token}/confirm`, {}, 'staff', '/api/pro/:slug/bookings/:token/confirm'),
    post(`/api/pro/${slug}/bookings/${token}/refuse`, { reason: 'restaurant_full', message: 'Sorry' }, 'staff', '/api/pro/:slug/bookings/:token/refuse'),
    post(`/api/pro/${slug}/bookings/${token}/cancel`, { reason: 'restaurant_cancelled', message: 'Sorry' }, 'staff', '/api/pro/:slug/bookings/:token/cancel'),
    post(`/api/pro/${slug}/bookings/${token}/arrived`, {}, 'staff', '/api/pro/:slug/bookings/:token/arrived'),
    post(`/api/pro/${slug}/bookings/${token}/finish`, {}, 'staff', '/api/pro/:slug/bookings/:token/finish'),
    post(`/api/pro/${slug}/bookings/${token}/no_show`, {}, 'staff', '/api/pro/:slug/bookings/:token/no_show'),
    post(`/api/pro/${slug}/bookings/${token}/undo`, {}, 'staff', '/api/pro/:slug/bookings/:token/undo'),
    post(`/api/pro/${slug}/bookings/${token}/note`, { note: 'Regular, likes the window' }, 'staff', '/api/pro/:slug/bookings/:token/note'),
    get(`/api/pro/${slug}/bookings/${token}/guest`, 'staff', '/api/pro/:slug/bookings/:token/guest'),
    {
      route: 'PUT /api/pro/:slug/bookings/:token/guest',
      method: 'PUT',
      url: `/api/pro/${slug}/bookings/${token}/guest`,
      body: { vip: true, regular: false, seating: 'Window', allergens: ['peanuts', 'sesame'], note: 'Likes the quiet corner', revision: 0 },
      caller: 'staff',
    },
    post(`/api/pro/${slug}/bookings/${token}/move`, { datetime: 1_795_629_600, zone_id: 'all' }, 'staff', '/api/pro/:slug/bookings/:token/move'),
    // A day past every test's booking horizon, so the closing it makes closes nothing a suite books.
    post(`/api/pro/${slug}/closings`, { kind: 'day', day: '2027-09-15', note: 'Inventory' }, 'staff', '/api/pro/:slug/closings'),
    get(`/api/pro/${slug}/closings?day=2026-11-25`, 'staff', '/api/pro/:slug/closings'),
    {
      route: 'DELETE /api/pro/:slug/closings/:id',
      method: 'DELETE',
      url: `/api/pro/${slug}/closings/00000000-0000-4000-8000-000000000000`,
      caller: 'staff',
    },
    get(`/api/pro/${slug}/definition`, 'staff', '/api/pro/:slug/definition'),
    // A revision nobody read: nothing a suite sends here is ever written.
    {
      route: 'PUT /api/pro/:slug/definition',
      method: 'PUT',
      url: `/api/pro/${slug}/definition`,
      body: { definition: { ...fixtureMerchant(slug), staff: [] }, revision: 0 },
      caller: 'staff',
    },
    get(`/api/pro/${slug}/definition/history?limit=10`, 'staff', '/api/pro/:slug/definition/history'),
    // Sent as JSON, as every sample: answered 415 (the call takes an image's bytes; tests/api/staff-photos.test.ts sends them).
    { ...post(`/api/pro/${slug}/photos?kind=logo`, {}, 'staff', '/api/pro/:slug/photos'), bytes: true },
    get(`/b/${token}`, 'anyone', '/b/:token'),
    get(`/auth/reset_password?token=${'a'.repeat(43)}`, 'anyone', '/auth/reset_password'),
    post('/auth/reset_password', { token: 'a'.repeat(43), password: 'a long and rare passphrase', password_confirmation: 'a long and rare passphrase' }),
    post('/broadcasting/auth', { socket_id: '1234.5678', channel_name: 'private-user.1' }, 'diner'),
    post('/oauth/token', {
      grant_type: 'password',
      client_id: 'couvert-web',
      client_secret: 'couvert-web-secret',
      username: 'camille@example.test',
      password: 'x',
    }),
    get('/login/google?redirect=http%3A%2F%2Fcouvert.test%2F&userToken=' + 'a'.repeat(32), 'anyone', '/login/:provider'),
    get('/login/google/callback?state=x&code=y', 'anyone', '/login/:provider/callback'),
  ];
}

/** Routes served by libraries or the site, not calls of ours: the docs page's files and the static catch-all. */
const NOT_CALLS = [/^\/api\/docs/, /^\*$/];

/**
 * Every `METHOD /path` the server registers (HEAD and library routes left out), read from its route tree:
 * a suite compares it with its own list so that a new route cannot be forgotten.
 */
export function registeredRoutes(app: FastifyInstance): string[] {
  const routes: string[] = [];
  const prefixes: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^((?:│ {3}| {4})*)[├└]── (.+?) \(([A-Z, ]+)\)$/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    prefixes.length = depth;
    const path = (prefixes.at(-1) ?? '') + match[2]!;
    prefixes.push(path);
    if (NOT_CALLS.some((pattern) => pattern.test(path))) continue;
    for (const method of match[3]!.split(', ')) if (method !== 'HEAD') routes.push(`${method} ${path}`);
  }
  return routes.sort();
}
