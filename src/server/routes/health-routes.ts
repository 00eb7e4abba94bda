/** Health checks for load balancers and orchestrators: alive (no I/O) and ready (the database answers). */
import { errorEnvelopeSchema, okResponseSchema } from '../../shared/api/common-schema.ts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { pingDatabase, type Database } from '../db/database.ts';

const PING_TIMEOUT_MS = 2_000;

/** Registers GET /api/health/live and GET /api/health/ready. */
export async function healthRoutes(app: FastifyInstance, deps: { db: Database }): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['health'];

  api.get('/api/health/live', { schema: { tags, summary: 'The process answers (touches nothing else)', response: { 200: okResponseSchema } } }, async () => ({
    success: true as const,
  }));

  api.get(
    '/api/health/ready',
    {
      schema: {
        tags,
        summary: 'The process answers and its database too (503 otherwise)',
        response: { 200: okResponseSchema, 503: errorEnvelopeSchema.describe('The database does not answer') },
      },
    },
    async (request, reply) => {
      let timer: NodeJS.Timeout | undefined;
      try {
        // A hung database must fail the check, not hang the balancer's probe.
        await Promise.race([
          pingDatabase(deps.db),
          new Promise((_, reject) => {
            timer = setTimeout(() => reject(new Error(`no answer within ${PING_TIMEOUT_MS} ms`)), PING_TIMEOUT_MS);
          }),
        ]);
        return { success: true as const };
      } catch (error) {
        request.log.warn({ err: error }, 'readiness: database unreachable');
        return reply.code(503).send({ success: false, error_code: 'internal_error', message: 'The database does not answer.' });
      } finally {
        clearTimeout(timer);
      }
    },
  );
}
