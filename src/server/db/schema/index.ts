/**
 * The database schema, one file per area: merchants and their floor, staff, diners and their credentials, bookings,
 * and the jobs and messages behind them. drizzle-kit reads this file (src/server/db/drizzle.config.ts).
 */
import { bookingTables, bookings, contactCodes, identityCodes } from './bookings.ts';
import { guestProfiles } from './guests.ts';
import { accessTokens, loginHandoffs, passwordResets, refreshTokens, socialIdentities, socialLoginStates, users } from './diners.ts';
import { diningTables, merchantClosings, merchants, zones } from './merchants.ts';
import { jobs, messagesOutbox } from './messages.ts';
import { merchantChanges, staff, staffPasswordResets, staffSessions } from './staff.ts';

export * from './bookings.ts';
export * from './diners.ts';
export * from './guests.ts';
export * from './merchants.ts';
export * from './messages.ts';
export * from './staff.ts';

/** Every table of the schema, for drizzle's relational API. */
export const schema = {
  merchants,
  zones,
  diningTables,
  staff,
  staffSessions,
  staffPasswordResets,
  merchantClosings,
  merchantChanges,
  users,
  accessTokens,
  bookings,
  bookingTables,
  guestProfiles,
  refreshTokens,
  passwordResets,
  socialIdentities,
  socialLoginStates,
  loginHandoffs,
  identityCodes,
  contactCodes,
  jobs,
  messagesOutbox,
};
