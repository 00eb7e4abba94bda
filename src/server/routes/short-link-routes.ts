/**
 * The short tracking address text messages carry (`/b/{token}`, docs/messages.md): a redirect to the booking's
 * tracking page. A manage key in its fragment follows the redirect (browsers keep the fragment), unseen by us.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../db/database.ts';
import { slugOfBookingToken } from '../db/short-links.ts';

/** Registers GET /b/:token. */
export async function shortLinkRoutes(app: FastifyInstance, deps: { db: Database }): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    '/b/:token',
    // A page for people, not an API call: out of the OpenAPI description. A malformed token is as unknown as a wrong one.
    { schema: { hide: true, params: z.object({ token: z.string() }) } },
    async (request, reply) => {
      const { token } = request.params;
      const slug = /^[A-Za-z0-9_-]{16,64}$/.test(token) ? await slugOfBookingToken(deps.db, token) : undefined;
      if (slug === undefined) return reply.callNotFound();
      // The address is the booking's: no cache along the way should keep its answer.
      reply.header('cache-control', 'no-store');
      return reply.redirect(`/${slug}/booking_complete/${token}`, 302);
    },
  );
}
