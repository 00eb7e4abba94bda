/** The restaurant's book: a day's bookings and a search across days, for the signed-in staff's merchant only. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { addDaysToLocalDate, localDateOf, startOfLocalDay } from '../../shared/local-time.ts';
import type { Database } from '../db/database.ts';
import { changedSince, dayBook, searchBook } from '../db/staff-book.ts';
import { coversPerTime } from '../domain/staff-covers.ts';
import { floorZones, servicesOfDay } from '../domain/staff-day.ts';
import type { BookingService } from '../services/booking-service.ts';
import { STAFF_SECURITY } from './pro-auth-routes.ts';
import type { RequestStaff } from './request-staff.ts';
import { localDate, merchantSlug } from './schemas.ts';

/** How far back a catch-up's next window reaches past the read: a write begun before it may commit after it. */
export const CATCH_UP_OVERLAP_SECONDS = 60;

/** Registers GET /api/pro/:slug/bookings, .../bookings/changes and .../bookings/search. */
export async function proBookRoutes(
  app: FastifyInstance,
  deps: { db: Database; now: () => Date; requestStaff: RequestStaff; bookings: BookingService },
): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['staff'];

  api.get(
    '/api/pro/:slug/bookings',
    {
      schema: {
        tags,
        security: STAFF_SECURITY,
        summary:
          'A day\u2019s bookings (pending, confirmed, refused, finished, cancelled; no drafts) in the merchant\u2019s time zone, by time, covers per time against pacing, the day\u2019s services, its closings and the floor',
        params: z.object({ slug: merchantSlug }),
        querystring: z.object({ day: localDate.optional().describe('Merchant-local date, YYYY-MM-DD (default: today there)') }),
      },
    },
    async (request) => {
      const { merchant } = await deps.requestStaff.forMerchant(request, request.params.slug);
      const now = deps.now();
      const day = request.query.day ?? localDateOf(now, merchant.timezone);
      const [floor, bookings] = await Promise.all([deps.bookings.loadFloor(merchant.slug), dayBook(deps.db, merchant, day)]);
      const covers = coversPerTime(bookings, floor.merchant.settings.maxCoversPerSlot);
      // The day's services (what a shift closing names) and the closings touching it, for the book to draw.
      const services = servicesOfDay(floor.merchant.shifts, day);
      const from = startOfLocalDay(day, merchant.timezone).getTime();
      const to = startOfLocalDay(addDaysToLocalDate(day, 1), merchant.timezone).getTime();
      const closings = (floor.closings ?? [])
        .filter((closing) => closing.endsAt.getTime() > from && closing.startsAt.getTime() < to)
        .map((closing) => ({
          id: closing.id,
          kind: closing.kind,
          day: closing.localDate,
          shift_id: closing.shiftId,
          starts_at: closing.startsAt.toISOString(),
          ends_at: closing.endsAt.toISOString(),
        }));
      return {
        success: true,
        day,
        timezone: merchant.timezone,
        server_time: now.toISOString(),
        bookings,
        covers,
        services,
        closings,
        zones: floorZones(floor),
      };
    },
  );

  api.get(
    '/api/pro/:slug/bookings/changes',
    {
      schema: {
        tags,
        security: STAFF_SECURITY,
        summary: 'Catch-up after a reconnect: the bookings (any day, no drafts) written since an instant, oldest change first',
        description:
          'Call it with the `next_since` of the previous answer (first: the `server_time` of the day view read). The window ' +
          `overlaps the last ${CATCH_UP_OVERLAP_SECONDS} s so a write committing during the read is never missed: a booking may come ` +
          'twice, and the one with the higher `revision` wins. Past 500 changes `truncated` is true: read the day again.',
        params: z.object({ slug: merchantSlug }),
        querystring: z.object({ since: z.iso.datetime({ offset: true }).describe('An instant, ISO 8601 with offset') }),
      },
    },
    async (request) => {
      const { merchant } = await deps.requestStaff.forMerchant(request, request.params.slug);
      const now = deps.now();
      const changes = await changedSince(deps.db, merchant, new Date(request.query.since));
      return {
        success: true,
        server_time: now.toISOString(),
        next_since: new Date(now.getTime() - CATCH_UP_OVERLAP_SECONDS * 1000).toISOString(),
        ...changes,
      };
    },
  );

  api.get(
    '/api/pro/:slug/bookings/search',
    {
      schema: {
        tags,
        security: STAFF_SECURITY,
        summary: 'Bookings whose diner\u2019s name, reference or phone holds `q`, across days, latest first (at most 50)',
        params: z.object({ slug: merchantSlug }),
        querystring: z.object({ q: z.string().trim().min(2).max(100) }),
      },
    },
    async (request) => {
      const { merchant } = await deps.requestStaff.forMerchant(request, request.params.slug);
      return { success: true, bookings: await searchBook(deps.db, merchant, request.query.q) };
    },
  );
}
