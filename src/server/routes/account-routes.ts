/** The diner's account calls of spec section 7: login methods, authCheck, user get/update, guests, registration. */
import { accessTokenResponseSchema, authCheckResponseSchema, loginMethodsResponseSchema, userResponseSchema } from '../../shared/api/account-schema.ts';
import { errorEnvelopeSchema } from '../../shared/api/common-schema.ts';
import { replies } from './responses.ts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { checkContactDetails, type FieldProblems } from '../auth/contact-details.ts';
import { fieldErrors } from '../auth/field-messages.ts';
import { redeemUserToken } from '../auth/login-handoff.ts';
import { registerAccount } from '../auth/registration.ts';
import { issueTokenPair } from '../auth/oauth-token.ts';
import { sendRateLimited } from '../auth/rate-limit.ts';
import type { UserRow } from '../db/user-store.ts';
import { updateContactDetails } from '../services/contact-update.ts';
import { startGuestSession } from '../services/guest-sessions.ts';
import { DomainError } from '../domain/errors.ts';
import { pickLang, type Lang } from '../../shared/langs.ts';
import type { AccountContext } from './account-context.ts';
import { bookingToken, lang } from './schemas.ts';

/** The signed-in diner as user/get shows them. */
export function userView(user: UserRow) {
  return {
    firstname: user.firstname,
    lastname: user.lastname,
    email: user.email,
    phone: user.phone,
    anonymous: user.anonymous,
    anonymousEmail: user.anonymousEmail,
    onboarding: user.onboarding,
  };
}

const langOf = (request: FastifyRequest, explicit: unknown): Lang => pickLang(explicit, request.headers['accept-language']);

/** A form's fields that are not valid: 422 validation_error with a message per field, in the diner's language. */
const FIELD_ERRORS = { 422: errorEnvelopeSchema.describe('error_code: validation_error, with errors per field') };

/** Answers 422 with the per-field messages the browser shows (spec section 5). */
function sendFieldErrors(reply: FastifyReply, problems: FieldProblems, language: Lang) {
  return reply.code(422).send({
    success: false,
    error_code: 'validation_error',
    message: 'Some fields are not valid.',
    errors: fieldErrors(problems, language),
  });
}

// Fields are read leniently and checked by checkContactDetails, so every bad field gets its own message;
// the documentation still says what each one is.
const field = (description: string, example: string) => z.unknown().optional().meta({ type: 'string', description, example });
const contactBody = z.object({
  firstname: field('First name (required)', 'Camille'),
  lastname: field('Last name (required)', 'Martin'),
  email: field('Email (required to register, else optional)', 'camille@example.com'),
  phone: field('Phone in international format (required)', '+33 6 12 34 56 78'),
  lang,
});

/** Registers the account calls. */
export async function accountRoutes(app: FastifyInstance, ctx: AccountContext): Promise<void> {
  const { db, now, requestUser } = ctx;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['account'];

  const loginMethods = async () => ({ success: true as const, methods: ctx.social.methods() });
  const methodsSchema = { tags, summary: 'Which social sign-ins are enabled (facebook, google, apple)', response: replies(loginMethodsResponseSchema) };
  api.get('/api/mobile/login_methods', { schema: methodsSchema }, loginMethods);
  api.post('/api/mobile/login_methods', { schema: methodsSchema }, loginMethods);

  api.post(
    '/api/front/user/authCheck',
    {
      schema: {
        tags,
        summary: 'Trade the userToken of a finished social sign-in for a bearer (once)',
        body: z.object({ userToken: z.string().max(256) }),
        response: replies(authCheckResponseSchema, 'unauthenticated'),
      },
    },
    async (request) => {
      const userId = await redeemUserToken(db, request.body.userToken, now());
      if (!userId) throw new DomainError('unauthenticated', undefined, 'No sign-in is waiting for this userToken');
      const tokens = await issueTokenPair(db, userId, ctx.lifetimes, now());
      return { success: true as const, bearer: tokens.access_token, refresh_token: tokens.refresh_token, token_type: 'Bearer', expires_in: tokens.expires_in };
    },
  );

  api.post(
    '/api/booking/user/get',
    { schema: { tags, summary: 'The signed-in diner', body: z.object({ lang }).optional(), response: replies(userResponseSchema, 'unauthenticated') } },
    async (request) => {
      const user = await requestUser.required(request);
      return { success: true as const, user: userView(user) };
    },
  );

  api.post(
    '/api/front/user/update',
    {
      schema: {
        tags,
        summary: 'Change the signed-in diner\u2019s contact details',
        body: contactBody,
        response: { ...replies(userResponseSchema, 'unauthenticated', 'booking_forbidden'), ...FIELD_ERRORS },
      },
    },
    async (request, reply) => {
      const user = await requestUser.required(request);
      const outcome = await updateContactDetails(db, user, request.body, now(), ctx.announceBookings);
      if ('problems' in outcome) return sendFieldErrors(reply, outcome.problems, langOf(request, request.body.lang));
      return { success: true as const, user: userView(outcome.user) };
    },
  );

  api.post(
    '/api/front/user/no_account',
    {
      schema: {
        tags,
        summary: 'Continue as a guest: contact details for one booking; the bearer reaches only that booking',
        description:
          'On a booking that already has a guest the details are never replaced: without `code` a 6-digit code goes to the booking\u2019s ' +
          'phone (and the guest\u2019s email) and the answer is 403 identity_proof_required with sent_to (masked); with the right code ' +
          'the answer is that guest\u2019s session, details unchanged; a wrong or expired code is 403 identity_proof_invalid. ' +
          'At most 3 codes per booking an hour (429 rate_limited). A booking held by an account is 403 booking_forbidden.',
        body: contactBody.extend({
          bookingToken,
          code: z.string().max(32).optional().meta({ description: 'The code sent to the booking\u2019s phone or email', example: '042917' }),
        }),
        response: {
          ...replies(accessTokenResponseSchema, 'booking_not_found', 'booking_forbidden', 'identity_proof_required', 'rate_limited'),
          ...FIELD_ERRORS,
        },
      },
    },
    async (request, reply) => {
      const checked = checkContactDetails(request.body, { email: 'optional', password: false });
      if (!checked.ok) return sendFieldErrors(reply, checked.problems, langOf(request, request.body.lang));
      const outcome = await startGuestSession(
        {
          db,
          sms: ctx.sms,
          mailer: ctx.mailer,
          now,
          accessTtlSeconds: ctx.lifetimes.accessTtlSeconds,
          countCodeSent: async () => (await ctx.rateLimits.identityCodesPerBooking.hit(request)) ?? 0,
          warn: (line, error) => request.log.warn(error ? { err: error } : {}, line),
        },
        { bookingToken: request.body.bookingToken, details: checked.value, code: request.body.code },
      );
      if ('retryAfterSeconds' in outcome) return sendRateLimited(reply, outcome.retryAfterSeconds);
      return outcome.session;
    },
  );

  api.post(
    '/api/front/user/register',
    {
      schema: {
        tags,
        summary: 'Create a platform account; answers an access token (and a refresh token)',
        body: contactBody.extend({ password: field('At least 8 characters, not a common password', 'a long and rare passphrase') }),
        response: { ...replies(accessTokenResponseSchema, 'rate_limited'), ...FIELD_ERRORS },
      },
    },
    async (request, reply) => {
      const language = langOf(request, request.body.lang);
      const wait = await ctx.rateLimits.registerPerAddress.hit(request);
      if (wait) return sendRateLimited(reply, wait);
      const checked = checkContactDetails(request.body, { email: 'required', password: true });
      if (!checked.ok) return sendFieldErrors(reply, checked.problems, language);
      // Never "this email is taken": that would tell anyone whether an email has an account; the owner is told by mail.
      const tokens = await registerAccount(
        {
          db,
          mailer: ctx.mailer,
          now,
          lifetimes: ctx.lifetimes,
          siteOrigin: ctx.origins[0]!,
          brand: () => ctx.reset.brandOf(undefined),
          onMailError: (error) => request.log.error({ err: error }, 'account-exists mail failed'),
        },
        { ...checked.value, email: checked.value.email!, password: checked.value.password!, lang: language },
      );
      return { success: true as const, ...tokens };
    },
  );
}
