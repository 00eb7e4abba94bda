import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { setApiBaseUrl } from '../../../src/lib/api/api-client.ts';
import { bookingApi } from '../../../src/lib/api/booking-api.ts';
import { signOut } from '../../../src/stores/auth.ts';
import { $booking, discardBooking } from '../../../src/stores/booking.ts';
import { $bookingComplete, closeCancel, confirmCancel, followBookingComplete, leaveBookingComplete, openCancel } from '../../../src/stores/booking-complete.ts';
import { useBrowserTestServer } from '../support/browser-test-server.ts';
import { dinerBooks } from '../support/staff-bookings.ts';
import { until } from '../support/store-wait.ts';

const server = useBrowserTestServer();
const SLUG = 'le-petit-zinc';
const WRONG_KEY = 'Kq3_x9ZrT4mN8pL2vB6cH1sD5fG7jW0e';
let stops: (() => void)[] = [];
/** The window's online events. */
let browser = new EventTarget();

const location = () => {
  const url = new URL(server.url);
  return { hostname: url.hostname, port: url.port, protocol: url.protocol };
};

/** Opens the tracking page of `token` as the island does, with the live channel on the test server. */
function follow(token: string, link: { key: string; action: 'cancel' | null } | null = null): void {
  stops.push(followBookingComplete(SLUG, token, () => link, { subscribeOptions: { location: location() }, events: browser }));
}

beforeEach(() => {
  signOut();
  discardBooking();
  leaveBookingComplete();
  browser = new EventTarget();
  // The page is shown: the store is listened to, as the island does.
  stops = [$bookingComplete.listen(() => {})];
});

afterEach(() => stops.forEach((stop) => stop()));

describe('the tracking page', () => {
  test('reads the booking once the live channel is up, and shows it ready', async () => {
    const { token } = await dinerBooks(server, SLUG, '2026-12-01', { lastname: 'Suivi' });
    expect($bookingComplete.get()).toMatchObject({ phase: 'loading', subscribed: false });
    follow(token);
    const page = await until($bookingComplete, (state) => state.phase === 'ready' && state.subscribed);
    expect(page).toMatchObject({ failure: null, offlineCopyAt: null, manageFailure: null, cancelLinkResult: null, cancelOpen: false });
    expect($booking.get()).toMatchObject({ token, status: 10 });
  });

  test('a newer revision published on the channel is read again without being asked for', async () => {
    const { token } = await dinerBooks(server, SLUG, '2026-12-02', { lastname: 'EnDirect' });
    follow(token);
    await until($bookingComplete, (state) => state.phase === 'ready' && state.subscribed);
    await bookingApi.cancelBooking(token, SLUG);
    await until($booking, (booking) => booking?.token === token && booking.status !== 10);
  });

  test('a booking the server does not know fails with its code', async () => {
    follow('TOKEN-unknown-0123456789');
    expect(await until($bookingComplete, (state) => state.phase === 'failed')).toMatchObject({ failure: 'booking_not_found' });
  });

  test('opened offline, it shows the copy kept from the last visit and when it was read', async () => {
    const { token } = await dinerBooks(server, SLUG, '2026-12-03', { lastname: 'Hors-Ligne' });
    follow(token);
    await until($bookingComplete, (state) => state.phase === 'ready');
    stops.forEach((stop) => stop());
    leaveBookingComplete();
    discardBooking();
    stops = [$bookingComplete.listen(() => {})];
    setApiBaseUrl('http://127.0.0.1:9');
    follow(token);
    const page = await until($bookingComplete, (state) => state.phase === 'ready');
    expect(page.offlineCopyAt).toBeLessThanOrEqual(Date.now());
    expect($booking.get()).toMatchObject({ token, status: 10 });

    // Back online, the booking is read afresh and the copy gives way.
    setApiBaseUrl(server.url);
    browser.dispatchEvent(new Event('online'));
    expect(await until($bookingComplete, (state) => state.offlineCopyAt === null)).toMatchObject({ phase: 'ready', failure: null });
  });

  test('opened offline with no copy kept, it fails for want of a network', async () => {
    setApiBaseUrl('http://127.0.0.1:9');
    follow('TOKEN-never-seen-0123456789');
    expect(await until($bookingComplete, (state) => state.phase === 'failed')).toMatchObject({ failure: 'network_error' });
  });

  test('Cancel opens the confirmation and closing it closes it; confirming cancels the booking and closes it', async () => {
    const { token } = await dinerBooks(server, SLUG, '2026-12-04', { lastname: 'Annule' });
    follow(token);
    await until($bookingComplete, (state) => state.phase === 'ready');
    openCancel();
    expect($bookingComplete.get().cancelOpen).toBe(true);
    closeCancel();
    expect($bookingComplete.get().cancelOpen).toBe(false);
    openCancel();
    expect(await confirmCancel()).toEqual({ ok: true });
    expect($bookingComplete.get().cancelOpen).toBe(false);
    expect($booking.get()?.status).not.toBe(10);
  });
});

describe("the reminder's cancel link", () => {
  test('with a key the server refuses, the page says the link is not valid and does not open the confirmation', async () => {
    const { token } = await dinerBooks(server, SLUG, '2026-12-08', { lastname: 'Refus' });
    signOut();
    follow(token, { key: WRONG_KEY, action: 'cancel' });
    const page = await until($bookingComplete, (state) => state.cancelLinkResult !== null);
    expect(page).toMatchObject({ phase: 'ready', manageFailure: 'manage_key_invalid', cancelLinkResult: 'refused', cancelOpen: false });
  });

  test('on a booking already cancelled, the page says so rather than asking again', async () => {
    const { token } = await dinerBooks(server, SLUG, '2026-12-09', { lastname: 'DejaAnnule' });
    await bookingApi.cancelBooking(token, SLUG);
    follow(token, { key: WRONG_KEY, action: 'cancel' });
    const page = await until($bookingComplete, (state) => state.cancelLinkResult !== null);
    expect(page).toMatchObject({ cancelLinkResult: 'cancelled', cancelOpen: false });
  });

  test('the plain manage link (no action) says nothing about cancelling', async () => {
    const { token } = await dinerBooks(server, SLUG, '2026-12-10', { lastname: 'Simple' });
    follow(token, { key: WRONG_KEY, action: null });
    const page = await until($bookingComplete, (state) => state.manageFailure !== null && state.phase === 'ready');
    expect(page.cancelLinkResult).toBeNull();
  });
});
