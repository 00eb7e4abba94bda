/**
 * The envelope every API answer shares, as zod: a success (`success: true` and the call's fields) or a failure of the
 * error catalogue. The server validates its answers with these; the browser imports only the types (common.ts).
 */
import { z } from 'zod';
import { ERROR_CODES } from '../error-codes.ts';

/** An image the API points at: a site path (/media/...) or an https URL. */
export const apiImageSchema = z.object({ path: z.string() });

/** A successful answer: `success: true` and the call's own fields. */
export const success = <Shape extends z.ZodRawShape>(shape: Shape) => z.object({ success: z.literal(true), ...shape });

/** A failed answer; loose, since some failures add details (the merchant phone, min and max seats, retry_after). */
export const errorEnvelopeSchema = z
  .looseObject({
    success: z.literal(false),
    error_code: z.enum(ERROR_CODES).describe('What failed (the error catalogue)'),
    message: z.string().optional().describe('In words, for a developer'),
    errors: z.record(z.string(), z.array(z.string())).optional().describe('Per-field messages, e.g. { "email": ["Invalid email"] }'),
  })
  .meta({ id: 'ErrorEnvelope', description: 'A failure: its error_code, a message and, for validation_error, the messages per field' });

/** An OAuth 2.0 error (RFC 6749 section 5.2) as /oauth/token answers it; `message` is in the diner's language. */
export const oauthErrorSchema = z
  .object({ error: z.string(), error_description: z.string().optional(), message: z.string().optional() })
  .meta({ id: 'OAuthError', description: 'An OAuth 2.0 error (RFC 6749 section 5.2)' });

/** GET /api/server_time. */
export const serverTimeResponseSchema = success({ time: z.number().int().describe('Unix seconds') });

/** An answer that says only that the call succeeded. */
export const okResponseSchema = success({});
