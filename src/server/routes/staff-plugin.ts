/** The restaurant's side as one plugin: staff sign-in and the staff calls under /api/pro. */
import type { FastifyInstance } from 'fastify';
import type { AccountLimits } from '../auth/account-settings.ts';
import type { Database } from '../db/database.ts';
import type { Broadcaster } from '../realtime/broadcaster.ts';
import { publishAvailabilityChange, publishMerchantClosings, publishMerchantGuest } from '../realtime/merchant-events.ts';
import type { BookingService } from '../services/booking-service.ts';
import { createClosingService } from '../services/merchant-closings.ts';
import { createStaffDayView } from '../services/staff-day-view.ts';
import { staffActionRoutes } from './staff-action-routes.ts';
import { staffAuthRoutes } from './staff-auth-routes.ts';
import { staffBookRoutes } from './staff-book-routes.ts';
import { staffClosingRoutes } from './staff-closing-routes.ts';
import { staffDefinitionRoutes } from './staff-definition-routes.ts';
import { staffGuestRoutes } from './staff-guest-routes.ts';
import { staffPhotoRoutes } from './staff-photo-routes.ts';
import { createRequestStaff } from './request-staff.ts';

/** What the staff side is built from. */
export interface StaffPluginOptions {
  db: Database;
  now: () => Date;
  /** The diners' sign-in limits, which staff sign-in follows. */
  limits?: Partial<AccountLimits>;
  /** The booking service the staff actions go through, as the admin API's do. */
  bookings: BookingService;
  /** Where staff closings are announced (the merchant's private channel). */
  broadcaster: Broadcaster;
  /** Called when a merchant's public page must be rebuilt (closings change its closed days). */
  onMerchantChange: (slug: string) => void;
  /** Folder served at /media (a definition saved by staff may name the merchant's own images there). */
  mediaDir: string;
  /** Ends the live sockets of revoked staff sessions and removed staff rows (Realtime.revokeStaff). */
  revokeStaff?: (revocation: { sessionIds: string[]; staffIds: string[] }) => Promise<void>;
  /** Looks for due jobs now (a saved definition may have written staff invitations). */
  wakeJobs?: () => void;
}

/** Registers every staff route. */
export async function staffPlugin(app: FastifyInstance, options: StaffPluginOptions): Promise<void> {
  const requestStaff = createRequestStaff(options.db, options.now);
  await staffAuthRoutes(app, { db: options.db, now: options.now, requestStaff, limits: options.limits, revokeStaff: options.revokeStaff });
  const days = createStaffDayView({ db: options.db, loadFloor: (slug) => options.bookings.loadFloor(slug) });
  await staffBookRoutes(app, { db: options.db, now: options.now, requestStaff, days });
  await staffActionRoutes(app, { bookings: options.bookings, requestStaff });
  await staffGuestRoutes(app, {
    db: options.db,
    now: options.now,
    requestStaff,
    onSaved: (merchantId) => void publishMerchantGuest(options.broadcaster, merchantId, options.now()),
  });
  const closings = createClosingService({
    db: options.db,
    now: options.now,
    loadFloor: (slug) => options.bookings.loadFloor(slug),
    onChange: async (merchant, change) => {
      await publishMerchantClosings(options.broadcaster, merchant.id, change, options.now());
      await publishAvailabilityChange(options.broadcaster, merchant.slug, change, options.now());
      options.onMerchantChange(merchant.slug);
    },
  });
  await staffClosingRoutes(app, { closings, requestStaff });
  await staffDefinitionRoutes(app, {
    db: options.db,
    now: options.now,
    requestStaff,
    mediaDir: options.mediaDir,
    onMerchantChange: options.onMerchantChange,
    onAvailabilityChange: (slug) => publishAvailabilityChange(options.broadcaster, slug, { action: 'definition', day: null }, options.now()),
    revokeStaff: options.revokeStaff,
    wakeJobs: options.wakeJobs,
  });
  await staffPhotoRoutes(app, { requestStaff, mediaDir: options.mediaDir });
}
