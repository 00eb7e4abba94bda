/** Builds the HTTP server: booking API, admin API, live channel and the static site, on one port. */
import path from 'node:path';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Database } from './db/database.ts';
import { publishBookingUpdate } from './realtime/booking-events.ts';
import type { Realtime } from './realtime/realtime.ts';
import { adminRoutes } from './routes/admin-routes.ts';
import { bookingRoutes } from './routes/booking-routes.ts';
import { docsRoutes } from './routes/docs-routes.ts';
import { installErrorHandler } from './routes/error-handler.ts';
import { merchantRoutes } from './routes/merchant-routes.ts';
import { realtimeRoutes } from './routes/realtime-routes.ts';
import { createRequestUser } from './routes/request-user.ts';
import { siteRoutes } from './routes/site-routes.ts';
import { createBookingService, type BookingService } from './services/booking-service.ts';

/** Everything the server is built from; tests pass a fresh database and their own clock. */
export interface ServerDeps {
  db: Database;
  realtime: Realtime;
  /** The clock; tests move it. */
  now?: () => Date;
  holdMinutes?: number;
  adminToken?: string;
  /** Folder of imported merchant images, served at /media. */
  mediaDir: string;
  /** Folder of the built site; when absent the server answers the API only. */
  siteDir?: string;
  /** Called when a merchant was created or changed. */
  onMerchantChange?: (slug: string) => void;
  logLevel?: string;
  /** Largest accepted request body in bytes. */
  bodyLimit?: number;
}

/** The server and the booking service it runs on (exposed for the sweeper and tests). */
export interface CouvertServer {
  app: FastifyInstance;
  bookings: BookingService;
}

/** Creates the server; call `app.listen` (or `app.inject` in tests). */
export async function createServer(deps: ServerDeps): Promise<CouvertServer> {
  const now = deps.now ?? (() => new Date());
  const app = Fastify({
    logger: { level: deps.logLevel ?? 'info' },
    bodyLimit: deps.bodyLimit ?? 256 * 1024,
    trustProxy: true,
    // One log line per request costs more than the request itself on the hot booking calls.
    logController: new LogController({ disableRequestLogging: true }),
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandler(app);
  // pusher-js posts its channel authorisation as a form.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });

  const bookings = createBookingService({
    db: deps.db,
    now,
    holdMinutes: deps.holdMinutes ?? 10,
    onChange: (booking) => publishBookingUpdate(deps.realtime.broadcaster, booking, now()),
  });
  const requestUser = createRequestUser(deps.db, now);

  await app.register(docsRoutes);
  await app.register(bookingRoutes, { db: deps.db, bookings, requestUser, now });
  await app.register(merchantRoutes, { db: deps.db });
  await app.register(realtimeRoutes, { realtime: deps.realtime, requestUser });
  await app.register(adminRoutes, {
    db: deps.db,
    adminToken: deps.adminToken,
    mediaDir: deps.mediaDir,
    bookings,
    onMerchantChange: deps.onMerchantChange ?? (() => {}),
  });
  await app.register(siteRoutes, { siteDir: deps.siteDir, mediaDir: path.resolve(deps.mediaDir) });

  app.addHook('onReady', async () => deps.realtime.attach(app.server));
  return { app, bookings };
}
