/** api/front/user/booking_session: the manage key of the link sent to the diner, exchanged for the owner's session of that booking. */
import { accessTokenResponseSchema } from '../../shared/api/account-schema.ts';
import { replies } from './responses.ts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createBookingSession, manageKeyMatches } from '../auth/booking-session.ts';
import { sendRateLimited } from '../auth/rate-limit.ts';
import { findBookingByTokenOnly } from '../db/booking-store.ts';
import { DomainError } from '../domain/errors.ts';
import type { AccountContext } from './account-context.ts';
import { bookingToken, lang } from './schemas.ts';

/** Registers booking_session. */
export async function bookingSessionRoutes(app: FastifyInstance, ctx: AccountContext): Promise<void> {
  const { db, now } = ctx;
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/front/user/booking_session',
    {
      schema: {
        tags: ['account'],
        summary: 'Exchange a booking\u2019s manage key (the #manage= fragment of the link sent to the diner) for its owner\u2019s session of that booking',
        description:
          'Answers { success, access_token, token_type, expires_in }: a bearer of the booking\u2019s owner that reaches only that booking. ' +
          'Unknown token: 404 booking_not_found; wrong key: 403 manage_key_invalid; a draft without owner: 403 booking_forbidden; ' +
          'counted per client address like sign-in attempts (429 rate_limited).',
        body: z.object({ bookingToken, manageKey: z.string().max(256), lang }),
        response: replies(accessTokenResponseSchema, 'booking_not_found', 'manage_key_invalid', 'booking_forbidden', 'rate_limited'),
      },
    },
    async (request, reply) => {
      // Counted before anything is read: each call is a guess at a key.
      const wait = await ctx.rateLimits.manageKeyPerAddress.hit(request);
      if (wait) return sendRateLimited(reply, wait);
      const booking = await findBookingByTokenOnly(db, request.body.bookingToken);
      if (!booking) throw new DomainError('booking_not_found');
      // The key first: a wrong key learns nothing else about the booking.
      if (!manageKeyMatches(booking.manageKey, request.body.manageKey)) throw new DomainError('manage_key_invalid');
      if (!booking.userId) throw new DomainError('booking_forbidden', undefined, 'This booking has no diner yet');
      return createBookingSession(db, booking.userId, booking, { now: now(), accessTtlSeconds: ctx.lifetimes.accessTtlSeconds });
    },
  );
}
