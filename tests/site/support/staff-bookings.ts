/** Bookings made by a diner through the real public calls, for the staff book's store tests. */
import { bookingApi } from '../../../src/lib/api/booking-api.ts';
import { setBearer } from '../../../src/lib/platform/storage.ts';
import type { TestServer } from '../../support/test-server.ts';

/** A pending (validated) booking at `slug` on `date`, at its first free time (or the `nth` one), by a signed-in diner; the diner's bearer stays stored. */
export async function dinerBooks(
  server: Pick<TestServer, 'signIn'>,
  slug: string,
  date: string,
  diner: { lastname: string; phone?: string },
  nth = 0,
): Promise<{ token: string; bearer: string; timestamp: number }> {
  const { bearer } = await server.signIn({ firstname: 'Camille', lastname: diner.lastname, phone: diner.phone });
  setBearer(bearer);
  const { slots } = await bookingApi.getBookingSlots({ merchantSlug: slug, date, zoneId: 'all', neededSeats: 2 });
  const slot = slots.filter((candidate) => candidate.available)[nth]!;
  const { token } = await bookingApi.createBooking({ token: null, merchant_slug: slug, datetime: slot.timestamp, booking_zone_id: 'all', client_count: 2 });
  await bookingApi.validateBooking(token, slug);
  return { token, bearer, timestamp: slot.timestamp };
}
