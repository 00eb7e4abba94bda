/** The restaurant's actions on one of its bookings, through the booking service's path (row lock, revision, UpdateBooking). */
import { staffActionResponseSchema } from '../../shared/api/staff-schema.ts';
import type { ErrorCode } from '../../shared/error-codes.ts';
import { replies } from './responses.ts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MAX_STAFF_NOTE_LENGTH } from '../domain/staff-marks.ts';
import type { BookingService } from '../services/booking-service.ts';
import { STAFF_SECURITY } from './staff-auth-routes.ts';
import type { RequestStaff } from './request-staff.ts';
import { internationalPhone, MAX_PHONE_INPUT } from '../domain/phone.ts';
import { DomainError } from '../domain/errors.ts';
import { bookingToken, dateTime, freeText, lang, merchantSlug, seats, zoneId } from './schemas.ts';

/** What an action on a booking may fail with: no staff bearer, not this merchant's, or a move its state or the floor refuse. */
const STAFF_ACTION_ERRORS: ErrorCode[] = [
  'unauthenticated',
  'booking_forbidden',
  'merchant_not_found',
  'booking_not_found',
  'invalid_transition',
  'no_seats_available',
  'booking_zone_not_exist',
];

const REFUSE_REASONS = ['restaurant_full', 'restaurant_closed', 'restaurant_cancelled'] as const;

/** Registers POST /api/pro/:slug/bookings (a booking by the restaurant) and .../:token/ confirm, refuse, cancel, arrived, finish, no_show, undo, note and move. */
export async function staffActionRoutes(app: FastifyInstance, deps: { bookings: BookingService; requestStaff: RequestStaff }): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['staff'];
  const params = z.object({ slug: merchantSlug, token: bookingToken });
  const response = replies(staffActionResponseSchema, ...STAFF_ACTION_ERRORS);
  const message = freeText(500).optional().describe('A message to the diner, shown on their booking page');

  /** The answer of an action: the booking's new state (the book reloads the rest). */
  const answer = (booking: Awaited<ReturnType<BookingService['restaurantAction']>>) => ({
    success: true as const,
    booking: {
      token: booking.token,
      ref: booking.ref,
      status: booking.status,
      revision: booking.revision,
      cancel_reason: booking.cancelReason,
      cancel_message: booking.cancelMessage,
      arrived_at: booking.arrivedAt?.toISOString() ?? null,
      no_show: booking.noShowAt !== null,
      note: booking.staffNote,
    },
  });

  api.post(
    '/api/pro/:slug/bookings/:token/confirm',
    { schema: { tags, security: STAFF_SECURITY, summary: 'Confirms a pending booking (10\u219220) before its time', params, response } },
    async (request) => {
      const { merchant } = await deps.requestStaff.forMerchant(request, request.params.slug);
      return answer(await deps.bookings.restaurantAction(request.params.token, 'confirm', undefined, merchant.id));
    },
  );

  api.post(
    '/api/pro/:slug/bookings/:token/refuse',
    {
      schema: {
        tags,
        security: STAFF_SECURITY,
        summary: 'Refuses a pending booking (10\u219225) with a reason and an optional message to the diner',
        params,
        body: z.object({ reason: z.enum(REFUSE_REASONS), message }),
        response,
      },
    },
    async (request) => {
      const { merchant } = await deps.requestStaff.forMerchant(request, request.params.slug);
      const cancel = { reason: request.body.reason, message: request.body.message || undefined };
      return answer(await deps.bookings.restaurantAction(request.params.token, 'refuse', cancel, merchant.id));
    },
  );

  api.post(
    '/api/pro/:slug/bookings/:token/cancel',
    {
      schema: {
        tags,
        security: STAFF_SECURITY,
        summary: 'Cancels a pending or confirmed booking (10/20\u219225); reason restaurant_cancelled unless given',
        params,
        body: z.object({ reason: z.enum(REFUSE_REASONS).optional(), message }).optional(),
        response,
      },
    },
    async (request) => {
      const { merchant } = await deps.requestStaff.forMerchant(request, request.params.slug);
      const cancel = { reason: request.body?.reason ?? 'restaurant_cancelled', message: request.body?.message || undefined };
      return answer(await deps.bookings.restaurantAction(request.params.token, 'cancel', cancel, merchant.id));
    },
  );

  api.post(
    '/api/pro/:slug/bookings/:token/arrived',
    {
      schema: {
        tags,
        security: STAFF_SECURITY,
        summary:
          'Marks a confirmed booking\u2019s diner as arrived (status stays 20), from an hour before its time to the end of its service (else outside_service_window)',
        params,
        response,
      },
    },
    async (request) => {
      const { merchant } = await deps.requestStaff.forMerchant(request, request.params.slug);
      return answer(await deps.bookings.restaurantMark(request.params.token, merchant, 'arrive'));
    },
  );

  api.post(
    '/api/pro/:slug/bookings/:token/finish',
    {
      schema: {
        tags,
        security: STAFF_SECURITY,
        summary: 'Finishes a booking whose diner has arrived (20\u219230): the table is free again',
        params,
        response,
      },
    },
    async (request) => {
      const { merchant } = await deps.requestStaff.forMerchant(request, request.params.slug);
      return answer(await deps.bookings.restaurantMark(request.params.token, merchant, 'finish'));
    },
  );

  api.post(
    '/api/pro/:slug/bookings/:token/undo',
    {
      schema: {
        tags,
        security: STAFF_SECURITY,
        summary:
          'Undoes an arrival, a no-show or a finish for the rest of the booking\u2019s service: back to confirmed (20; a finish back to arrived), holding its table again',
        params,
        response,
      },
    },
    async (request) => {
      const { merchant } = await deps.requestStaff.forMerchant(request, request.params.slug);
      return answer(await deps.bookings.restaurantMark(request.params.token, merchant, 'undo'));
    },
  );

  api.post(
    '/api/pro/:slug/bookings/:token/no_show',
    {
      schema: {
        tags,
        security: STAFF_SECURITY,
        summary: 'Records a no-show once the booking\u2019s time has come: finished (30) for the diner, counted in their history here',
        params,
        response,
      },
    },
    async (request) => {
      const { merchant } = await deps.requestStaff.forMerchant(request, request.params.slug);
      return answer(await deps.bookings.restaurantMark(request.params.token, merchant, 'no_show'));
    },
  );

  api.post(
    '/api/pro/:slug/bookings/:token/note',
    {
      schema: {
        tags,
        security: STAFF_SECURITY,
        summary: 'Sets staff\u2019s private note on a booking (never shown to the diner); empty clears it',
        params,
        body: z.object({ note: freeText(MAX_STAFF_NOTE_LENGTH) }),
        response,
      },
    },
    async (request) => {
      const { merchant } = await deps.requestStaff.forMerchant(request, request.params.slug);
      return answer(await deps.bookings.setStaffNote(request.params.token, merchant.id, request.body.note));
    },
  );

  api.post(
    '/api/pro/:slug/bookings/:token/move',
    {
      schema: {
        tags,
        security: STAFF_SECURITY,
        summary: 'Moves a pending or confirmed booking to another time, zone or table through the same availability; its status stays',
        params,
        body: z.object({
          datetime: dateTime,
          zone_id: zoneId.optional().describe('A zone id or all (default: the booking\u2019s zone, unless a table is named)'),
          table_id: z
            .uuid()
            .optional()
            .describe(
              'One table of the merchant\u2019s, online or not: the booking takes it, or the best free combination that includes it (default: the best free table or combination that fits)',
            ),
        }),
        response,
      },
    },
    async (request) => {
      const { merchant } = await deps.requestStaff.forMerchant(request, request.params.slug);
      const { datetime, zone_id, table_id } = request.body;
      const current = await deps.bookings.get(merchant.slug, request.params.token);
      const zone = zone_id ?? (table_id ? 'all' : current.booking.zoneId);
      return answer(await deps.bookings.restaurantMove(request.params.token, merchant.id, merchant.slug, { at: datetime, zoneId: zone, tableId: table_id }));
    },
  );

  api.post(
    '/api/pro/:slug/bookings',
    {
      schema: {
        tags,
        security: STAFF_SECURITY,
        summary:
          'A booking taken by the restaurant (phone or walk-in): a table through the same availability, confirmed at once (a walk-in seated now: arrived); the diner is told at the phone and email given',
        params: z.object({ slug: merchantSlug }),
        body: z.object({
          datetime: dateTime,
          party: seats,
          zone_id: zoneId.default('all'),
          table_id: z
            .uuid()
            .optional()
            .describe(
              'One table of the merchant\u2019s, online or not: it alone, or the best free combination that includes it (default: the best free table or combination that fits, online or not)',
            ),
          firstname: freeText(100).pipe(z.string().min(1)),
          lastname: freeText(100).default(''),
          phone: z.string().trim().max(MAX_PHONE_INPUT).optional(),
          email: z.email().max(254).optional(),
          comment: freeText(500).default('').describe('Staff\u2019s words on the booking: kept as its private note, labelled the restaurant\u2019s'),
          lang,
          walk_in: z.boolean().default(false).describe('A walk-in sitting down now (datetime within a quarter of an hour): created arrived, sent no message'),
        }),
        response,
      },
    },
    async (request) => {
      const { merchant } = await deps.requestStaff.forMerchant(request, request.params.slug);
      const body = request.body;
      const phone = body.phone ? internationalPhone(body.phone) : null;
      if (phone === undefined) throw new DomainError('validation_error', { errors: { phone: ['not a phone number'] } }, 'phone: not a phone number');
      const booking = await deps.bookings.restaurantCreate(merchant.slug, merchant.id, {
        at: body.datetime,
        zoneId: body.zone_id,
        tableId: body.table_id,
        clientCount: body.party,
        diner: { firstname: body.firstname, lastname: body.lastname, phone, email: body.email?.toLowerCase() ?? null },
        comment: body.comment,
        lang: body.lang ?? 'fr',
        seated: body.walk_in,
      });
      return answer(booking);
    },
  );
}
