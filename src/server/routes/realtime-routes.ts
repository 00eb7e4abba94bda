/** The live channel's side calls: the browser's client settings and the private-channel auth endpoint. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DomainError } from '../domain/errors.ts';
import type { Realtime } from '../realtime/realtime.ts';
import type { RequestUser } from './request-user.ts';

/** Registers GET /api/realtime/config and POST /broadcasting/auth. */
export async function realtimeRoutes(app: FastifyInstance, deps: { realtime: Realtime; requestUser: RequestUser }): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['realtime'];

  api.get('/api/realtime/config', { schema: { tags, summary: 'Options for `new Pusher(key, options)` in the browser' } }, async () => ({
    success: true,
    ...deps.realtime.clientConfig(),
  }));

  api.post(
    '/broadcasting/auth',
    {
      schema: {
        tags,
        summary: 'Signs a private channel subscription for the signed-in diner (private-user.{id} only)',
        body: z.object({
          socket_id: z.string().regex(/^\d{1,20}\.\d{1,20}$/, 'not a socket id'),
          channel_name: z.string().max(164),
        }),
      },
    },
    async (request) => {
      const user = await deps.requestUser.required(request);
      const { socket_id, channel_name } = request.body;
      // Booking channels are public (the token is the secret); private channels belong to one diner.
      if (channel_name !== `private-user.${user.id}`) throw new DomainError('booking_forbidden', undefined, 'Not your channel');
      return deps.realtime.authorize(socket_id, channel_name);
    },
  );
}
