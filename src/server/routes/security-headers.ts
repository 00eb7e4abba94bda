/**
 * The security headers of every answer, through @fastify/helmet: nosniff, no framing, a referrer policy, and a
 * Content-Security-Policy under which an answer opened as a page runs and loads nothing. The site's pages, its
 * media and the API docs replace the CSP with their own (site-routes.ts, docs-routes.ts).
 */
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Registers helmet for every route; register it before any route. */
export const securityHeaders = fp(async (app: FastifyInstance) => {
  await app.register(helmet, {
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
  });
});
