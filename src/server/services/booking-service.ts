/**
 * The booking service: the life cycle's commands (the diner's, the restaurant's, the server's own), its queries and
 * the diner's view, over one writer whose locked-write step every change of state goes through.
 */
import type { BookingRow } from '../db/booking-store.ts';
import { createDinerCommands } from './booking-diner-commands.ts';
import { createDinerView } from './booking-diner-view.ts';
import { createBookingQueries } from './booking-queries.ts';
import { createStaffCommands } from './booking-staff-commands.ts';
import { createSystemCommands } from './booking-system-commands.ts';
import { createBookingWriter, type BookingServiceDeps } from './booking-write.ts';

export { type BookingCause, type BookingChange, type BookingListener, type BookingServiceDeps, type DraftRequest } from './booking-write.ts';

/** Creates the booking service. */
export function createBookingService(deps: BookingServiceDeps) {
  const writer = createBookingWriter(deps);
  const system = createSystemCommands(writer);

  /** Tells caches, pages and staff books of bookings written and committed elsewhere (a diner's new details). */
  async function announce(rows: BookingRow[]): Promise<void> {
    for (const row of rows) await writer.changed(row);
  }

  return {
    ...createDinerCommands(writer),
    ...createStaffCommands(writer),
    ...system,
    ...createBookingQueries(writer, system.finishIfPast),
    ...createDinerView(writer),
    announce,
  };
}

/** The booking service's interface. */
export type BookingService = ReturnType<typeof createBookingService>;
