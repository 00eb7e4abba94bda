/** The provider's and restaurant's calls, behind `Authorization: Bearer $ADMIN_TOKEN` (off without a token). */
import { bookingResponseSchema } from '../../shared/api/booking-schema.ts';
import { success } from '../../shared/api/common-schema.ts';
import type { ErrorCode } from '../../shared/error-codes.ts';
import { replies } from './responses.ts';
import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DomainError } from '../domain/errors.ts';
import { pickLang } from '../../shared/langs.ts';
import type { Database } from '../db/database.ts';
import { findMerchantBySlug } from '../db/merchant-store.ts';
import type { BookingService } from '../services/booking-service.ts';
import { importMerchant } from '../services/merchant-import.ts';
import { exportMerchant } from '../services/merchant-export.ts';
import { bookingToken, merchantSlug } from './schemas.ts';
import { isLocalAdmin } from '../local-admin.ts';
import { findJob, listJobs, retryJob, type JobRow } from '../db/job-store.ts';

/** What the admin routes need. */
export interface AdminRoutesDeps {
  db: Database;
  adminToken?: string;
  mediaDir: string;
  bookings: BookingService;
  /** Told when a merchant was created or changed (the site rebuilds). */
  onMerchantChange: (slug: string) => void;
  now: () => Date;
  /** Told when a job was made due by hand (the worker looks at once). */
  onJobRetried?: () => void;
  /** Ends the live sockets of revoked staff sessions and removed staff rows (Realtime.revokeStaff). */
  revokeStaff?: (revocation: { sessionIds: string[]; staffIds: string[] }) => Promise<void>;
}

/** A job as `npm run jobs -- list` shows it. */
function jobView(job: JobRow) {
  return {
    id: job.id,
    kind: job.kind,
    state: job.state,
    runAt: job.runAt.toISOString(),
    attempts: job.attempts,
    maxAttempts: job.maxAttempts,
    lastError: job.lastError,
    payload: job.payload,
  };
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** What every admin call may fail with: no admin token, or the admin API off (404). */
const ADMIN_ERRORS: ErrorCode[] = ['unauthenticated', 'not_found'];

/** Registers the admin API: open on the local socket, behind ADMIN_TOKEN over the network, off without it. */
export async function adminRoutes(app: FastifyInstance, deps: AdminRoutesDeps): Promise<void> {
  const { adminToken } = deps;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['admin'];
  const security = [{ adminToken: [] }];

  api.addHook('onRequest', async (request: FastifyRequest) => {
    if (!request.url.startsWith('/api/admin/') || isLocalAdmin(request.raw)) return;
    // Without ADMIN_TOKEN the admin API is off over the network.
    if (!adminToken) throw new DomainError('not_found', undefined, 'The admin API is off (no ADMIN_TOKEN)');
    const given = request.headers.authorization?.match(/^Bearer\s+(.+)$/i)?.[1] ?? '';
    if (!sameSecret(given, adminToken)) throw new DomainError('unauthenticated', undefined, 'Admin token required');
  });

  api.put(
    '/api/admin/merchants/:slug',
    {
      schema: {
        tags,
        security,
        summary: 'Create or update a merchant from its definition (shared/contract); bookings are untouched',
        params: z.object({ slug: merchantSlug }),
        querystring: z.object({ baseDir: z.string().max(4096).optional() }),
        body: z.record(z.string(), z.unknown()),
        response: {
          ...replies(success({ created: z.boolean(), slug: z.string() }), ...ADMIN_ERRORS, 'invalid_merchant_definition'),
          201: success({ created: z.boolean(), slug: z.string() }),
        },
      },
    },
    async (request, reply) => {
      const body = { ...request.body, slug: request.body.slug ?? request.params.slug };
      if (body.slug !== request.params.slug) {
        throw new DomainError('invalid_merchant_definition', { issues: [{ path: 'slug', message: 'differs from the URL' }] }, 'slug: differs from the URL');
      }
      // Relative image paths resolve against the CLI's folder, which only a local caller may name.
      const baseDir = isLocalAdmin(request.raw) ? request.query.baseDir : undefined;
      const { merchant, created, revocation } = await importMerchant(deps.db, body, { mediaDir: deps.mediaDir, baseDir, now: deps.now() });
      // A staff member removed or given a new password is signed out of their open book at once.
      await deps.revokeStaff?.(revocation);
      deps.onMerchantChange(merchant.slug);
      return reply.code(created ? 201 : 200).send({ success: true as const, created, slug: merchant.slug });
    },
  );

  api.get(
    '/api/admin/merchants/:slug',
    {
      schema: {
        tags,
        security,
        summary: 'A merchant\u2019s definition as stored (staff without passwords)',
        params: z.object({ slug: merchantSlug }),
        response: replies(success({ merchant: z.record(z.string(), z.unknown()) }), ...ADMIN_ERRORS, 'merchant_not_found'),
      },
    },
    async (request) => {
      const merchant = await findMerchantBySlug(deps.db, request.params.slug);
      if (!merchant) throw new DomainError('merchant_not_found');
      return { success: true as const, merchant: await exportMerchant(deps.db, merchant) };
    },
  );

  api.get(
    '/api/admin/jobs',
    {
      schema: {
        tags,
        security,
        summary: 'The scheduler\u2019s jobs not done (pending, running, failed), or those of one state; the latest first',
        querystring: z.object({
          state: z.enum(['pending', 'running', 'done', 'failed']).optional(),
          limit: z.coerce.number().int().min(1).max(1000).optional(),
        }),
        response: replies(success({ jobs: z.array(z.record(z.string(), z.unknown())) }), ...ADMIN_ERRORS),
      },
    },
    async (request) => ({ success: true as const, jobs: (await listJobs(deps.db, request.query)).map(jobView) }),
  );

  api.post(
    '/api/admin/jobs/:id/retry',
    {
      schema: {
        tags,
        security,
        summary: 'Makes a failed (or pending) job due now, its attempts counted afresh',
        params: z.object({ id: z.uuid() }),
        response: replies(success({ job: z.record(z.string(), z.unknown()) }), ...ADMIN_ERRORS, 'invalid_transition'),
      },
    },
    async (request) => {
      const job = await retryJob(deps.db, request.params.id, deps.now());
      if (!job) {
        const existing = await findJob(deps.db, request.params.id);
        if (!existing) throw new DomainError('not_found', undefined, `No job ${request.params.id}`);
        throw new DomainError(
          'invalid_transition',
          { state: existing.state },
          `Job ${existing.id} is ${existing.state}: only a failed or pending job is retried`,
        );
      }
      deps.onJobRetried?.();
      return { success: true as const, job: jobView(job) };
    },
  );

  api.post(
    '/api/admin/bookings/:token/:action',
    {
      schema: {
        tags,
        security,
        summary: 'A restaurant action: confirm (10\u219220), refuse (10\u219225), cancel (10/20\u219225), finish (20\u219230)',
        params: z.object({ token: bookingToken, action: z.enum(['confirm', 'refuse', 'cancel', 'finish']) }),
        body: z
          .object({
            reason: z.enum(['restaurant_full', 'restaurant_closed', 'restaurant_cancelled']).optional(),
            message: z.string().trim().max(500).optional(),
          })
          .optional(),
        response: replies(bookingResponseSchema, ...ADMIN_ERRORS, 'booking_not_found', 'invalid_transition'),
      },
    },
    async (request) => {
      const { token, action } = request.params;
      const reason = request.body?.reason ?? 'restaurant_cancelled';
      const booking = await deps.bookings.restaurantAction(token, action, { reason, message: request.body?.message || undefined });
      return {
        success: true as const,
        booking: await deps.bookings.view(booking, undefined, pickLang(undefined, request.headers['accept-language']), 'provider'),
      };
    },
  );
}
