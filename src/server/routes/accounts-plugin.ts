/** The account side as one plugin: builds its services and registers its routes. */
import type { FastifyInstance } from 'fastify';
import type { AccountOptions } from '../auth/account-settings.ts';
import type { BookingRow } from '../db/booking-store.ts';
import type { Database } from '../db/database.ts';
import type { SmsSender } from '../mail/sms.ts';
import { createAccountContext } from './account-context.ts';
import { accountRoutes } from './account-routes.ts';
import { bookingSessionRoutes } from './booking-session-routes.ts';
import { guestBookingRoutes } from './guest-booking-routes.ts';
import { oauthRoutes } from './oauth-routes.ts';
import { passwordResetRoutes } from './password-reset-routes.ts';
import { staffPasswordResetRoutes } from './staff-password-reset-routes.ts';
import type { RequestUser } from './request-user.ts';
import { socialRoutes } from './social-routes.ts';
import { userRoutes } from './user-routes.ts';

/** What the account side is built from. */
export interface AccountsPluginOptions {
  db: Database;
  now: () => Date;
  requestUser: RequestUser;
  accounts?: AccountOptions;
  /** Sends identity codes by SMS. */
  sms?: SmsSender;
  /** Tells pages and staff books of bookings a diner's change of details moved to a new revision. */
  announceBookings: (bookings: BookingRow[]) => Promise<void>;
  /** Ends the live sockets of revoked staff sessions and removed staff rows (Realtime.revokeStaff). */
  revokeStaff?: (revocation: { sessionIds: string[]; staffIds: string[] }) => Promise<void>;
}

/** Registers every account route: login methods, authCheck, user, guests, registration, tokens, reset, social, the account's bookings and sign-out, booking sessions. */
export async function accountsPlugin(app: FastifyInstance, options: AccountsPluginOptions): Promise<void> {
  const ctx = createAccountContext(
    app,
    {
      db: options.db,
      now: options.now,
      requestUser: options.requestUser,
      log: (line) => app.log.info(line),
      sms: options.sms,
      announceBookings: options.announceBookings,
      revokeStaff: options.revokeStaff,
    },
    options.accounts,
  );
  await accountRoutes(app, ctx);
  await oauthRoutes(app, ctx);
  await passwordResetRoutes(app, ctx);
  await staffPasswordResetRoutes(app, ctx);
  await socialRoutes(app, ctx);
  await userRoutes(app, ctx);
  await bookingSessionRoutes(app, ctx);
  await guestBookingRoutes(app, ctx);
}
