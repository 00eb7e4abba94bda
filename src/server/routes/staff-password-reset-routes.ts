/** Staff's forgotten password: POST /api/pro/auth/forgot mails a single-use link to the diners' reset page. */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { clientAddress, hitAll, rateLimit, sendRateLimited } from '../auth/rate-limit.ts';
import { pickLang } from '../../shared/langs.ts';
import { staffEmailOf } from '../services/staff-sign-in.ts';
import { emailKey, type AccountContext } from './account-context.ts';
import { lang } from './schemas.ts';

/** Registers POST /api/pro/auth/forgot. */
export async function staffPasswordResetRoutes(app: FastifyInstance, ctx: AccountContext): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const email = (request: FastifyRequest) => emailKey(staffEmailOf(String((request.body as { email?: unknown } | undefined)?.email ?? '')));
  // The diners' limits, counted apart: a staff email and a diner's are different accounts.
  const perEmail = rateLimit(app, 'staff-reset-email', ctx.limits.resetPerEmail, email);
  const perAddress = rateLimit(app, 'staff-reset-ip', ctx.limits.resetPerAddress, clientAddress);

  api.post(
    '/api/pro/auth/forgot',
    {
      schema: {
        tags: ['staff'],
        summary: 'Mail a staff member a single-use reset link (one hour) if a merchant lists this email; the answer is the same either way',
        description:
          'The link opens the same page as a diner\u2019s (/auth/reset_password); the new password is set for every merchant listing ' +
          'the email, every staff session of it ends, and the page then sends the browser to /pro. Limited per email and per address (429).',
        body: z.object({ email: z.string().trim().min(1).max(254), lang }),
      },
    },
    async (request, reply) => {
      const wait = await hitAll(request, [perEmail, perAddress]);
      if (wait) return sendRateLimited(reply, wait);
      const language = pickLang(request.body.lang, request.headers['accept-language']);
      // Looked up and mailed after answering, so the answer takes as long whether the email is staff or not.
      ctx.staffReset
        .request({ email: staffEmailOf(request.body.email), lang: language })
        .catch((error: unknown) => request.log.error({ err: error }, 'staff password reset mail failed'));
      return { success: true };
    },
  );
}
