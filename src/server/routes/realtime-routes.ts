/** The live channel's side calls: the browser's client settings and the private-channel auth endpoint. */
import { channelAuthResponseSchema, realtimeConfigResponseSchema } from '../../shared/api/realtime-schema.ts';
import { replies } from './responses.ts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DomainError } from '../domain/errors.ts';
import type { Realtime } from '../realtime/realtime.ts';
import { isMerchantChannel, merchantChannel } from '../realtime/merchant-events.ts';
import { staffGrantData } from '../realtime/staff-grants.ts';
import type { RequestStaff } from './request-staff.ts';
import type { RequestUser } from './request-user.ts';

/** Registers GET /api/realtime/config and POST /broadcasting/auth. */
export async function realtimeRoutes(app: FastifyInstance, deps: { realtime: Realtime; requestUser: RequestUser; requestStaff?: RequestStaff }): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['realtime'];

  api.get(
    '/api/realtime/config',
    { schema: { tags, summary: 'Options for `new Pusher(key, options)` in the browser', response: replies(realtimeConfigResponseSchema) } },
    async () => ({
      success: true as const,
      ...deps.realtime.clientConfig(),
    }),
  );

  api.post(
    '/broadcasting/auth',
    {
      schema: {
        tags,
        summary: 'Signs a private channel subscription: private-user.{id} for that diner, private-merchant.{id} for that merchant\u2019s staff',
        body: z.object({
          socket_id: z.string().regex(/^\d{1,20}\.\d{1,20}$/, 'not a socket id'),
          channel_name: z.string().max(164),
        }),
        consumes: ['application/x-www-form-urlencoded', 'application/json'],
        response: replies(channelAuthResponseSchema, 'unauthenticated', 'booking_forbidden'),
      },
    },
    async (request) => {
      const { socket_id, channel_name } = request.body;
      if (deps.requestStaff && isMerchantChannel(channel_name)) {
        // A merchant's channel carries its whole book: only a staff bearer of that merchant joins it.
        const staff = await deps.requestStaff.required(request);
        const merchant = staff.merchants.find((candidate) => merchantChannel(candidate.id) === channel_name);
        if (!merchant) throw new DomainError('booking_forbidden', undefined, 'Not your merchant\u2019s channel');
        // Signed for this session and staff row: a sign-out, a new password or a removal ends the socket (staff-grants.ts).
        const grant = staffGrantData({ staffId: merchant.staffId, sessionId: staff.sessionId, issuedAt: Date.now() });
        return deps.realtime.authorize(socket_id, channel_name, grant);
      }
      const user = await deps.requestUser.required(request);
      // Booking channels are public (the token is the secret); private channels belong to one diner.
      if (channel_name !== `private-user.${user.id}`) throw new DomainError('booking_forbidden', undefined, 'Not your channel');
      // A manage link's session of an account's booking reaches that booking, never the account's own channel.
      if (user.sessionBookingId && !user.anonymous) throw new DomainError('booking_forbidden', undefined, 'This session reaches one booking only');
      return deps.realtime.authorize(socket_id, channel_name);
    },
  );
}
