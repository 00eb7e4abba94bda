/**
 * The security headers of every answer, from helmet: nosniff, no framing, a referrer policy, and a
 * Content-Security-Policy under which an answer opened as a page runs and loads nothing. The site's pages, its
 * media and the API docs replace the CSP with their own (site-routes.ts, docs-routes.ts).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

const OPTIONS: HelmetOptions = {
  // Every answer that is not a page, an image or the docs: JSON shown in a browser does nothing and cannot be framed.
  contentSecurityPolicy: {
    useDefaults: false,
    directives: { defaultSrc: ["'none'"], baseUri: ["'none'"], formAction: ["'none'"], frameAncestors: ["'none'"] },
  },
  // Pages restaurants may frame drop it (site-routes.ts); every other answer refuses framing in old browsers too.
  xFrameOptions: { action: 'deny' },
  // The site's policy before helmet: other sites see our origin, never a booking's address with its token.
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  // No includeSubDomains: the provider's other hosts are not ours to move to HTTPS.
  strictTransportSecurity: { maxAge: 31_536_000, includeSubDomains: false },
};

/** What helmet does to every answer under OPTIONS, recorded once: the headers it sets and those it removes. */
export function helmetHeaders(options: HelmetOptions = OPTIONS): { set: Array<[string, string]>; removed: string[] } {
  const set: Array<[string, string]> = [];
  const removed: string[] = [];
  const response = {
    setHeader: (name: string, value: string) => void set.push([name, String(value)]),
    removeHeader: (name: string) => void removed.push(name),
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return { set, removed };
}

/**
 * Registers the headers for every route; register it before any route. @fastify/helmet ran helmet's whole set-up
 * (options, CSP directives) again for every request; the answer never changes, so it is computed here once.
 */
export const securityHeaders = fp(async (app: FastifyInstance) => {
  const { set, removed } = helmetHeaders();
  app.addHook('onRequest', (_request, reply, done) => {
    const raw = reply.raw;
    for (const [name, value] of set) raw.setHeader(name, value);
    for (const name of removed) raw.removeHeader(name);
    done();
  });
});
