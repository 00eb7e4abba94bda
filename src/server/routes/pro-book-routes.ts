/** The restaurant's book: a day's bookings and a search across days, for the signed-in staff's merchant only. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { addDaysToLocalDate, isoWeekdayOf, localDateOf, startOfLocalDay } from '../../shared/local-time.ts';
import type { Database } from '../db/database.ts';
import { dayBook, searchBook } from '../db/staff-book.ts';
import { shiftsView } from '../domain/merchant-view.ts';
import { coversPerTime } from '../domain/staff-covers.ts';
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
          'A day\u2019s bookings (pending, confirmed, refused, finished, cancelled; no drafts) in the merchant\u2019s time zone, by time, covers per time against pacing, the day\u2019s services and its closings',
        params: z.object({ slug: merchantSlug }),
        querystring: z.object({ day: localDate.optional().describe('Merchant-local date, YYYY-MM-DD (default: today there)') }),
      },
    },
    async (request) => {
      const { merchant } = await deps.requestStaff.forMerchant(request, request.params.slug);
      const day = request.query.day ?? localDateOf(deps.now(), merchant.timezone);
      const [floor, bookings] = await Promise.all([deps.bookings.loadFloor(merchant.slug), dayBook(deps.db, merchant, day)]);
      const covers = coversPerTime(bookings, floor.merchant.settings.maxCoversPerSlot);
      // The day's services (what a shift closing names) and the closings touching it, for the book to draw.
      const services = shiftsView(floor.merchant.shifts).find((shift) => shift.day === isoWeekdayOf(day))?.slots ?? [];
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
      return { success: true, day, timezone: merchant.timezone, bookings, covers, services, closings };
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
