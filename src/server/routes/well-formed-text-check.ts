/** Refuses, before any route sees it, a request whose body, query or path holds text that is not well-formed Unicode. */
import type { FastifyInstance } from 'fastify';
import { DomainError } from '../domain/errors.ts';
import { dottedPath, illFormedTextPath, ILL_FORMED_TEXT_MESSAGE } from '../domain/well-formed-text.ts';

/** Installs the check on every route of `app` (registered after this call): a 400 validation_error naming the field. */
export function installWellFormedTextCheck(app: FastifyInstance): void {
  // Once for every call, after parsing and before the route's own schema: no route can forget it, and a lone
  // surrogate never reaches a jsonb column (where PostgreSQL refuses it) or a text one (where it turns into U+FFFD).
  app.addHook('preValidation', async (request) => {
    for (const part of [request.body, request.query, request.params]) {
      const path = illFormedTextPath(part);
      if (!path) continue;
      const field = dottedPath(path);
      throw new DomainError('validation_error', { errors: { [field]: [ILL_FORMED_TEXT_MESSAGE] } }, `${field}: ${ILL_FORMED_TEXT_MESSAGE}`);
    }
  });
}
