/** A route's documented answers: its success schema under 200 and the error envelope under each status its error codes take. */
import type { z } from 'zod';
import { errorEnvelopeSchema } from '../../shared/api/common-schema.ts';
import type { ErrorCode } from '../../shared/error-codes.ts';
import { httpStatusOf } from '../domain/errors.ts';

/**
 * Every call may be sent a malformed body, query or path (400 validation_error, Fastify's own client errors too), and
 * may fail on the server's side (500 internal_error: a bug or an unreachable database, never an answer by design).
 */
const ALWAYS: readonly ErrorCode[] = ['validation_error', 'internal_error'];

/**
 * The `schema.response` of a route: `ok` under 200 and, for each status the given error codes answer with, the one error
 * envelope, described by the codes it may carry (the docs list them; the test server fails an answer with another status).
 */
export function replies<Ok extends z.ZodType>(ok: Ok, ...codes: ErrorCode[]): { 200: Ok } & Record<number, z.ZodType> {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of new Set([...ALWAYS, ...codes])) {
    const status = httpStatusOf[code];
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  const errors = Object.fromEntries([...byStatus].map(([status, listed]) => [status, errorEnvelopeSchema.describe(`error_code: ${listed.join(', ')}`)]));
  return { ...errors, 200: ok };
}
