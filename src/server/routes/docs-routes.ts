/** The API described as OpenAPI from the same zod schemas that validate requests; rendered at /api/docs. */
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';

const description = `The booking API of Couvert. Every call answers JSON: \`{ "success": true, ... }\`, or
\`{ "success": false, "error_code": "...", "message": "..." }\` with a 4xx status (the error codes of the
product specification, section 8, plus validation_error, booking_not_found, booking_forbidden,
merchant_closed, invalid_transition, unauthenticated, not_found, rate_limited). Calls that need a diner take
\`Authorization: Bearer <access_token>\`; admin calls take \`Authorization: Bearer $ADMIN_TOKEN\`; the restaurant's
calls (tag *staff*, under /api/pro) take a staff bearer from \`POST /api/pro/auth/login\`, and answer only for that
staff member's merchants. Times are unix seconds; dates are merchant-local YYYY-MM-DD. Every change of a booking is
published as event \`UpdateBooking\` on the public Pusher channel \`booking.{token}\` and, once validated, on the
merchant's private channel \`private-merchant.{id}\` (staff only), which also carries \`UpdateClosings\` and \`UpdateGuest\`.`;

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

type Security = Array<Record<string, string[]>>;

const DINER: Security = [{ bearer: [] }];
// Signed in or not: the bearer adds the diner's rights (canManage, their contact details) but is not needed.
const DINER_OR_ANYONE: Security = [{ bearer: [] }, {}];

/** The OpenAPI security of the diner's calls (the staff and admin routes name theirs; every other call is public). */
const DINER_SECURITY: Record<string, Security> = {
  '/api/booking/validate': DINER,
  '/api/booking/update_user': DINER,
  '/api/booking/user/get': DINER,
  '/api/front/user/update': DINER,
  '/api/front/user/bookings': DINER,
  '/api/front/user/guest_bookings': DINER,
  '/api/front/user/guest_bookings/code': DINER,
  '/api/front/user/guest_bookings/attach': DINER,
  '/broadcasting/auth': [{ bearer: [] }, { staffToken: [] }],
  '/api/booking/booking_merchant/get': DINER_OR_ANYONE,
  '/api/booking/create': DINER_OR_ANYONE,
  '/api/booking/get': DINER_OR_ANYONE,
  '/api/booking/cancel': DINER_OR_ANYONE,
  '/api/booking/set_comment': DINER_OR_ANYONE,
  '/api/front/user/logout': DINER_OR_ANYONE,
};

/** `post /api/pro/{slug}/bookings/{token}/no_show` -> `postApiProSlugBookingsTokenNoShow`: unique, as method and path are. */
export function operationIdOf(method: string, url: string): string {
  const words = `${method} ${url}`.split(/[^A-Za-z0-9]+/).filter(Boolean);
  return words.map((word, index) => (index === 0 ? word.toLowerCase() : word[0]!.toUpperCase() + word.slice(1))).join('');
}

type TransformInput = Parameters<typeof jsonSchemaTransform>[0];

/** The zod transform, then what every operation must carry: an operationId, tags and its security (empty when public). */
function transform(input: TransformInput): ReturnType<typeof jsonSchemaTransform> {
  const output = jsonSchemaTransform(input);
  const schema = output.schema as Record<string, unknown>;
  if (schema.hide) return output;
  const method = Array.isArray(input.route.method) ? input.route.method[0]! : input.route.method;
  schema.operationId ??= operationIdOf(method, output.url);
  schema.security ??= DINER_SECURITY[output.url] ?? [];
  return output;
}

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
      servers: [{ url: '/', description: 'This server' }],
      tags: [
        { name: 'booking', description: 'The diner\u2019s booking calls (spec section 7)' },
        { name: 'account', description: 'The diner\u2019s account: sign-in, tokens, details, bookings' },
        { name: 'realtime', description: 'Live updates: the Pusher client\u2019s options and private channels' },
        { name: 'staff', description: 'The restaurant\u2019s calls under /api/pro (a staff bearer)' },
        { name: 'site', description: 'What the static site\u2019s build reads' },
        { name: 'admin', description: 'Operators\u2019 calls (ADMIN_TOKEN)' },
        { name: 'health', description: 'Probes for load balancers' },
      ],
    },
    transform,
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs', staticCSP: DOCS_CSP });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
});
