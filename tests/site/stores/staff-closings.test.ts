import { afterEach, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { setApiBaseUrl } from '../../../src/lib/api/api-client.ts';
import { staffApi } from '../../../src/lib/api/staff-api.ts';
import { bookingApi } from '../../../src/lib/api/booking-api.ts';
import { $staffBook, closeOnline, loadDay, openBook, reopenClosing } from '../../../src/stores/staff-book.ts';
import { $staffLive, startLiveBook } from '../../../src/stores/staff-live.ts';
import { $staffSession } from '../../../src/stores/staff-session.ts';
import { useBrowserTestServer } from '../support/browser-test-server.ts';
import { dinerBooks } from '../support/staff-bookings.ts';
import { until } from '../support/store-wait.ts';

const server = useBrowserTestServer();
const SLUG = 'le-petit-zinc';
let claire: string;
let stop: () => void = () => {};

beforeAll(async () => {
  setApiBaseUrl(server.url);
  // Signed in at the server's start (Monday 2026-11-23, 09:00 UTC); Le Petit Zinc serves 12:00–14:00 and 19:00–22:00 from Tuesday.
  claire = (await staffApi.login('claire@le-petit-zinc.example', 'zinc-comptoir-1952')).access_token;
});

beforeEach(() => {
  $staffSession.set({ bearer: claire, merchants: [{ slug: SLUG, name: 'Le Petit Zinc' }] });
});

afterEach(() => {
  stop();
  stop = () => {};
});

const freeHours = async (date: string) =>
  (await bookingApi.getBookingSlots({ merchantSlug: SLUG, date, zoneId: 'all', neededSeats: 2 })).slots
    .filter((slot) => slot.available)
    .map((slot) => slot.hour);

describe('closing a service of the day shown', () => {
  const DAY = '2026-11-25';

  test('shows it in the day\u2019s closings, takes its times away from diners, and reopening gives them back', async () => {
    openBook(SLUG, DAY);
    await loadDay();
    const lunch = $staffBook.get().services.find((service) => service.start === '12:00')!;
    expect(lunch.id).toBe('3-0');

    expect(await closeOnline({ kind: 'shift', day: DAY, shift_id: lunch.id })).toEqual({ ok: true, affected: 0 });
    expect($staffBook.get().closings).toEqual([expect.objectContaining({ kind: 'shift', shift_id: '3-0', day: DAY })]);
    expect(await freeHours(DAY)).not.toContain('12:30');
    expect(await freeHours(DAY)).toContain('19:30');

    expect(await reopenClosing($staffBook.get().closings[0]!.id)).toEqual({ ok: true });
    expect($staffBook.get().closings).toEqual([]);
    expect(await freeHours(DAY)).toContain('12:30');
  });
});

describe('closing over bookings already made', () => {
  const DAY = '2026-11-26';

  test('answers how many are inside, and leaves them as they were', async () => {
    const { token } = await dinerBooks(server, SLUG, DAY, { lastname: 'DejaLa' });
    openBook(SLUG, DAY);
    await loadDay();
    expect(await closeOnline({ kind: 'day', day: DAY, note: 'Mariage privé' })).toEqual({ ok: true, affected: 1 });
    expect($staffBook.get().closings).toEqual([expect.objectContaining({ kind: 'day', day: DAY })]);
    expect($staffBook.get().bookings.find((booking) => booking.token === token)?.status).toBe(10);
    expect(await freeHours(DAY)).toEqual([]);
    await reopenClosing($staffBook.get().closings[0]!.id);
  });
});

describe('a time range', () => {
  const DAY = '2026-11-27';

  test('is listed with its instants and stops online booking only inside it', async () => {
    openBook(SLUG, DAY);
    await loadDay();
    // 19:00 to 20:30 in Paris (UTC+1 in November).
    const answer = await closeOnline({ kind: 'range', starts_at: '2026-11-27T18:00:00.000Z', ends_at: '2026-11-27T19:30:00.000Z' });
    expect(answer).toEqual({ ok: true, affected: 0 });
    expect($staffBook.get().closings).toEqual([
      expect.objectContaining({ kind: 'range', starts_at: '2026-11-27T18:00:00.000Z', ends_at: '2026-11-27T19:30:00.000Z' }),
    ]);
    const hours = await freeHours(DAY);
    expect(hours).not.toContain('19:30');
    expect(hours).toContain('21:00');
    await reopenClosing($staffBook.get().closings[0]!.id);
  });

  test.each([
    ['one ending before it starts', { kind: 'range', starts_at: '2026-11-27T20:00:00.000Z', ends_at: '2026-11-27T19:00:00.000Z' }, 'ends_at'],
    ['a service of another weekday', { kind: 'shift', day: DAY, shift_id: '2-0' }, 'shift_id'],
  ] as const)('refuses %s with the field the server names', async (_what, request, field) => {
    openBook(SLUG, DAY);
    await loadDay();
    expect(await closeOnline(request)).toMatchObject({ ok: false, code: 'validation_error', field });
    expect($staffBook.get().closings).toEqual([]);
  });
});

test('reopening a closing another device already removed reads the day and is not an error', async () => {
  const DAY = '2026-12-01';
  openBook(SLUG, DAY);
  await loadDay();
  await closeOnline({ kind: 'day', day: DAY });
  const id = $staffBook.get().closings[0]!.id;
  await staffApi.reopen(SLUG, id);
  expect(await reopenClosing(id)).toEqual({ ok: true });
  expect($staffBook.get().closings).toEqual([]);
});

test('while a closing is being reopened the book says so (its buttons wait), and no longer once it is done', async () => {
  const DAY = '2026-12-09';
  openBook(SLUG, DAY);
  await loadDay();
  await closeOnline({ kind: 'day', day: DAY });
  expect($staffBook.get().reopening).toBe(false);
  const reopening = reopenClosing($staffBook.get().closings[0]!.id);
  expect($staffBook.get().reopening).toBe(true);
  expect(await reopening).toEqual({ ok: true });
  expect($staffBook.get().reopening).toBe(false);
});

test('a closing made on another device reaches the open book live (UpdateClosings), and so does its removal', async () => {
  const DAY = '2026-12-02';
  openBook(SLUG, DAY);
  const url = new URL(server.url);
  const started = await startLiveBook({ subscribeOptions: { location: { hostname: url.hostname, port: url.port, protocol: url.protocol } } });
  stop = started.stop;
  await until($staffLive, (live) => live.state === 'subscribed');
  const made = await staffApi.close(SLUG, { kind: 'shift', day: DAY, shift_id: '3-1' });
  await until($staffBook, (book) => book.closings.some((closing) => closing.id === made.closing.id));
  await staffApi.reopen(SLUG, made.closing.id);
  await until($staffBook, (book) => book.closings.length === 0);
});
