/** The one place where failures become responses: `{ success: false, error_code, message }`, never a raw exception. */
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { sqlStateOf } from '../db/booking-store.ts';
import { DomainError, httpStatusOf } from '../domain/errors.ts';
import type { ErrorCode } from '../../shared/error-codes.ts';

// SQLSTATEs of text the database cannot store (a NUL character): the caller's input, not our failure.
const UNSTORABLE_TEXT = new Set(['22021', '22P05']);

/** Installs the error handler on a server (unknown routes are answered by the site routes). */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof DomainError) {
      return reply.code(error.status ?? httpStatusOf[error.code]).send({
        success: false,
        error_code: error.code,
        message: error.message,
        ...error.details,
      });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors: Record<string, string[]> = {};
      for (const issue of error.validation) {
        const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || '_';
        (errors[field] ??= []).push(issue.message ?? 'invalid');
      }
      return reply.code(400).send({ success: false, error_code: 'validation_error', message: error.message, errors });
    }
    if (UNSTORABLE_TEXT.has(sqlStateOf(error) ?? '')) {
      return reply.code(400).send({ success: false, error_code: 'validation_error', message: 'The text holds a character that cannot be stored.' });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Fastify's own client errors: malformed JSON, body too large, unsupported media type... A route may name its own code for a status.
      const routeCodes = (request.routeOptions.config as { statusCodes?: Partial<Record<number, ErrorCode>> } | undefined)?.statusCodes;
      return reply.code(status).send({
        success: false,
        error_code: routeCodes?.[status] ?? (status === 429 ? 'rate_limited' : 'validation_error'),
        message: error.message,
      });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send({ success: false, error_code: 'internal_error', message: 'Something went wrong on our side.' });
  });
}
