/** Forgot password (POST /api/user/forgot_password) and the reset page (GET and POST /auth/reset_password), for diners' and staff's links. */
import { errorEnvelopeSchema, okResponseSchema } from '../../shared/api/common-schema.ts';
import { replies } from './responses.ts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { normalEmail } from '../auth/email-address.ts';
import { fieldErrors, fieldMessage } from '../auth/field-messages.ts';
import { passwordProblem } from '../auth/passwords.ts';
import { hitAll, sendRateLimited } from '../auth/rate-limit.ts';
import { sameSiteUrl } from '../auth/return-url.ts';
import { isLang, pickLang, type Lang } from '../../shared/langs.ts';
import { renderResetPasswordPage, type ResetPageInput } from '../pages/reset-password-page.ts';
import type { AccountContext } from './account-context.ts';
import { lang } from './schemas.ts';

/** Registers forgot_password and the reset page. */
export async function passwordResetRoutes(app: FastifyInstance, ctx: AccountContext): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/api/user/forgot_password',
    {
      schema: {
        tags: ['account'],
        summary: 'Mail a reset link if an account has this email (the answer is the same either way)',
        body: z.object({
          email: z.unknown().optional().meta({ type: 'string', description: 'The account\u2019s email', example: 'camille@example.com' }),
          return_url: z
            .unknown()
            .optional()
            .meta({ type: 'string', description: 'Where the reset page sends the diner back: this site only', example: 'https://book.example/auth/login' }),
          merchant_slug: z.string().max(64).optional(),
          lang,
        }),
        response: { ...replies(okResponseSchema, 'rate_limited'), 422: errorEnvelopeSchema.describe('error_code: validation_error, with errors per field') },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const language = pickLang(body.lang, request.headers['accept-language']);
      const email = typeof body.email === 'string' ? normalEmail(body.email) : undefined;
      const returnUrl = sameSiteUrl(body.return_url, ctx.origins);
      const problems: Record<string, string[]> = {};
      if (!email) problems.email = [fieldMessage(body.email ? 'bad_email' : 'required', language)];
      if (!returnUrl) problems.return_url = [fieldMessage('bad_return_url', language)];
      if (!email || !returnUrl) {
        return reply.code(422).send({ success: false, error_code: 'validation_error', message: 'Some fields are not valid.', errors: problems });
      }
      const wait = await hitAll(request, [ctx.rateLimits.resetPerEmail, ctx.rateLimits.resetPerAddress]);
      if (wait) return sendRateLimited(reply, wait);
      // Looked up and mailed after answering, so the answer takes as long whether the account exists or not.
      ctx.reset
        .request({ email, returnUrl, lang: language, merchantSlug: body.merchant_slug })
        .catch((error: unknown) => request.log.error({ err: error }, 'password reset mail failed'));
      return { success: true as const };
    },
  );

  const pageLang = (request: FastifyRequest, explicit: unknown, stored?: string): Lang =>
    isLang(explicit) ? explicit : isLang(stored) ? stored : pickLang(undefined, request.headers['accept-language']);

  const sendPage = (reply: FastifyReply, status: number, input: Omit<ResetPageInput, 'formOrigins'>) => {
    const page = renderResetPasswordPage({ ...input, formOrigins: ctx.origins });
    return reply
      .code(status)
      .header('content-type', 'text/html; charset=utf-8')
      .header('content-security-policy', page.csp)
      .header('cache-control', 'no-store')
      .header('referrer-policy', 'no-referrer')
      .header('x-content-type-options', 'nosniff')
      .send(page.html);
  };

  const forgotUrl = `${ctx.origins[0]}/auth/forgot_password`;
  // One page for both kinds of link: a diner's (password_resets) or a staff member's (staff_password_resets).
  const findReset = async (token: string): Promise<{ lang: string; merchantSlug: string | null; staff: boolean } | undefined> => {
    const diner = await ctx.reset.find(token);
    if (diner) return { lang: diner.lang, merchantSlug: diner.merchantSlug, staff: false };
    const staff = await ctx.staffReset.find(token);
    return staff ? { lang: staff.lang, merchantSlug: staff.merchantSlug, staff: true } : undefined;
  };
  const tokenOf = (value: unknown) => (typeof value === 'string' && /^[A-Za-z0-9_-]{16,128}$/.test(value) ? value : undefined);

  app.get<{ Querystring: Record<string, unknown> }>('/auth/reset_password', { schema: { hide: true } }, async (request, reply) => {
    const token = tokenOf(request.query.token);
    const reset = token ? await findReset(token) : undefined;
    const language = pageLang(request, request.query.lang, reset?.lang);
    const brand = await ctx.reset.brandOf(reset?.merchantSlug ?? undefined);
    if (!token || !reset) return sendPage(reply, 410, { lang: language, brand, view: { kind: 'invalid', forgotUrl } });
    return sendPage(reply, 200, { lang: language, brand, view: { kind: 'form', token } });
  });

  app.post<{ Body: Record<string, unknown> }>('/auth/reset_password', { schema: { hide: true } }, async (request, reply) => {
    const body = request.body && typeof request.body === 'object' ? request.body : {};
    const token = tokenOf(body.token);
    const reset = token ? await findReset(token) : undefined;
    const language = pageLang(request, body.lang, reset?.lang);
    const brand = await ctx.reset.brandOf(reset?.merchantSlug ?? undefined);
    if (!token || !reset) return sendPage(reply, 410, { lang: language, brand, view: { kind: 'invalid', forgotUrl } });
    const password = typeof body.password === 'string' ? body.password : '';
    const confirmation = typeof body.password_confirmation === 'string' ? body.password_confirmation : '';
    const problem = password ? passwordProblem(password) : undefined;
    const errors = fieldErrors(
      {
        ...(!password ? { password: ['required' as const] } : problem ? { password: [`password_${problem}` as const] } : {}),
        ...(password && !problem && confirmation !== password ? { password_confirmation: ['password_mismatch' as const] } : {}),
      },
      language,
    );
    if (Object.keys(errors).length > 0) return sendPage(reply, 422, { lang: language, brand, view: { kind: 'form', token, errors } });
    if (reset.staff) {
      // Staff go back to the staff sign-in, every session of theirs ended.
      const usedByStaff = await ctx.staffReset.complete(token, password);
      if (!usedByStaff) return sendPage(reply, 410, { lang: language, brand, view: { kind: 'invalid', forgotUrl } });
      await ctx.revokeStaff?.({ sessionIds: usedByStaff.revokedSessionIds, staffIds: [] });
      return reply.code(303).header('cache-control', 'no-store').redirect(`${ctx.origins[0]}/pro`, 303);
    }
    const used = await ctx.reset.complete(token, password);
    if (!used) return sendPage(reply, 410, { lang: language, brand, view: { kind: 'invalid', forgotUrl } });
    // Checked again on the way out: the origins may have changed since the link was mailed.
    return reply
      .code(303)
      .header('cache-control', 'no-store')
      .redirect(sameSiteUrl(used.returnUrl, ctx.origins) ?? forgotUrl.replace(/\/forgot_password$/, '/login'), 303);
  });
}
