/** The restaurant's book: a day's bookings and a search across days, for the signed-in staff's merchant only. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { localDateOf } from '../../shared/local-time.ts';
import type { Database } from '../db/database.ts';
import { dayBook, searchBook } from '../db/staff-book.ts';
import { coversPerTime } from '../domain/staff-covers.ts';
import { floorZones, servicesOfDay } from '../domain/staff-day.ts';
import type { BookingService } from '../services/booking-service.ts';
import { STAFF_SECURITY } from './pro-auth-routes.ts';
import type { RequestStaff } from './request-staff.ts';
import { localDate, merchantSlug } from './schemas.ts';

/** Registers GET /api/pro/:slug/bookings and GET /api/pro/:slug/bookings/search. */
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
          'A day\u2019s bookings (pending, confirmed, refused, finished, cancelled; no drafts) in the merchant\u2019s time zone, by time, covers per time against pacing, the day\u2019s services and the floor',
        params: z.object({ slug: merchantSlug }),
        querystring: z.object({ day: localDate.optional().describe('Merchant-local date, YYYY-MM-DD (default: today there)') }),
      },
    },
    async (request) => {
      const { merchant } = await deps.requestStaff.forMerchant(request, request.params.slug);
      const day = request.query.day ?? localDateOf(deps.now(), merchant.timezone);
      const [floor, bookings] = await Promise.all([deps.bookings.loadFloor(merchant.slug), dayBook(deps.db, merchant, day)]);
      const covers = coversPerTime(bookings, floor.merchant.settings.maxCoversPerSlot);
      return {
        success: true,
        day,
        timezone: merchant.timezone,
        bookings,
        covers,
        services: servicesOfDay(floor.merchant.shifts, day),
        zones: floorZones(floor),
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
