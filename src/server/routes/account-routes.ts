/** The diner's account calls of spec section 7: login methods, authCheck, user get/update, guests, registration. */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { checkContactDetails, type FieldProblems } from '../auth/contact-details.ts';
import { fieldErrors } from '../auth/field-messages.ts';
import { redeemUserToken } from '../auth/login-handoff.ts';
import { registerAccount } from '../auth/registration.ts';
import { issueTokenPair } from '../auth/oauth-token.ts';
import { sendRateLimited } from '../auth/rate-limit.ts';
import { createSession } from '../auth/sessions.ts';
import { findBookingByTokenOnly } from '../db/booking-store.ts';
import { findUserById, insertUser, setBookingOwner, updateUser, type UserRow } from '../db/user-store.ts';
import { DomainError } from '../domain/errors.ts';
import { pickLang, type Lang } from '../domain/lang.ts';
import type { AccountContext } from './account-context.ts';
import { bookingToken, lang } from './schemas.ts';

/** A guest session lasts until a day after its booking ends (it has no refresh token), and at least an hour. */
const GUEST_GRACE_MS = 24 * 3600 * 1000;

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

  const loginMethods = async () => ({ success: true, methods: ctx.social.methods() });
  const methodsSchema = { tags, summary: 'Which social sign-ins are enabled (facebook, google, apple)' };
  api.get('/api/mobile/login_methods', { schema: methodsSchema }, loginMethods);
  api.post('/api/mobile/login_methods', { schema: methodsSchema }, loginMethods);

  api.post(
    '/api/front/user/authCheck',
    {
      schema: {
        tags,
        summary: 'Trade the userToken of a finished social sign-in for a bearer (once)',
        body: z.object({ userToken: z.string().max(256) }),
      },
    },
    async (request) => {
      const userId = await redeemUserToken(db, request.body.userToken, now());
      if (!userId) throw new DomainError('unauthenticated', undefined, 'No sign-in is waiting for this userToken');
      const tokens = await issueTokenPair(db, userId, ctx.lifetimes, now());
      return { success: true, bearer: tokens.access_token, refresh_token: tokens.refresh_token, token_type: 'Bearer', expires_in: tokens.expires_in };
    },
  );

  api.post(
    '/api/booking/user/get',
    { schema: { tags, summary: 'The signed-in diner', body: z.object({ lang }).optional() } },
    async (request) => {
      const user = await requestUser.required(request);
      return { success: true, user: userView(user) };
    },
  );

  api.post(
    '/api/front/user/update',
    { schema: { tags, summary: 'Change the signed-in diner\u2019s contact details', body: contactBody } },
    async (request, reply) => {
      const user = await requestUser.required(request);
      const language = langOf(request, request.body.lang);
      const checked = checkContactDetails(request.body, { email: 'optional', password: false });
      const problems: FieldProblems = checked.ok ? {} : checked.problems;
      // An account's email is its sign-in name: changing it here would skip any proof of owning the new one.
      if (checked.ok && !user.anonymous && checked.value.email && user.email && checked.value.email !== user.email) {
        problems.email = ['email_locked'];
      }
      if (!checked.ok || Object.keys(problems).length > 0) return sendFieldErrors(reply, problems, language);
      const { firstname, lastname, phone, email } = checked.value;
      const changes = user.anonymous
        ? { firstname, lastname, phone, anonymousEmail: email ?? null, wantsEmailConfirmation: !!email }
        : { firstname, lastname, phone, ...(user.email ? {} : { email: email ?? null }) };
      const updated = await updateUser(db, user.id, { ...changes, onboarding: false, updatedAt: now() });
      if (!updated) return sendFieldErrors(reply, { email: ['email_taken'] }, language);
      return { success: true, user: userView(updated) };
    },
  );

  api.post(
    '/api/front/user/no_account',
    {
      schema: {
        tags,
        summary: 'Continue as a guest: contact details for one booking; the bearer reaches only that booking',
        body: contactBody.extend({ bookingToken }),
      },
    },
    async (request, reply) => {
      const language = langOf(request, request.body.lang);
      const checked = checkContactDetails(request.body, { email: 'optional', password: false });
      if (!checked.ok) return sendFieldErrors(reply, checked.problems, language);
      const booking = await findBookingByTokenOnly(db, request.body.bookingToken);
      if (!booking) throw new DomainError('booking_not_found');
      const at = now();
      const { firstname, lastname, phone, email } = checked.value;
      const details = { firstname, lastname, phone, anonymousEmail: email ?? null, wantsEmailConfirmation: !!email, updatedAt: at };
      const owner = booking.userId ? await findUserById(db, booking.userId) : undefined;
      // A booking that an account holds stays with it; a guest's may be taken up again by a guest
      // (section 8: a 401 during validation sends the diner back to this form).
      if (owner && !owner.anonymous) throw new DomainError('booking_forbidden');
      const guest = owner
        ? await updateUser(db, owner.id, details)
        : await insertUser(db, { ...details, anonymous: true, onboarding: false, createdAt: at });
      if (!guest) throw new Error('guest not saved');
      if (!owner) await setBookingOwner(db, booking.id, guest.id, at);
      const ttlSeconds = Math.max(ctx.lifetimes.accessTtlSeconds, Math.ceil((booking.endsAt.getTime() + GUEST_GRACE_MS - at.getTime()) / 1000));
      const session = await createSession(db, guest.id, { now: at, ttlSeconds, bookingId: booking.id });
      return { success: true, access_token: session.token, token_type: 'Bearer', expires_in: ttlSeconds };
    },
  );

  api.post(
    '/api/front/user/register',
    {
      schema: {
        tags,
        summary: 'Create a platform account; answers an access token (and a refresh token)',
        body: contactBody.extend({ password: field('At least 8 characters, not a common password', 'a long and rare passphrase') }),
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
      return { success: true, ...tokens };
    },
  );
}
