import { beforeEach, describe, expect, test } from 'vitest';
import { bookingApi } from '../../../src/lib/api/booking-api.ts';
import { signIn, signOut } from '../../../src/stores/auth.ts';
import { $booking, $bookingToken, discardBooking } from '../../../src/stores/booking.ts';
import { submitBooking } from '../../../src/stores/booking-writes.ts';
import { $merchantSlug } from '../../../src/stores/merchant.ts';
import { prefillSelection, resetSelection } from '../../../src/stores/selection.ts';
import { $validatePage, acceptTerms, openComment, openValidatePage, pressValidate } from '../../../src/stores/validate-page.ts';
import { useBrowserTestServer } from '../support/browser-test-server.ts';

const server = useBrowserTestServer();
const slug = 'le-petit-zinc';

beforeEach(() => {
  signOut();
  resetSelection();
  $merchantSlug.set(slug);
  discardBooking();
});

/** A signed-in diner's draft at the first free time of a day, as the booking home makes it. */
async function draftOf(date: string): Promise<string> {
  signIn((await server.signIn()).bearer);
  const { bookingZones } = await bookingApi.getBookingZones(slug, date);
  const zoneId = bookingZones[0]!.id;
  const { slots } = await bookingApi.getBookingSlots({ merchantSlug: slug, date, zoneId, neededSeats: 2 });
  prefillSelection({ date, guests: 2, zoneId, slot: slots.find((candidate) => candidate.available)! });
  await submitBooking();
  return $bookingToken.get()!;
}

describe('the Validate page against the real server', () => {
  test('entering shows the draft, ready to validate, with the terms not yet accepted', async () => {
    const token = await draftOf('2026-11-24');
    expect(await openValidatePage(slug, token)).toBeNull();
    expect($validatePage.get()).toMatchObject({ phase: 'ready', accepted: false, termsInvalid: false, failure: null, busy: false });
    expect($booking.get()?.token).toBe(token);
  });

  test('Validate with the terms not accepted sends nothing and points at the terms; accepting them clears the warning', async () => {
    const token = await draftOf('2026-11-25');
    await openValidatePage(slug, token);
    expect(await pressValidate()).toEqual({ focus: 'terms' });
    expect($validatePage.get()).toMatchObject({ termsInvalid: true, busy: false });
    expect((await bookingApi.getBooking(token, slug)).booking.status).toBeNull();
    acceptTerms(true);
    expect($validatePage.get()).toMatchObject({ accepted: true, termsInvalid: false });
  });

  test('Validate with the terms accepted makes the booking firm and leads to its tracking page, the button busy until it shows', async () => {
    const token = await draftOf('2026-11-26');
    await openValidatePage(slug, token);
    acceptTerms(true);
    const pressed = pressValidate();
    expect($validatePage.get().busy).toBe(true);
    expect(await pressed).toEqual({ to: `/${slug}/booking_complete/${token}` });
    expect($validatePage.get().busy).toBe(true);
    expect($booking.get()?.status).toBe(10);
  });

  test('a booking validated already leads to its tracking page, and a page shown again keeps what the diner did', async () => {
    const token = await draftOf('2026-11-27');
    await openValidatePage(slug, token);
    acceptTerms(true);
    openComment(true);
    expect(await openValidatePage(slug, token, undefined, true)).toBeNull();
    expect($validatePage.get()).toMatchObject({ accepted: true, commentOpen: true });
    await pressValidate();
    expect(await openValidatePage(slug, token)).toBe(`/${slug}/booking_complete/${token}`);
  });

  test('a booking that cannot be read shows why, and a new page starts afresh', async () => {
    acceptTerms(true);
    signIn((await server.signIn()).bearer);
    expect(await openValidatePage(slug, 'TOKEN-unknown-0123456789')).toBeNull();
    expect($validatePage.get()).toMatchObject({ phase: 'failed', accepted: false, loadFailure: { code: 'booking_not_found' } });
  });
});
