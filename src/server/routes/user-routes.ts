/** The account page's calls: the signed-in account's bookings, and signing out. */
import { logoutResponseSchema } from '../../shared/api/account-schema.ts';
import { userBookingsResponseSchema } from '../../shared/api/user-bookings-schema.ts';
import { replies } from './responses.ts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bearerOf, revokeSession } from '../auth/sessions.ts';
import { listUserBookings, type UserBookingRow } from '../db/user-bookings.ts';
import { DomainError } from '../domain/errors.ts';
import { localDateOf, localTimeOf } from '../../shared/local-time.ts';
import { USER_BOOKINGS_LIMIT, type UserBooking, type UserBookingStatus, type UserBookingsResponse } from '../../shared/api/user-bookings.ts';
import type { AccountContext } from './account-context.ts';
import { lang } from './schemas.ts';

/** A listed booking as the account page reads it. */
function userBookingView(row: UserBookingRow): UserBooking {
  return {
    token: row.token,
    ref: row.ref,
    status: row.status as UserBookingStatus,
    merchant: { slug: row.merchantSlug, name: row.merchantName, timezone: row.timezone },
    bookingForTimestamp: Math.floor(row.startsAt.getTime() / 1000),
    bookingForDate: localDateOf(row.startsAt, row.timezone),
    bookingForHour: localTimeOf(row.startsAt, row.timezone),
    clientCount: row.clientCount,
    zoneName: row.showZone ? row.zoneName : null,
  };
}

/** Registers user/bookings and user/logout. */
export async function userRoutes(app: FastifyInstance, ctx: AccountContext): Promise<void> {
  const { db, now, requestUser } = ctx;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['account'];

  api.post(
    '/api/front/user/bookings',
    {
      schema: {
        tags,
        summary: 'The signed-in account\u2019s bookings: coming ones soonest first, then the others latest first (never drafts)',
        body: z
          .object({
            limit: z.number().int().min(1).max(USER_BOOKINGS_LIMIT).optional().describe(`At most this many of each group (default ${USER_BOOKINGS_LIMIT})`),
            lang,
          })
          .optional(),
        response: replies(userBookingsResponseSchema, 'unauthenticated', 'booking_forbidden'),
      },
    },
    async (request): Promise<UserBookingsResponse> => {
      const user = await requestUser.required(request);
      // A guest session reaches its one booking only: it has no list of bookings to show.
      if (user.anonymous || user.sessionBookingId) throw new DomainError('booking_forbidden', undefined, 'Only an account has a list of bookings');
      const { coming, past } = await listUserBookings(db, user.id, now(), request.body?.limit ?? USER_BOOKINGS_LIMIT);
      return { success: true as const, coming: coming.map(userBookingView), past: past.map(userBookingView) };
    },
  );

  api.post(
    '/api/front/user/logout',
    {
      schema: {
        tags,
        summary: 'Sign out: revokes the bearer, and the refresh token and bearers of the same sign-in (idempotent)',
        body: z.object({ lang }).optional(),
        response: replies(logoutResponseSchema),
      },
    },
    async (request) => {
      const token = bearerOf(request.headers.authorization);
      const revoked = token ? await revokeSession(db, token, now()) : false;
      return { success: true as const, revoked };
    },
  );
}
