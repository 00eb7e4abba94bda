import { beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { setApiBaseUrl } from '../../../src/lib/api/api-client.ts';
import { bookingApi } from '../../../src/lib/api/booking-api.ts';
import { staffApi, type StaffApi } from '../../../src/lib/api/staff-api.ts';
import {
  $staffBook,
  $staffPendingCount,
  $staffSearch,
  actOnBooking,
  clearSearch,
  createStaffBooking,
  loadDay,
  loadMerchantDetails,
  openBook,
  searchBook,
} from '../../../src/stores/staff-book.ts';
import { $staffSession, forgetStaff } from '../../../src/stores/staff-session.ts';
import { useBrowserTestServer } from '../support/browser-test-server.ts';
import { dinerBooks } from '../support/staff-bookings.ts';

const server = useBrowserTestServer();
const SLUG = 'le-petit-zinc';
const CLAIRE = { email: 'claire@le-petit-zinc.example', password: 'zinc-comptoir-1952' };
let claire: string;

beforeAll(async () => {
  setApiBaseUrl(server.url);
  // Signed in at the server's start (Monday 2026-11-23, 09:00 UTC): a staff bearer lasts 12 hours.
  claire = (await staffApi.login(CLAIRE.email, CLAIRE.password)).access_token;
});

beforeEach(() => {
  $staffSession.set({ bearer: claire, merchants: [{ slug: SLUG, name: 'Le Petit Zinc' }] });
  openBook(SLUG);
});

const rowOf = (token: string) => $staffBook.get().bookings.find((booking) => booking.token === token);

describe('the day shown', () => {
  test('opens on today in the merchant\u2019s time zone, with its services and floor', async () => {
    expect(await loadDay()).toEqual({ ok: true });
    expect($staffBook.get()).toMatchObject({ slug: SLUG, day: '2026-11-23', today: '2026-11-23', timezone: 'Europe/Paris', status: 'ready' });
    expect($staffBook.get().zones.map((zone) => zone.name)).toEqual(['Salle', 'Terrasse']);
  });

  test('reads the merchant\u2019s public phone and party limits, for the diners\u2019 phones and new bookings', async () => {
    await loadMerchantDetails();
    expect($staffBook.get()).toMatchObject({ merchantPhone: expect.stringMatching(/^\+33/), party: { min: 1, max: expect.any(Number) } });
  });

  test('a diner\u2019s pending booking shows with its details and counts as pending', async () => {
    const { token } = await dinerBooks(server, SLUG, '2026-11-26', { lastname: 'Lecomte', phone: '+33622334455' });
    await loadDay('2026-11-26');
    expect(rowOf(token)).toMatchObject({ status: 10, party: 2, diner: { lastname: 'Lecomte', phone: '+33622334455' } });
    expect($staffPendingCount.get()).toBeGreaterThanOrEqual(1);
  });

  test('a read that answers after a newer one never replaces it', async () => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    // The real server answers both; the first answer is held back until the second is taken.
    const slowFirst: Pick<StaffApi, 'day'> = {
      day: async (slug, day) => {
        const answer = await staffApi.day(slug, day);
        if (day === '2026-11-27') await held;
        return answer;
      },
    };
    const older = loadDay('2026-11-27', slowFirst);
    await loadDay('2026-11-28', slowFirst);
    release();
    await older;
    expect($staffBook.get().day).toBe('2026-11-28');
  });

  test('a read overtaken by a newer one answers only once the newer one is shown (an action resumes on the day as read after it)', async () => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let firstAnswered: () => void = () => {};
    const answered = new Promise<void>((resolve) => (firstAnswered = resolve));
    let calls = 0;
    // The first read answers at once; the second (newer) is held back.
    const slowSecond: Pick<StaffApi, 'day'> = {
      day: async (slug, day) => {
        const call = ++calls;
        const answer = await staffApi.day(slug, day);
        if (call === 1) firstAnswered();
        else await held;
        return answer;
      },
    };
    let olderDone = false;
    const older = loadDay('2026-11-27', slowSecond).then((outcome) => {
      olderDone = true;
      return outcome;
    });
    const newer = loadDay('2026-11-28', slowSecond);
    await answered;
    await new Promise<void>((resolve) => setImmediate(resolve));
    expect(olderDone).toBe(false);
    release();
    expect(await older).toEqual({ ok: true });
    expect($staffBook.get()).toMatchObject({ day: '2026-11-28', status: 'ready' });
    expect(await newer).toEqual({ ok: true });
  });

  test('staff of another merchant get nothing of this one\u2019s book', async () => {
    const kenji = await staffApi.login('kenji@sakura-ramen.example', 'tonkotsu-18-heures');
    $staffSession.set({ bearer: kenji.access_token, merchants: kenji.merchants });
    expect(await loadDay('2026-11-26')).toMatchObject({ ok: false, code: 'merchant_not_found' });
    expect($staffBook.get()).toMatchObject({ status: 'error', error: 'merchant_not_found', bookings: [] });
    expect(await searchBook('Lecomte')).toMatchObject({ ok: false, code: 'merchant_not_found' });
  });

  test('a staff bearer that is no longer valid signs the page out', async () => {
    $staffSession.set({ bearer: 'not-a-staff-bearer-0123456789', merchants: [] });
    expect(await loadDay()).toMatchObject({ ok: false, code: 'unauthenticated' });
    expect($staffSession.get().bearer).toBeNull();
  });
});

describe('actions on a booking', () => {
  test('confirm: the book reads the booking again and the diner sees it confirmed', async () => {
    const { token } = await dinerBooks(server, SLUG, '2026-11-26', { lastname: 'Confirme' });
    await loadDay('2026-11-26');
    expect(await actOnBooking(token, { kind: 'confirm' })).toEqual({ ok: true });
    expect(rowOf(token)?.status).toBe(20);
    expect((await bookingApi.getBooking(token, SLUG)).booking.status).toBe(20);
  });

  test('refuse carries the reason and the message to the diner', async () => {
    const { token } = await dinerBooks(server, SLUG, '2026-11-26', { lastname: 'Refuse' });
    await loadDay('2026-11-26');
    expect(await actOnBooking(token, { kind: 'refuse', reason: 'restaurant_full', message: '  Complet ce soir, désolés  ' })).toEqual({ ok: true });
    expect(rowOf(token)).toMatchObject({ status: 25, cancel_reason: 'restaurant_full', cancel_message: 'Complet ce soir, désolés' });
    expect((await bookingApi.getBooking(token, SLUG)).booking).toMatchObject({
      status: 25,
      bookingCancelReason: 'restaurant_full',
      bookingCancelMessage: 'Complet ce soir, désolés',
    });
  });

  test.each([
    ['confirming twice', [{ kind: 'confirm' }, { kind: 'confirm' }], 'already_done'],
    ['a diner arriving before being confirmed', [{ kind: 'arrived' }], 'invalid_transition'],
    ['a no-show before the booking\u2019s time', [{ kind: 'no_show' }], 'outside_service_window'],
  ] as const)('%s is refused with the server\u2019s code', async (_case, actions, code) => {
    const { token } = await dinerBooks(server, SLUG, '2026-11-27', { lastname: 'Refused' });
    await loadDay('2026-11-27');
    const outcomes = [];
    for (const action of actions) outcomes.push(await actOnBooking(token, action));
    expect(outcomes.at(-1)).toMatchObject({ ok: false, code });
  });

  test('move takes the booking to another time through the availability; the diner sees the new time', async () => {
    const { token, timestamp } = await dinerBooks(server, SLUG, '2026-11-28', { lastname: 'Deplace' });
    const { slots } = await staffApi.slots(SLUG, '2026-11-28', 'all', 2);
    const later = slots.find((slot) => slot.available && slot.timestamp > timestamp)!;
    await loadDay('2026-11-28');
    expect(await actOnBooking(token, { kind: 'move', datetime: later.timestamp, zoneId: 'all' })).toEqual({ ok: true });
    expect(rowOf(token)).toMatchObject({ status: 10, time: later.hour });
    expect((await bookingApi.getBooking(token, SLUG)).booking.bookingForTimestamp).toBe(later.timestamp);
  });

  test('a private note is kept for staff and never shown to the diner', async () => {
    const { token } = await dinerBooks(server, SLUG, '2026-11-28', { lastname: 'Note' });
    await loadDay('2026-11-28');
    await actOnBooking(token, { kind: 'note', note: 'Allergique aux noix' });
    expect(rowOf(token)?.note).toBe('Allergique aux noix');
    expect(JSON.stringify(await bookingApi.getBooking(token, SLUG))).not.toContain('noix');
  });

  test('a phone booking is confirmed at once and shows in the day', async () => {
    await loadDay('2026-11-28');
    const { slots } = await staffApi.slots(SLUG, '2026-11-28', 'all', 4);
    const slot = slots.find((candidate) => candidate.available)!;
    const outcome = await createStaffBooking({ datetime: slot.timestamp, party: 4, firstname: 'Paul', lastname: 'Téléphone', phone: '+33 6 21 00 00 01' });
    expect(outcome).toMatchObject({ ok: true, token: expect.any(String) });
    expect(rowOf(outcome.token!)).toMatchObject({ status: 20, party: 4, diner: { firstname: 'Paul', phone: '+33621000001' } });
  });

  test('a phone booking with a phone that is no phone is refused on that field', async () => {
    await loadDay('2026-11-28');
    const { slots } = await staffApi.slots(SLUG, '2026-11-28', 'all', 2);
    const outcome = await createStaffBooking({ datetime: slots.find((slot) => slot.available)!.timestamp, party: 2, firstname: 'Paul', phone: 'ring me' });
    expect(outcome).toMatchObject({ ok: false, code: 'validation_error', field: 'phone' });
  });
});

describe('search across days', () => {
  test('finds bookings by name, reference and phone on other days than the one shown', async () => {
    const { token } = await dinerBooks(server, SLUG, '2026-12-02', { lastname: 'Introuvable', phone: '+33622998877' });
    const { ref } = (await bookingApi.getBooking(token, SLUG)).booking;
    await loadDay('2026-11-26');
    for (const q of ['introuv', ref, '06 22 99 88']) {
      await searchBook(q);
      expect($staffSearch.get(), q).toMatchObject({ status: 'ready', q });
      expect($staffSearch.get().results.map((booking) => booking.token)).toContain(token);
    }
    clearSearch();
    expect($staffSearch.get().status).toBe('idle');
  });

  test('a single character asks nothing and shows the day', async () => {
    await searchBook('a');
    expect($staffSearch.get()).toEqual({ q: 'a', status: 'idle', results: [] });
  });
});

test('signing out of the staff side forgets the staff bearer only', () => {
  forgetStaff();
  expect($staffSession.get().bearer).toBeNull();
});
