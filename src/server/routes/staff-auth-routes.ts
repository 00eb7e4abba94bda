/** Staff sign-in under /api/pro/auth: login, logout, who am I, change password. */
import { okResponseSchema } from '../../shared/api/common-schema.ts';
import { staffLoginResponseSchema, staffMeResponseSchema } from '../../shared/api/staff-schema.ts';
import { replies } from './responses.ts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DEFAULT_LIMITS, type AccountLimits } from '../auth/account-settings.ts';
import { MAX_PASSWORD_LENGTH } from '../auth/passwords.ts';
import { clientAddress, hitAll, rateLimit, sendRateLimited } from '../auth/rate-limit.ts';
import { signInDelayMs } from '../auth/sign-in-delay.ts';
import { createStaffSession, findStaffSession, revokeOtherStaffSessions, revokeStaffSession, STAFF_SESSION_TTL_SECONDS } from '../auth/sessions.ts';
import type { Database } from '../db/database.ts';
import { DomainError } from '../domain/errors.ts';
import { merchantChannel } from '../realtime/merchant-events.ts';
import { changeStaffPassword, matchingStaffRows, staffEmailOf } from '../services/staff-sign-in.ts';
import { emailKey } from './account-context.ts';
import type { RequestStaff } from './request-staff.ts';

/** What the staff sign-in routes need. */
export interface StaffAuthRoutesDeps {
  db: Database;
  now: () => Date;
  requestStaff: RequestStaff;
  /** The diners' sign-in limits, which staff sign-in follows (defaults: DEFAULT_LIMITS). */
  limits?: Partial<AccountLimits>;
  /** Ends the live sockets of revoked staff sessions and removed staff rows (Realtime.revokeStaff). */
  revokeStaff?: (revocation: { sessionIds: string[]; staffIds: string[] }) => Promise<void>;
}

/** The OpenAPI security of the staff calls. */
export const STAFF_SECURITY = [{ staffToken: [] }];

const password = z.string().min(1).max(MAX_PASSWORD_LENGTH);

/** Registers POST /api/pro/auth/login, /logout, /password and GET /api/pro/me. */
export async function staffAuthRoutes(app: FastifyInstance, deps: StaffAuthRoutesDeps): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['staff'];
  const limits = { ...DEFAULT_LIMITS, ...deps.limits };
  const email = (request: FastifyRequest) => emailKey(staffEmailOf(String((request.body as { email?: unknown } | undefined)?.email ?? '')));
  // Named apart from the diners' counters: a staff email and a diner's are different accounts.
  const failuresPerEmail = rateLimit(
    app,
    'staff-signin-failures',
    { limit: Number.MAX_SAFE_INTEGER, windowSeconds: limits.signInPerEmail.windowSeconds },
    email,
  );
  const perEmailAndAddress = rateLimit(app, 'staff-signin-pair', limits.signInPerEmailAndAddress, (request) => `${email(request)}:${clientAddress(request)}`);
  const perAddress = rateLimit(app, 'staff-signin-ip', limits.signInPerAddress, clientAddress);

  api.post(
    '/api/pro/auth/login',
    {
      schema: {
        tags,
        summary: 'Staff sign-in with the email and password of a merchant definition; answers a staff bearer and its merchants',
        body: z.object({ email: z.string().trim().min(1).max(254), password }),
        response: replies(staffLoginResponseSchema, 'unauthenticated', 'rate_limited'),
      },
    },
    async (request, reply) => {
      // As for diners: an address, and an email from one address, are refused past their limits; an email guessed
      // from everywhere is only slowed down, so its owner can still sign in.
      const wait = await hitAll(request, [perEmailAndAddress, perAddress]);
      if (wait) return sendRateLimited(reply, wait);
      const delay = signInDelayMs(await failuresPerEmail.count(request), limits.signInPerEmail.limit);
      if (delay > 0) await new Promise((resolve) => setTimeout(resolve, delay));
      const staffEmail = staffEmailOf(request.body.email);
      const staffIds = await matchingStaffRows(deps.db, staffEmail, request.body.password);
      if (staffIds.length === 0) {
        await failuresPerEmail.hit(request);
        throw new DomainError('unauthenticated', undefined, 'Wrong email or password');
      }
      const { token } = await createStaffSession(deps.db, staffEmail, staffIds, { now: deps.now() });
      const session = await findStaffSession(deps.db, token, deps.now());
      return reply.header('cache-control', 'no-store').send({
        success: true as const,
        access_token: token,
        token_type: 'Bearer',
        expires_in: STAFF_SESSION_TTL_SECONDS,
        merchants: (session?.merchants ?? []).map(({ slug, name }) => ({ slug, name })),
      });
    },
  );

  api.post(
    '/api/pro/auth/logout',
    { schema: { tags, security: STAFF_SECURITY, summary: 'Signs this staff bearer out', response: replies(okResponseSchema, 'unauthenticated') } },
    async (request) => {
      const session = await deps.requestStaff.required(request);
      await revokeStaffSession(deps.db, session.token, deps.now());
      await deps.revokeStaff?.({ sessionIds: [session.sessionId], staffIds: [] });
      return { success: true as const };
    },
  );

  api.get(
    '/api/pro/me',
    {
      schema: {
        tags,
        security: STAFF_SECURITY,
        summary: 'The signed-in staff member and the merchants they act for, each with its live channel',
        response: replies(staffMeResponseSchema, 'unauthenticated'),
      },
    },
    async (request) => {
      const session = await deps.requestStaff.required(request);
      return {
        success: true as const,
        email: session.email,
        merchants: session.merchants.map(({ id, slug, name, timezone, role }) => ({ slug, name, timezone, channel: merchantChannel(id), role })),
      };
    },
  );

  api.post(
    '/api/pro/auth/password',
    {
      schema: {
        tags,
        security: STAFF_SECURITY,
        summary: 'Changes the signed-in staff member\u2019s password (every merchant it signed in for); signs out their other sessions',
        body: z.object({ current: password, next: password }),
        response: replies(okResponseSchema, 'unauthenticated', 'rate_limited'),
      },
    },
    async (request) => {
      const session = await deps.requestStaff.required(request);
      const wait = await perAddress.hit(request);
      if (wait) throw new DomainError('rate_limited', { retry_after: wait }, `Too many attempts: try again in ${wait} seconds.`);
      const outcome = await changeStaffPassword(
        deps.db,
        session.merchants.map((merchant) => merchant.staffId),
        request.body.current,
        request.body.next,
      );
      if (!outcome.ok) {
        const field = outcome.reason === 'wrong_current' ? 'current' : 'next';
        throw new DomainError('validation_error', { errors: { [field]: [outcome.reason] } }, `${field}: ${outcome.reason}`);
      }
      const revoked = await revokeOtherStaffSessions(deps.db, session.email, session.sessionId, deps.now());
      await deps.revokeStaff?.({ sessionIds: revoked, staffIds: [] });
      return { success: true as const };
    },
  );
}
