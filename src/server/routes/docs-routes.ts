/** The API described as OpenAPI from the same zod schemas that validate requests; rendered at /api/docs. */
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

const description = `The booking API of Couvert. Every call answers JSON: \`{ "success": true, ... }\`, or
\`{ "success": false, "error_code": "...", "message": "..." }\` with a 4xx status (the error codes of the
product specification, section 8, plus validation_error, booking_not_found, booking_forbidden,
merchant_closed, invalid_transition, unauthenticated, not_found, rate_limited). Calls that need a diner take
\`Authorization: Bearer <access_token>\`; admin calls take \`Authorization: Bearer $ADMIN_TOKEN\`; the restaurant's
calls (tag *staff*, under /api/pro) take a staff bearer from \`POST /api/pro/auth/login\`, and answer only for that
staff member's merchants. Times are unix seconds; dates are merchant-local YYYY-MM-DD. Every change of a booking is
published as event \`UpdateBooking\` on the public Pusher channel \`booking.{token}\` and, once validated, on the
merchant's private channel \`private-merchant.{id}\` (staff only), which also carries \`UpdateClosings\`.`;

/**
 * Content-Security-Policy of the rendered docs: Swagger UI's own files only (it has no inline script), its inline
 * styles, calls to this server for "Try it out"; nobody may frame it.
 */
export const DOCS_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "frame-ancestors 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "object-src 'none'",
].join('; ');

/** Registers /api/openapi.json and the rendered docs at /api/docs. */
export const docsRoutes = fp(async (app: FastifyInstance) => {
  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Couvert booking API', version: '1.0.0', description },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', description: 'A diner\u2019s access token' },
          adminToken: { type: 'http', scheme: 'bearer', description: 'ADMIN_TOKEN' },
          staffToken: { type: 'http', scheme: 'bearer', description: 'A staff member\u2019s bearer (POST /api/pro/auth/login)' },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs', staticCSP: DOCS_CSP });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
});
