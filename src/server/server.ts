/** Builds the HTTP server: booking API, admin API, live channel and the static site, on one port. */
import path from 'node:path';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Database } from './db/database.ts';
import { publishBookingUpdate } from './realtime/booking-events.ts';
import { publishMerchantBookingUpdate } from './realtime/merchant-events.ts';
import type { Realtime } from './realtime/realtime.ts';
import type { AccountOptions } from './auth/account-settings.ts';
import { registerRateLimits } from './auth/rate-limit.ts';
import { staffInviteSender } from './auth/password-reset.ts';
import { DEFAULT_PHONE_LIMITS, setPhoneLimits, type PhoneLimits } from './db/phone-limits.ts';
import { DEFAULT_DRAFT_LIMITS, type DraftLimits } from './routes/draft-limits.ts';
import { accountsPlugin } from './routes/accounts-plugin.ts';
import { adminRoutes } from './routes/admin-routes.ts';
import { bookingRoutes } from './routes/booking-routes.ts';
import { docsRoutes } from './routes/docs-routes.ts';
import { healthRoutes } from './routes/health-routes.ts';
import { installErrorHandler } from './routes/error-handler.ts';
import { merchantRoutes } from './routes/merchant-routes.ts';
import { staffPlugin } from './routes/staff-plugin.ts';
import { realtimeRoutes } from './routes/realtime-routes.ts';
import { createRequestStaff } from './routes/request-staff.ts';
import { createRequestUser } from './routes/request-user.ts';
import { securityHeaders } from './routes/security-headers.ts';
import { siteRoutes } from './routes/site-routes.ts';
import { installWellFormedTextCheck } from './routes/well-formed-text-check.ts';
import { createBookingService, type BookingService } from './services/booking-service.ts';
import { shortLinkRoutes } from './routes/short-link-routes.ts';
import type { SmsSender } from './mail/sms.ts';
import { createJobWorker, type JobWorker } from './jobs/job-worker.ts';
import { periodicJobHandlers } from './jobs/periodic-jobs.ts';
import { createBookingMessagePlanner, type RestaurantRecipients } from './jobs/booking-message-plan.ts';
import { composeBookingMessage, restaurantRecipients } from './jobs/booking-message-content.ts';
import { messageJobHandlers } from './jobs/message-jobs.ts';

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
  /** Where log lines go instead of stdout (main.ts: a readable form on a terminal). */
  logStream?: { write(line: string): void };
  /** Sends the booking messages' text messages (from the outbox) and identity codes; none in tests that do not ask for it. */
  sms?: SmsSender;
  /** Public origin of the site, for links in messages. */
  siteUrl?: string;
  /** Believe X-Forwarded-For from these proxies (true: any; a string: addresses or CIDRs). */
  trustProxy?: boolean | string;
  /** Largest accepted request body in bytes. */
  bodyLimit?: number;
  /** Accounts and sign-in: public URL, OAuth client, token lifetimes, mailer, rate limiter, social providers (all defaulted). */
  accounts?: AccountOptions;
  /** Abuse limits of the booking calls (defaults: DEFAULT_DRAFT_LIMITS with the hold time as window, DEFAULT_PHONE_LIMITS). */
  limits?: { drafts?: Partial<DraftLimits>; phones?: Partial<PhoneLimits> };
  /** Keep every rate limit's counts in this Redis, shared by all processes (default: this process's memory). */
  rateLimitRedisUrl?: string;
  /** Prefix of the rate-limit keys in Redis (default 'couvert-rate:'). */
  rateLimitNameSpace?: string;
  /** Where a restaurant's messages go (default: its definition's `notifications`). */
  restaurantRecipients?: RestaurantRecipients;
  /** The job worker's lease and longest poll interval (defaults: 5 minutes, 5 seconds). */
  jobs?: { leaseMs?: number; pollMs?: number };
}

/** The server, the booking service it runs on and its job worker (started by main.ts; tests run it by hand). */
export interface CouvertServer {
  app: FastifyInstance;
  bookings: BookingService;
  jobs: JobWorker;
}

/** A form body's fields as own properties (`__proto__` too); a field sent more than once becomes the list of its values. */
export function formFields(body: string): Record<string, string | string[]> {
  const fields: Record<string, string | string[]> = {};
  for (const [name, value] of new URLSearchParams(body)) {
    const before = Object.hasOwn(fields, name) ? fields[name] : undefined;
    const next = before === undefined ? value : [...(Array.isArray(before) ? before : [before]), value];
    Object.defineProperty(fields, name, { value: next, enumerable: true, writable: true, configurable: true });
  }
  return fields;
}

/** Creates the server; call `app.listen` (or `app.inject` in tests). */
export async function createServer(deps: ServerDeps): Promise<CouvertServer> {
  const now = deps.now ?? (() => new Date());
  const app = Fastify({
    logger: { level: deps.logLevel ?? 'info', ...(deps.logStream ? { stream: deps.logStream } : {}) },
    bodyLimit: deps.bodyLimit ?? 256 * 1024,
    trustProxy: deps.trustProxy ?? false,
    // One log line per request costs more than the request itself on the hot booking calls.
    logController: new LogController({ disableRequestLogging: true }),
  });
  // First: its hooks must run for every route, error and not-found answer.
  await app.register(securityHeaders);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandler(app);
  installWellFormedTextCheck(app);
  // pusher-js posts its channel authorisation as a form.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    done(null, formFields(body as string));
  });

  const recipients = deps.restaurantRecipients ?? restaurantRecipients;
  const planMessages = createBookingMessagePlanner({ restaurantRecipients: recipients });
  // Bookings whose write planned its messages, until it is told committed: only those wake the job worker (a draft,
  // a guest's details or a comment plan nothing, and each wake costs a claim and a look at the next due job).
  const planned = new Set<string>();
  const bookings = createBookingService({
    db: deps.db,
    now,
    holdMinutes: deps.holdMinutes ?? 10,
    // Every message a change causes is written with it, and sent by a job after it commits.
    onWrite: async (tx, change) => {
      await planMessages(tx, change);
      // A write rolled back after planning leaves its id: bounded, and at worst one needless wake later.
      if (planned.size >= 10_000) planned.clear();
      planned.add(change.after.id);
    },
    onChange: async (booking) => {
      // A change that planned jobs (messages, reminders): look for due ones now rather than at the next poll.
      if (planned.delete(booking.id)) jobs.wake();
      await publishBookingUpdate(deps.realtime.broadcaster, booking, now());
      // Drafts are not in the staff book: its channel hears of a booking once it is validated.
      if (booking.status !== null) await publishMerchantBookingUpdate(deps.realtime.broadcaster, booking, now());
    },
  });
  const jobs = createJobWorker({
    db: deps.db,
    now,
    handlers: {
      ...periodicJobHandlers({ db: deps.db, bookings }),
      ...messageJobHandlers({
        db: deps.db,
        bookings,
        siteUrl: deps.siteUrl ?? '',
        compose: composeBookingMessage,
        restaurantRecipients: recipients,
        sendEmail: deps.accounts?.mailer ? (email) => deps.accounts!.mailer!.send(email) : undefined,
        sms: deps.sms,
        inviteStaff: staffInviteSender(deps.db, now, deps.accounts),
      }),
    },
    leaseMs: deps.jobs?.leaseMs,
    pollMs: deps.jobs?.pollMs,
    log: app.log,
  });
  const requestUser = createRequestUser(deps.db, now);
  await registerRateLimits(app, { redisUrl: deps.rateLimitRedisUrl, nameSpace: deps.rateLimitNameSpace });
  setPhoneLimits(deps.db, { ...DEFAULT_PHONE_LIMITS, ...deps.limits?.phones });
  const draftLimits = { ...DEFAULT_DRAFT_LIMITS, windowSeconds: (deps.holdMinutes ?? 10) * 60, ...deps.limits?.drafts };

  await app.register(docsRoutes);
  await app.register(healthRoutes, { db: deps.db });
  await app.register(bookingRoutes, { db: deps.db, bookings, requestUser, now, draftLimits });
  await app.register(merchantRoutes, { db: deps.db });
  await app.register(realtimeRoutes, { realtime: deps.realtime, requestUser, requestStaff: createRequestStaff(deps.db, now) });
  const revokeStaff = (revocation: { sessionIds: string[]; staffIds: string[] }) => deps.realtime.revokeStaff(revocation);
  await app.register(accountsPlugin, {
    db: deps.db,
    now,
    requestUser,
    accounts: deps.accounts,
    sms: deps.sms,
    announceBookings: bookings.announce,
    revokeStaff,
  });
  await app.register(staffPlugin, {
    db: deps.db,
    now,
    limits: deps.accounts?.limits,
    bookings,
    broadcaster: deps.realtime.broadcaster,
    onMerchantChange: deps.onMerchantChange ?? (() => {}),
    mediaDir: deps.mediaDir,
    revokeStaff,
    wakeJobs: () => jobs.wake(),
  });
  await app.register(adminRoutes, {
    db: deps.db,
    adminToken: deps.adminToken,
    mediaDir: deps.mediaDir,
    bookings,
    onMerchantChange: deps.onMerchantChange ?? (() => {}),
    now,
    onJobRetried: () => jobs.wake(),
    revokeStaff,
  });
  await app.register(shortLinkRoutes, { db: deps.db });
  await app.register(siteRoutes, { siteDir: deps.siteDir, mediaDir: path.resolve(deps.mediaDir) });

  app.addHook('onReady', async () => deps.realtime.attach(app.server));
  return { app, bookings, jobs };
}
