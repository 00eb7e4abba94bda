/** The diner's booking calls of spec section 7 (paths and field names exactly as there). */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pickLang, type Lang } from '../../shared/langs.ts';
import { merchantView, shiftsView, themeView, upcomingClosedDays, type ZoneView } from '../domain/merchant-view.ts';
import type { Database } from '../db/database.ts';
import type { BookingService } from '../services/booking-service.ts';
import { sendRateLimited } from '../auth/rate-limit.ts';
import { DEFAULT_DRAFT_LIMITS, draftLimits, type DraftLimits } from './draft-limits.ts';
import type { RequestUser } from './request-user.ts';
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

const langOf = (request: FastifyRequest, explicit: unknown): Lang => pickLang(explicit, request.headers['accept-language']);

/** Registers the booking calls. */
export async function bookingRoutes(app: FastifyInstance, deps: BookingRoutesDeps): Promise<void> {
  const { bookings, requestUser, now } = deps;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['booking'];
  const drafts = draftLimits(app, deps.draftLimits ?? DEFAULT_DRAFT_LIMITS, (slug) => bookings.loadFloor(slug));

  api.get('/api/server_time', { schema: { tags, summary: 'The server clock (unix seconds)' } }, async () => ({
    success: true,
    time: Math.floor(now().getTime() / 1000),
  }));

  api.post(
    '/api/booking/booking_merchant/get',
    {
      schema: {
        tags,
        summary: 'A merchant, its shifts, closed days, theme and the diner\u2019s current booking',
        body: z.object({ merchant_slug: merchantSlug }),
      },
    },
    async (request) => {
      // A diner whose session ran out still sees the page (a stored bearer outlives its session).
      const user = await requestUser.ifSignedIn(request);
      const floor = await bookings.bookableFloor(request.body.merchant_slug);
      const { merchant } = floor;
      return {
        success: true,
        merchant: merchantView(merchant, now()),
        shifts: shiftsView(merchant.shifts),
        closes: upcomingClosedDays(merchant, now()),
        zoneCount: floor.zones.length,
        theme: themeView(merchant),
        currentBookingToken: await bookings.currentBookingToken(merchant.id, user),
      };
    },
  );

  api.post(
    '/api/booking/booking_zones/get',
    { schema: { tags, summary: 'The zones a diner may choose on a date', body: z.object({ merchant_slug: merchantSlug, date: localDate }) } },
    async (request) => {
      const zones = await bookings.bookingZones(request.body.merchant_slug);
      const bookingZones: ZoneView[] = zones.map((zone) => ({
        id: zone.id,
        name: zone.name,
        image: zone.imagePath ? { path: zone.imagePath } : null,
      }));
      return { success: true, bookingZones };
    },
  );

  api.post(
    '/api/booking/booking_slots/get',
    {
      schema: {
        tags,
        summary: 'The bookable times of a day for a party in a zone',
        body: z.object({ merchant_slug: merchantSlug, date: localDate, bookingZoneId: zoneId, needed_seats: seats }),
      },
    },
    async (request) => {
      const { merchant_slug, date, bookingZoneId, needed_seats } = request.body;
      return { success: true, slots: await bookings.slots(merchant_slug, date, bookingZoneId, needed_seats) };
    },
  );

  api.post(
    '/api/booking/create',
    {
      schema: {
        tags,
        summary: 'Create a draft that holds a table, or change the booking a token names',
        description:
          'A new draft (no token) counts against limits per client address, per device (the X-Couvert-Device header the site sends, ' +
          'else the address) and per merchant-evening; past one the answer is 429 rate_limited with Retry-After.',
        body: z.object({
          token: bookingToken.optional().or(z.literal('')).or(z.null()),
          merchant_slug: merchantSlug,
          datetime: dateTime,
          booking_zone_id: zoneId,
          client_count: seats,
          lang,
        }),
      },
    },
    async (request, reply) => {
      const body = request.body;
      // Only a new draft claims one more table: a change moves the one its token holds.
      const wait = body.token ? undefined : await drafts.check(request);
      if (wait) return sendRateLimited(reply, wait);
      const user = await requestUser.optional(request);
      const booking = await bookings.createOrChange({
        slug: body.merchant_slug,
        token: body.token || undefined,
        at: body.datetime,
        zoneId: body.booking_zone_id,
        clientCount: body.client_count,
        user,
        lang: langOf(request, body.lang),
      });
      return { success: true, token: booking.token, booking: await bookings.view(booking, undefined, langOf(request, body.lang), user) };
    },
  );

  api.post('/api/booking/get', { schema: { tags, summary: 'A booking with its merchant and theme', body: bookingRef } }, async (request) => {
    // Whoever holds the token reads the booking (an expired bearer reads like none); only its owner's bearer
    // gets canManage and the diner's contact details (docs/security.md).
    const reader = await requestUser.ifSignedIn(request);
    const { floor, booking } = await bookings.get(request.body.merchant_slug, request.body.token);
    return {
      success: true,
      theme: themeView(floor.merchant),
      merchant: merchantView(floor.merchant, now()),
      booking: await bookings.view(booking, floor, langOf(request, request.body.lang), reader),
    };
  });

  api.post(
    '/api/booking/validate',
    { schema: { tags, summary: 'Make a draft firm (needs a signed-in diner with a phone)', body: bookingRef } },
    async (request) => {
      const user = await requestUser.required(request);
      const booking = await bookings.validate(request.body.merchant_slug, request.body.token, user);
      return { success: true, booking: await bookings.view(booking, undefined, langOf(request, request.body.lang), user) };
    },
  );

  api.post('/api/booking/cancel', { schema: { tags, summary: 'The diner cancels (status 40, reason client_cancel)', body: bookingRef } }, async (request) => {
    const user = await requestUser.optional(request);
    const booking = await bookings.cancelByClient(request.body.merchant_slug, request.body.token, user);
    return { success: true, booking: await bookings.view(booking, undefined, langOf(request, request.body.lang), user) };
  });

  api.post(
    '/api/booking/set_comment',
    {
      schema: {
        tags,
        summary: 'Set the diner\u2019s comment',
        body: bookingRef.extend({ comment: freeText(1000) }),
      },
    },
    async (request) => {
      const user = await requestUser.optional(request);
      const { merchant_slug, token, comment } = request.body;
      const booking = await bookings.setComment(merchant_slug, token, comment, user);
      return { success: true, booking: await bookings.view(booking, undefined, langOf(request, request.body.lang), user) };
    },
  );

  api.post('/api/booking/update_user', { schema: { tags, summary: 'Tie a booking to the signed-in diner', body: bookingRef } }, async (request) => {
    const user = await requestUser.required(request);
    const booking = await bookings.attachUser(request.body.merchant_slug, request.body.token, user);
    const floor = await bookings.loadFloor(request.body.merchant_slug);
    return {
      success: true,
      booking: await bookings.view(booking, floor, langOf(request, request.body.lang), user),
      shifts: shiftsView(floor.merchant.shifts),
      theme: themeView(floor.merchant),
      merchant: merchantView(floor.merchant, now()),
      currentBookingToken: await bookings.currentBookingToken(floor.merchant.id, user),
    };
  });

  api.post(
    '/api/booking/closed_booking_calendar',
    { schema: { tags, summary: 'The merchant\u2019s coming closed days', body: z.object({ merchant_slug: merchantSlug }) } },
    async (request) => {
      const floor = await bookings.loadFloor(request.body.merchant_slug);
      return { success: true, closed_days: upcomingClosedDays(floor.merchant, now()) };
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
      },
    },
    async (request, reply) => {
      const ics = await bookings.calendar(request.params.merchant, request.params.token, langOf(request, request.query.lang));
      if (request.query.download === '1') {
        return reply.header('content-type', 'text/calendar; charset=utf-8').header('content-disposition', 'attachment; filename="event.ics"').send(ics);
      }
      return { success: true, ics };
    },
  );
}
