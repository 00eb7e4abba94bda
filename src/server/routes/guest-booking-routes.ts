/** An account's earlier guest bookings: what its email and phone hold, a code to prove one, and attaching them. */
import { guestBookingsAttachedSchema, guestBookingsCodeSentSchema, guestBookingsOfferSchema } from '../../shared/api/guest-bookings-schema.ts';
import { replies } from './responses.ts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendRateLimited } from '../auth/rate-limit.ts';
import { attachWithCode, guestBookingsOffer, sendAttachCode, type GuestBookingsDeps } from '../services/guest-bookings.ts';
import { pickLang } from '../../shared/langs.ts';
import { contactCodeKeys, type AccountContext } from './account-context.ts';
import { lang } from './schemas.ts';

const channel = z.enum(['email', 'phone']).meta({ description: 'Where the code goes: the account\u2019s email or its phone' });

/** Registers user/guest_bookings, its code and attach calls. */
export async function guestBookingRoutes(app: FastifyInstance, ctx: AccountContext): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['account'];
  const deps = (warn: GuestBookingsDeps['warn']): GuestBookingsDeps => ({
    db: ctx.db,
    now: ctx.now,
    mailer: ctx.mailer,
    sms: ctx.sms,
    providerName: ctx.providerName,
    warn,
    announce: ctx.announceBookings,
  });

  api.post(
    '/api/front/user/guest_bookings',
    {
      schema: {
        tags,
        summary: 'Bookings made as a guest under the account\u2019s email or phone that no account holds, by channel',
        description: 'Account bearer only (403 booking_forbidden for a guest\u2019s). A channel is null when nothing is under it.',
        body: z.object({ lang }).optional(),
        response: replies(guestBookingsOfferSchema, 'unauthenticated', 'booking_forbidden'),
      },
    },
    async (request) => {
      const user = await ctx.requestUser.required(request);
      return { success: true as const, ...(await guestBookingsOffer(ctx.db, user)) };
    },
  );

  api.post(
    '/api/front/user/guest_bookings/code',
    {
      schema: {
        tags,
        summary: 'Send a 6-digit code to the account\u2019s email or phone, to prove it before attaching the guest bookings under it',
        description:
          'The code lasts 10 minutes and 5 tries; a new one voids the last. 404 booking_not_found when no guest booking is under that ' +
          'contact; at most 3 codes per contact an hour (429 rate_limited).',
        body: z.object({ channel, lang }),
        response: replies(guestBookingsCodeSentSchema, 'unauthenticated', 'booking_forbidden', 'booking_not_found', 'rate_limited'),
      },
    },
    async (request, reply) => {
      const user = await ctx.requestUser.required(request);
      const outcome = await sendAttachCode(
        deps((line, error) => request.log.warn(error ? { err: error } : {}, line)),
        user,
        request.body.channel,
        pickLang(request.body.lang, request.headers['accept-language']),
        async (contact) => {
          contactCodeKeys.set(request, contact);
          return (await ctx.rateLimits.contactCodesPerContact.hit(request)) ?? 0;
        },
      );
      if ('retryAfterSeconds' in outcome) return sendRateLimited(reply, outcome.retryAfterSeconds);
      return { success: true as const, sent_to: outcome.sent_to };
    },
  );

  api.post(
    '/api/front/user/guest_bookings/attach',
    {
      schema: {
        tags,
        summary: 'Attach to the account the guest bookings under the contact the code was sent to',
        description:
          'One transaction under row locks; the code works only for the account, channel and contact it was sent for ' +
          '(else 403 identity_proof_invalid). The bookings then list in user/bookings and the account manages them.',
        body: z.object({ channel, code: z.string().trim().max(32), lang }),
        response: replies(guestBookingsAttachedSchema, 'unauthenticated', 'booking_forbidden', 'identity_proof_invalid', 'rate_limited'),
      },
    },
    async (request) => {
      const user = await ctx.requestUser.required(request);
      const attached = await attachWithCode(
        deps((line, error) => request.log.warn(error ? { err: error } : {}, line)),
        user,
        request.body.channel,
        request.body.code,
      );
      return { success: true as const, attached };
    },
  );
}
