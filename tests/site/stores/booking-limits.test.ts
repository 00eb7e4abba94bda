import { beforeEach, describe, expect, test } from 'vitest';
import * as bookingApi from '../../../src/lib/api/booking-api.ts';
import { errorMessage } from '../../../src/i18n/i18n.ts';
import { $bookingToken, discardBooking } from '../../../src/stores/booking.ts';
import { submitBooking } from '../../../src/stores/booking-writes.ts';
import { $merchantSlug } from '../../../src/stores/merchant.ts';
import { prefillSelection, resetSelection } from '../../../src/stores/selection.ts';
import { installStorage } from '../support/browser-storage.ts';
import { useBrowserTestServer } from '../support/browser-test-server.ts';

// Two new drafts per device; the address (every browser here shares 127.0.0.1) and the evening allow plenty.
const PER_DEVICE = 2;
useBrowserTestServer({ limits: { drafts: { perDevice: PER_DEVICE, perAddress: 100, perEvening: 100 } } });
const slug = 'le-petit-zinc';

beforeEach(() => {
  resetSelection();
  $merchantSlug.set(slug);
  discardBooking();
});

/** Chooses the first available time of a day, as the choosers would. */
async function chooseFirstTime(date: string) {
  const { bookingZones } = await bookingApi.getBookingZones(slug, date);
  const zoneId = bookingZones[0]!.id;
  const { slots } = await bookingApi.getBookingSlots({ merchantSlug: slug, date, zoneId, neededSeats: 2 });
  prefillSelection({ date, guests: 2, zoneId, slot: slots.find((candidate) => candidate.available)! });
}

/** Continue on the booking home with nothing held: a new draft each time. */
async function newDraft(date: string) {
  discardBooking();
  await chooseFirstTime(date);
  return submitBooking('fr');
}

describe('a browser past its drafts limit', () => {
  test('is told, in its language, to wait; changing the booking it holds is never refused', async () => {
    for (let i = 0; i < PER_DEVICE; i++) expect(await newDraft('2026-11-25')).toMatchObject({ ok: true });
    const held = $bookingToken.get();
    const refused = await newDraft('2026-11-25');
    expect(refused).toEqual({ ok: false, code: 'rate_limited', to: null });
    // What BookingActions shows under the button for that code.
    expect(errorMessage('fr', 'rate_limited')).toBe('Trop de tentatives : patientez un instant puis réessayez.');
    for (const lang of ['en', 'es', 'it'] as const) expect(errorMessage(lang, 'rate_limited')).not.toBe(errorMessage(lang, 'generic'));

    // The last draft is still held: moving it to another day is a change, not a new draft.
    $bookingToken.set(held);
    await chooseFirstTime('2026-11-26');
    expect(await submitBooking('fr')).toMatchObject({ ok: true });
    expect($bookingToken.get()).toBe(held);
  });

  test('another browser behind the same address has its own allowance', async () => {
    for (let i = 0; i < PER_DEVICE; i++) expect(await newDraft('2026-11-27')).toMatchObject({ ok: true });
    expect(await newDraft('2026-11-27')).toMatchObject({ ok: false, code: 'rate_limited' });
    installStorage();
    expect(await newDraft('2026-11-27')).toMatchObject({ ok: true });
  });
});
