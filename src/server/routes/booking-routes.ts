/** The diner's booking calls of spec section 7 (paths and field names exactly as there). */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pickLang, requestedLang, type Lang } from '../../shared/langs.ts';
import { merchantView, shiftsView, themeView, upcomingClosedDays, upcomingOpenDays, type ZoneView } from '../domain/merchant-view.ts';
import type { MerchantWithFloor } from '../domain/merchant-floor.ts';
import type { Database } from '../db/database.ts';
import type { BookingService } from '../services/booking-service.ts';
import { sendRateLimited } from '../auth/rate-limit.ts';
import { DEFAULT_DRAFT_LIMITS, draftLimits, type DraftLimits } from './draft-limits.ts';
import type { RequestUser } from './request-user.ts';
import {
  bookingResponseSchema,
  createBookingResponseSchema,
  getBookingResponseSchema,
  icsResponseSchema,
  updateUserResponseSchema,
} from '../../shared/api/booking-schema.ts';
import { serverTimeResponseSchema } from '../../shared/api/common-schema.ts';
import { bookingMerchantResponseSchema, bookingZonesResponseSchema, closedCalendarResponseSchema } from '../../shared/api/merchant-schema.ts';
import { bookingSlotsResponseSchema } from '../../shared/api/slots-schema.ts';
import type { ErrorCode } from '../../shared/error-codes.ts';
import { replies } from './responses.ts';
import { bookingRef, bookingToken, dateTime, freeText, lang, localDate, merchantSlug, seats, zoneId } from './schemas.ts';

/** What the booking routes need. */
export interface BookingRoutesDeps {
  db: Database;
  bookings: BookingService;
  requestUser: RequestUser;
  now: () => Date;
  /** New drafts per address, device and merchant-evening (default DEFAULT_DRAFT_LIMITS). */
  draftLimits?: DraftLimits;
}

/** What a merchant's page may fail with. */
const MERCHANT_ERRORS: ErrorCode[] = ['merchant_not_found', 'booking_not_activated'];
/** What a call on one booking may fail with: unknown, someone else's, or a change its state or the rules refuse. */
const BOOKING_ERRORS: ErrorCode[] = [
  ...MERCHANT_ERRORS,
  'booking_not_found',
  'unauthenticated',
  'booking_forbidden',
  'already_done',
  'no_phone',
  'rate_limited',
];

const langOf = (request: FastifyRequest, explicit: unknown): Lang => pickLang(explicit, request.headers['accept-language']);
// The merchant's own texts: in the language asked for, else (none asked) in the first language the merchant listed.
const textLangOf = (request: FastifyRequest, explicit: unknown): Lang | undefined => requestedLang(explicit, request.headers['accept-language']);

/** Registers the booking calls. */
export async function bookingRoutes(app: FastifyInstance, deps: BookingRoutesDeps): Promise<void> {
  const { bookings, requestUser, now } = deps;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['booking'];
  // The merchant's floor, read once per request: the draft limit, the write and the answer share it.
  const floors = new WeakMap<FastifyRequest, Promise<MerchantWithFloor>>();
  const floorOf = (request: FastifyRequest, slug: string): Promise<MerchantWithFloor> => {
    let floor = floors.get(request);
    if (!floor) {
      floor = bookings.loadFloor(slug);
      floors.set(request, floor);
    }
    return floor;
  };
  const drafts = draftLimits(app, deps.draftLimits ?? DEFAULT_DRAFT_LIMITS, floorOf);

  api.get('/api/server_time', { schema: { tags, summary: 'The server clock (unix seconds)', response: replies(serverTimeResponseSchema) } }, async () => ({
    success: true as const,
    time: Math.floor(now().getTime() / 1000),
  }));

  api.post(
    '/api/booking/booking_merchant/get',
    {
      schema: {
        tags,
        summary: 'A merchant, its shifts, closed days, theme and the diner\u2019s current booking',
        body: z.object({ merchant_slug: merchantSlug, lang }),
        response: replies(bookingMerchantResponseSchema, ...MERCHANT_ERRORS),
      },
    },
    async (request) => {
      // A diner whose session ran out still sees the page (a stored bearer outlives its session).
      const user = await requestUser.ifSignedIn(request);
      const floor = await bookings.bookableFloor(request.body.merchant_slug);
      const { merchant } = floor;
      return {
        success: true as const,
        merchant: merchantView(merchant, now(), textLangOf(request, request.body.lang)),
        shifts: shiftsView(merchant.shifts),
        closes: upcomingClosedDays(merchant, now()),
        opens: upcomingOpenDays(merchant, now()),
        zoneCount: floor.zones.length,
        theme: themeView(merchant),
        currentBookingToken: await bookings.currentBookingToken(merchant.id, user),
      };
    },
  );

  api.post(
    '/api/booking/booking_zones/get',
    {
      schema: {
        tags,
        summary: 'The zones a diner may choose on a date',
        body: z.object({ merchant_slug: merchantSlug, date: localDate }),
        response: replies(bookingZonesResponseSchema, ...MERCHANT_ERRORS),
      },
    },
    async (request) => {
      const zones = await bookings.bookingZones(request.body.merchant_slug);
      const bookingZones: ZoneView[] = zones.map((zone) => ({
        id: zone.id,
        name: zone.name,
        image: zone.imagePath ? { path: zone.imagePath } : null,
      }));
      return { success: true as const, bookingZones };
    },
  );

  api.post(
    '/api/booking/booking_slots/get',
    {
      schema: {
        tags,
        summary:
          'The bookable times of a day for a party in a zone: a time is available when a free online table or combination seats the party for its turn time (durationByPartySize), within pacing, closings and the lead time',
        body: z.object({ merchant_slug: merchantSlug, date: localDate, bookingZoneId: zoneId, needed_seats: seats }),
        response: replies(bookingSlotsResponseSchema, ...MERCHANT_ERRORS, 'booking_zone_not_exist', 'error_min_seats', 'error_max_seats'),
      },
    },
    async (request) => {
      const { merchant_slug, date, bookingZoneId, needed_seats } = request.body;
      return { success: true as const, slots: await bookings.slots(merchant_slug, date, bookingZoneId, needed_seats) };
    },
  );

  api.post(
    '/api/booking/create',
    {
      schema: {
        tags,
        summary: 'Create a draft that holds the best free online table or combination for the party, or change the booking a token names',
        description:
          'A new draft (no token) counts against limits per client address, per device (the X-Couvert-Device header the site sends, ' +
          'else the address) and per merchant-evening; past one the answer is 429 rate_limited with Retry-After.',
        body: z.object({
          token: z
            .string()
            .trim()
            .max(64)
            .regex(/^[A-Za-z0-9_-]*$/, 'not a booking token')
            .nullable()
            .optional()
            .describe('The token of the booking to change; absent, empty or null for a new draft'),
          merchant_slug: merchantSlug,
          datetime: dateTime,
          booking_zone_id: zoneId,
          client_count: seats,
          lang,
        }),
        response: replies(createBookingResponseSchema, ...BOOKING_ERRORS, 'no_seats_available', 'error_min_seats', 'merchant_closed'),
      },
    },
    async (request, reply) => {
      const body = request.body;
      // Only a new draft claims one more table: a change moves the one its token holds.
      const wait = body.token ? undefined : await drafts.check(request);
      if (wait) return sendRateLimited(reply, wait);
      const user = await requestUser.optional(request);
      const floor = await floorOf(request, body.merchant_slug);
      const booking = await bookings.createOrChange({
        slug: body.merchant_slug,
        floor,
        token: body.token || undefined,
        at: body.datetime,
        zoneId: body.booking_zone_id,
        clientCount: body.client_count,
        user,
        lang: langOf(request, body.lang),
      });
      return { success: true as const, token: booking.token, booking: await bookings.view(booking, floor, langOf(request, body.lang), user) };
    },
  );

  api.post(
    '/api/booking/get',
    { schema: { tags, summary: 'A booking with its merchant and theme', body: bookingRef, response: replies(getBookingResponseSchema, ...BOOKING_ERRORS) } },
    async (request) => {
      // Whoever holds the token reads the booking (an expired bearer reads like none); only its owner's bearer
      // gets canManage and the diner's contact details (docs/security.md).
      const reader = await requestUser.ifSignedIn(request);
      const { floor, booking } = await bookings.get(request.body.merchant_slug, request.body.token);
      return {
        success: true as const,
        theme: themeView(floor.merchant),
        merchant: merchantView(floor.merchant, now(), textLangOf(request, request.body.lang)),
        booking: await bookings.view(booking, floor, langOf(request, request.body.lang), reader),
      };
    },
  );

  api.post(
    '/api/booking/validate',
    {
      schema: {
        tags,
        summary: 'Make a draft firm (needs a signed-in diner with a phone)',
        body: bookingRef,
        response: replies(bookingResponseSchema, ...BOOKING_ERRORS, 'no_seats_available'),
      },
    },
    async (request) => {
      const user = await requestUser.required(request);
      const floor = await floorOf(request, request.body.merchant_slug);
      const booking = await bookings.validate(floor, request.body.token, user);
      return { success: true as const, booking: await bookings.view(booking, floor, langOf(request, request.body.lang), user) };
    },
  );

  api.post(
    '/api/booking/cancel',
    {
      schema: {
        tags,
        summary: 'The diner cancels (status 40, reason client_cancel)',
        body: bookingRef,
        response: replies(bookingResponseSchema, ...BOOKING_ERRORS),
      },
    },
    async (request) => {
      const user = await requestUser.optional(request);
      const booking = await bookings.cancelByClient(request.body.merchant_slug, request.body.token, user);
      return { success: true as const, booking: await bookings.view(booking, undefined, langOf(request, request.body.lang), user) };
    },
  );

  api.post(
    '/api/booking/set_comment',
    {
      schema: {
        tags,
        summary: 'Set the diner\u2019s comment',
        body: bookingRef.extend({ comment: freeText(1000) }),
        response: replies(bookingResponseSchema, ...BOOKING_ERRORS),
      },
    },
    async (request) => {
      const user = await requestUser.optional(request);
      const { merchant_slug, token, comment } = request.body;
      const booking = await bookings.setComment(merchant_slug, token, comment, user);
      return { success: true as const, booking: await bookings.view(booking, undefined, langOf(request, request.body.lang), user) };
    },
  );

  api.post(
    '/api/booking/update_user',
    { schema: { tags, summary: 'Tie a booking to the signed-in diner', body: bookingRef, response: replies(updateUserResponseSchema, ...BOOKING_ERRORS) } },
    async (request) => {
      const user = await requestUser.required(request);
      const booking = await bookings.attachUser(request.body.merchant_slug, request.body.token, user);
      const floor = await bookings.loadFloor(request.body.merchant_slug);
      return {
        success: true as const,
        booking: await bookings.view(booking, floor, langOf(request, request.body.lang), user),
        shifts: shiftsView(floor.merchant.shifts),
        theme: themeView(floor.merchant),
        merchant: merchantView(floor.merchant, now(), textLangOf(request, request.body.lang)),
        currentBookingToken: await bookings.currentBookingToken(floor.merchant.id, user),
      };
    },
  );

  api.post(
    '/api/booking/closed_booking_calendar',
    {
      schema: {
        tags,
        summary: 'The merchant\u2019s coming closed days',
        body: z.object({ merchant_slug: merchantSlug }),
        response: replies(closedCalendarResponseSchema, ...MERCHANT_ERRORS),
      },
    },
    async (request) => {
      const floor = await bookings.loadFloor(request.body.merchant_slug);
      return { success: true as const, closed_days: upcomingClosedDays(floor.merchant, now()) };
    },
  );

  api.get(
    '/api/booking/export_ical/:merchant/:token',
    {
      schema: {
        tags,
        summary: 'The booking as an RFC 5545 calendar: JSON { ics }, or the event.ics file with ?download=1',
        params: z.object({ merchant: merchantSlug, token: bookingToken }),
        querystring: z.object({ download: z.enum(['0', '1']).optional(), lang }),
        response: replies(icsResponseSchema, ...BOOKING_ERRORS),
      },
    },
    async (request, reply) => {
      const ics = await bookings.calendar(request.params.merchant, request.params.token, langOf(request, request.query.lang));
      if (request.query.download === '1') {
        return reply.header('content-type', 'text/calendar; charset=utf-8').header('content-disposition', 'attachment; filename="event.ics"').send(ics);
      }
      return { success: true as const, ics };
    },
  );
}
