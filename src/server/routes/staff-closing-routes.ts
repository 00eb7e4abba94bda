/** Closings by staff: close a day, a service of a day, or stop online booking for a time range; list and reopen. */
import { staffClosingRemovedResponseSchema, staffClosingResponseSchema, staffClosingsResponseSchema } from '../../shared/api/staff-schema.ts';
import { replies } from './responses.ts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ClosingRequest } from '../domain/closings.ts';
import type { ClosingService } from '../services/merchant-closings.ts';
import { STAFF_SECURITY } from './staff-auth-routes.ts';
import type { RequestStaff } from './request-staff.ts';
import { dateTime, freeText, localDate, merchantSlug } from './schemas.ts';

const note = freeText(200).optional().describe('Why, for the staff (never shown to diners)');

const closingBody = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('day'), day: localDate, note }),
  z.object({
    kind: z.literal('shift'),
    day: localDate,
    shift_id: z
      .string()
      .regex(/^[1-7]-\d{1,2}$/, 'expected a service id such as 3-1')
      .describe('The service, as booking_merchant/get names it: "{ISO weekday}-{index}", the weekday of `day`'),
    note,
  }),
  z.object({ kind: z.literal('range'), starts_at: dateTime, ends_at: dateTime, note }),
]);

/** Registers POST, GET /api/pro/:slug/closings and DELETE /api/pro/:slug/closings/:id. */
export async function staffClosingRoutes(app: FastifyInstance, deps: { closings: ClosingService; requestStaff: RequestStaff }): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['staff'];
  const params = z.object({ slug: merchantSlug });

  api.post(
    '/api/pro/:slug/closings',
    {
      schema: {
        tags,
        security: STAFF_SECURITY,
        summary: 'Closes a day, a service of a day, or online booking for a time range',
        description:
          'Diners can no longer book or validate inside it (booking_slots/get offers its times as unavailable, a closed day is ' +
          'closed in the calendar, create and validate answer 422 merchant_closed); staff may still take bookings by phone. ' +
          'Bookings already inside it are left as they are and listed in `affected`, so the screen can warn. The public ' +
          'page is rebuilt and UpdateClosings is published on the merchant\u2019s channel.',
        params,
        body: closingBody,
        response: replies(staffClosingResponseSchema, 'unauthenticated', 'forbidden', 'merchant_not_found', 'invalid_transition', 'merchant_closed'),
      },
    },
    async (request) => {
      const { session, merchant } = await deps.requestStaff.withRight(request, request.params.slug, 'closings');
      const body = request.body;
      const closing: ClosingRequest =
        body.kind === 'day'
          ? { kind: 'day', date: body.day }
          : body.kind === 'shift'
            ? { kind: 'shift', date: body.day, shiftId: body.shift_id }
            : { kind: 'range', startsAt: body.starts_at, endsAt: body.ends_at };
      const made = await deps.closings.create(merchant, closing, { note: body.note ?? '', by: session.email });
      return { success: true as const, closing: made.closing, affected: { count: made.affected.length, bookings: made.affected } };
    },
  );

  api.get(
    '/api/pro/:slug/closings',
    {
      schema: {
        tags,
        security: STAFF_SECURITY,
        summary: 'The merchant\u2019s closings touching a day, or (no day) those not yet over, by start',
        params,
        querystring: z.object({ day: localDate.optional() }),
        response: replies(staffClosingsResponseSchema, 'unauthenticated', 'booking_forbidden', 'merchant_not_found'),
      },
    },
    async (request) => {
      const { merchant } = await deps.requestStaff.forMerchant(request, request.params.slug);
      return { success: true as const, closings: await deps.closings.list(merchant, request.query.day) };
    },
  );

  api.delete(
    '/api/pro/:slug/closings/:id',
    {
      schema: {
        tags,
        security: STAFF_SECURITY,
        summary: 'Removes a closing: online booking opens again there (the public page is rebuilt)',
        params: params.extend({ id: z.uuid() }),
        response: replies(staffClosingRemovedResponseSchema, 'unauthenticated', 'forbidden', 'merchant_not_found', 'not_found'),
      },
    },
    async (request) => {
      const { merchant } = await deps.requestStaff.withRight(request, request.params.slug, 'closings');
      return { success: true as const, closing: await deps.closings.remove(merchant, request.params.id) };
    },
  );
}
