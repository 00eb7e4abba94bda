/**
 * The test server's contract hook: every answer a test gets from a documented route must have a status the route
 * documents (schema.response) and, when JSON, a body its schema for that status accepts. A breach fails the call.
 */
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';

const HEADER = 'x-contract-check';

/** What the route of one tagged request documented for the status it answered. */
interface Seen {
  route: string;
  responses: Record<string, z.ZodType> | undefined;
}

/** Installs the hook on a server not yet ready; `tag` marks a request, `verify` checks its answer (throws on a breach). */
export function checkAnswersAgainstContract(app: FastifyInstance) {
  const seen = new Map<string, Seen>();
  let counter = 0;
  app.addHook('onSend', async (request, _reply, payload) => {
    const id = request.headers[HEADER];
    if (typeof id !== 'string') return payload;
    const schema = request.routeOptions.schema as { hide?: boolean; response?: Record<string, z.ZodType> } | undefined;
    if (!schema || schema.hide) return payload;
    seen.set(id, { route: `${request.method} ${request.routeOptions.url}`, responses: schema.response });
    return payload;
  });
  return {
    tag: (): Record<string, string> => ({ [HEADER]: String(++counter) }),
    verify(headers: Record<string, string>, method: string, target: string, status: number, contentType: unknown, body: unknown): void {
      const id = headers[HEADER];
      const route = id === undefined ? undefined : seen.get(id);
      if (id !== undefined) seen.delete(id);
      if (!route) return;
      const answer = `${method} ${target} (${route.route}) answered ${status}`;
      const documented = route.responses?.[String(status)];
      if (!documented) throw new Error(`${answer}, a status its schema.response does not document: ${JSON.stringify(body)}`);
      if (typeof contentType !== 'string' || !contentType.startsWith('application/json')) return;
      const result = documented.safeParse(body);
      if (!result.success) throw new Error(`${answer} with a body its schema refuses: ${result.error.message}\n${JSON.stringify(body)}`);
    },
  };
}
