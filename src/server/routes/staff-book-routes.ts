/** The restaurant's book: a day's bookings and a search across days, for the signed-in staff's merchant only. */
import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { addDaysToLocalDate, localDateOf } from '../../shared/local-time.ts';
import type { Database } from '../db/database.ts';
import { changedSince, dayCounts, searchBook } from '../db/staff-book.ts';
import type { StaffDayView } from '../services/staff-day-view.ts';
import { STAFF_SECURITY } from './staff-auth-routes.ts';
import type { RequestStaff } from './request-staff.ts';
import { localDate, merchantSlug } from './schemas.ts';

/** A month of the calendar, YYYY-MM. */
const calendarMonth = z
  .string()
  .regex(/^(19[7-9]\d|20\d\d)-(0[1-9]|1[0-2])$/, 'expected a month YYYY-MM from 1970 to 2099')
  .describe('Merchant-local month, YYYY-MM');

/** The calendar's answer: the month asked for and its days with bookings, in date order. */
const calendarAnswer = z.object({
  success: z.literal(true),
  month: calendarMonth,
  days: z.array(
    z.object({
      day: localDate,
      count: z.number().int().min(1).describe('Bookings that day: pending, confirmed or finished'),
      pending: z.number().int().min(0).describe('Of them, pending: awaiting the restaurant\u2019s answer'),
    }),
  ),
});

/** How far back a catch-up's next window reaches past the read: a write begun before it may commit after it. */
export const CATCH_UP_OVERLAP_SECONDS = 60;

/** Registers GET /api/pro/:slug/bookings, .../bookings/changes, .../bookings/search and .../bookings/calendar. */
export async function staffBookRoutes(
  app: FastifyInstance,
  deps: { db: Database; now: () => Date; requestStaff: RequestStaff; days: StaffDayView },
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
    async (request, reply) => {
      const { merchant } = await deps.requestStaff.forMerchant(request, request.params.slug);
      const now = deps.now();
      const day = request.query.day ?? localDateOf(now, merchant.timezone);
      // Bytes serialized once per state of the day (staff-day-view.ts), sent as they are.
      const parts = await deps.days.read(merchant, day, now);
      return reply
        .type('application/json; charset=utf-8')
        .header('content-length', parts[0].length + parts[1].length)
        .send(Readable.from(parts));
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
        summary:
          'Bookings whose diner\u2019s name, reference or phone holds `q`, across days: coming ones soonest first, then past ones most recent first (at most 50)',
        params: z.object({ slug: merchantSlug }),
        querystring: z.object({ q: z.string().trim().min(2).max(100) }),
      },
    },
    async (request) => {
      const { merchant } = await deps.requestStaff.forMerchant(request, request.params.slug);
      return { success: true, bookings: await searchBook(deps.db, merchant, request.query.q, deps.now()) };
    },
  );

  api.get(
    '/api/pro/:slug/bookings/calendar',
    {
      schema: {
        tags,
        security: STAFF_SECURITY,
        summary:
          'A month of the staff calendar: each merchant-local day holding bookings (pending, confirmed or finished), with how many and how many are pending',
        params: z.object({ slug: merchantSlug }),
        querystring: z.object({ month: calendarMonth }),
        response: { 200: calendarAnswer },
      },
    },
    async (request) => {
      const { merchant } = await deps.requestStaff.forMerchant(request, request.params.slug);
      const { month } = request.query;
      const from = `${month}-01`;
      // The first of the next month: 31 days on lands in it whatever the month's length, then back to its first.
      const to = `${addDaysToLocalDate(from, 31).slice(0, 7)}-01`;
      return { success: true as const, month, days: await dayCounts(deps.db, merchant.id, from, to) };
    },
  );
}
