/** POST /oauth/token: RFC 6749 password and refresh_token grants, answered the RFC's way. */
import { oauthTokenResponseSchema } from '../../shared/api/account-schema.ts';
import { errorEnvelopeSchema, oauthErrorSchema } from '../../shared/api/common-schema.ts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { fieldMessage } from '../auth/field-messages.ts';
import { clientMatches, passwordGrant, refreshTokenGrant } from '../auth/oauth-token.ts';
import { hitAll } from '../auth/rate-limit.ts';
import { signInDelayMs } from '../auth/sign-in-delay.ts';
import { pickLang } from '../../shared/langs.ts';
import type { AccountContext } from './account-context.ts';

type OAuthError = 'invalid_request' | 'invalid_client' | 'invalid_grant' | 'unsupported_grant_type' | 'rate_limited';

const doc = (description: string, example: string) => z.unknown().optional().meta({ type: 'string', description, example });

const str = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

/** The client credentials of a request: HTTP Basic (RFC 6749 2.3.1) or client_id and client_secret in the body. */
function clientCredentials(request: FastifyRequest, body: Record<string, unknown>): { id?: string; secret?: string; basic: boolean } {
  const match = request.headers.authorization?.match(/^Basic\s+([A-Za-z0-9+/=]+)\s*$/i);
  if (match) {
    const decoded = Buffer.from(match[1]!, 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    if (colon > 0) {
      // Form-encoded before being put in the header (RFC 6749 2.3.1).
      const decode = (part: string) => {
        try {
          return decodeURIComponent(part.replaceAll('+', ' '));
        } catch {
          return part;
        }
      };
      return { id: decode(decoded.slice(0, colon)), secret: decode(decoded.slice(colon + 1)), basic: true };
    }
  }
  return { id: str(body.client_id), secret: str(body.client_secret), basic: false };
}

/** A description kept to the characters RFC 6749 5.2 allows (printable ASCII but `"` and `\\`); others become `?`. */
export function asciiDescription(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[^\x20-\x21\x23-\x5b\x5d-\x7e]/g, '?');
}

/** Registers the token endpoint. */
export async function oauthRoutes(app: FastifyInstance, ctx: AccountContext): Promise<void> {
  const { db, now } = ctx;

  // error_description is ASCII (RFC 6749 5.2: %x20-21 / %x23-5B / %x5D-7E); the diner's language goes in `message`.
  const fail = (reply: FastifyReply, status: number, error: OAuthError, description: string, message?: string) =>
    reply
      .code(status)
      .header('cache-control', 'no-store')
      .header('pragma', 'no-cache')
      .send({ error, error_description: asciiDescription(description), ...(message ? { message } : {}) });

  app.post(
    '/oauth/token',
    {
      schema: {
        tags: ['account'],
        summary: 'OAuth 2.0 token endpoint (RFC 6749): grant_type password or refresh_token, form or JSON body',
        // Documentation only: every field is optional here, so a missing one is answered the RFC's way below.
        body: z.looseObject({
          grant_type: doc('password or refresh_token', 'password'),
          client_id: doc('OAUTH_CLIENT_ID (or HTTP Basic)', 'couvert-web'),
          client_secret: doc('OAUTH_CLIENT_SECRET (or HTTP Basic)', 'couvert-web-secret'),
          username: doc('password grant: the account\u2019s email', 'camille@example.com'),
          password: doc('password grant: the password', 'a long and rare passphrase'),
          refresh_token: doc('refresh_token grant: the last refresh token', ''),
        }),
        consumes: ['application/x-www-form-urlencoded', 'application/json'],
        response: {
          200: oauthTokenResponseSchema,
          400: z
            .union([oauthErrorSchema, errorEnvelopeSchema])
            .describe('invalid_request, invalid_grant or unsupported_grant_type; text that is not well-formed: validation_error'),
          401: oauthErrorSchema.describe('invalid_client'),
          429: oauthErrorSchema.describe('rate_limited'),
        },
      },
    },
    async (request, reply) => {
      const body = (request.body && typeof request.body === 'object' ? request.body : {}) as Record<string, unknown>;
      const language = pickLang(body.lang, request.headers['accept-language']);
      // Parameters must not be included more than once (RFC 6749 3.2); the form parser keeps a repeated one as a list.
      const repeated = Object.keys(body).find((name) => Array.isArray(body[name]));
      if (repeated !== undefined) return fail(reply, 400, 'invalid_request', `The parameter ${repeated} is repeated.`);
      const client = clientCredentials(request, body);
      // One authentication method per request (RFC 6749 2.3): HTTP Basic or the body's client_id and client_secret.
      if (client.basic && (body.client_id !== undefined || body.client_secret !== undefined)) {
        return fail(reply, 400, 'invalid_request', 'Authenticate the client once: HTTP Basic or client_id and client_secret in the body, not both.');
      }
      if (!clientMatches(client, ctx.client)) {
        // A Basic challenge only to clients that used Basic: to a page's fetch it would pop up a login box.
        if (client.basic) reply.header('www-authenticate', 'Basic realm="couvert"');
        return fail(reply, 401, 'invalid_client', 'Unknown client or wrong client secret.');
      }
      const grantType = str(body.grant_type);
      if (!grantType) return fail(reply, 400, 'invalid_request', 'grant_type is required.');

      if (grantType === 'password') {
        const username = str(body.username)?.trim();
        const password = str(body.password);
        if (!username || !password) return fail(reply, 400, 'invalid_request', 'username and password are required.');
        // An address, and an email from one address, are refused past their limits; an email guessed from
        // everywhere is only slowed down, so its owner can still sign in.
        const limits = ctx.rateLimits;
        const wait = await hitAll(request, [limits.signInPerEmailAndAddress, limits.signInPerAddress]);
        if (wait) {
          reply.header('retry-after', String(wait));
          return fail(reply, 429, 'rate_limited', `Too many sign-in attempts: try again in ${wait} seconds.`);
        }
        const delay = signInDelayMs(await limits.signInFailuresPerEmail.count(request), ctx.limits.signInPerEmail.limit);
        if (delay > 0) await new Promise((resolve) => setTimeout(resolve, delay));
        const outcome = await passwordGrant(db, { username, password }, ctx.lifetimes, now());
        if (!outcome.ok) {
          await limits.signInFailuresPerEmail.hit(request);
          return fail(reply, 400, 'invalid_grant', fieldMessage('bad_login', 'en'), fieldMessage('bad_login', language));
        }
        return reply.header('cache-control', 'no-store').header('pragma', 'no-cache').send(outcome.tokens);
      }

      if (grantType === 'refresh_token') {
        const refreshToken = str(body.refresh_token);
        if (!refreshToken) return fail(reply, 400, 'invalid_request', 'refresh_token is required.');
        const outcome = await refreshTokenGrant(db, refreshToken, ctx.lifetimes, now());
        if (!outcome.ok) {
          if (outcome.reason === 'reused') request.log.warn('refresh token reused: its family was revoked');
          return fail(reply, 400, 'invalid_grant', 'The refresh token is invalid, expired or revoked.');
        }
        return reply.header('cache-control', 'no-store').header('pragma', 'no-cache').send(outcome.tokens);
      }

      return fail(reply, 400, 'unsupported_grant_type', 'Only the password and refresh_token grants are supported.');
    },
  );
}
