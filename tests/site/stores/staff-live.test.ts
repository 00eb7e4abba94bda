import { afterEach, beforeAll, beforeEach, expect, test } from 'vitest';
import { setApiBaseUrl } from '../../../src/lib/api/api-client.ts';
import { staffApi } from '../../../src/lib/api/staff-api.ts';
import { subscribeToChannel } from '../../../src/lib/api/realtime.ts';
import type { BookingUpdateEvent } from '../../../src/shared/api/realtime.ts';
import { $staffBook, openBook } from '../../../src/stores/staff-book.ts';
import { $staffLive, seenNewPending, startLiveBook, takeMerchantEvent } from '../../../src/stores/staff-live.ts';
import { $staffSession } from '../../../src/stores/staff-session.ts';
import { useBrowserTestServer } from '../support/browser-test-server.ts';
import { dinerBooks } from '../support/staff-bookings.ts';
import { until } from '../support/store-wait.ts';

const server = useBrowserTestServer();
const SLUG = 'le-petit-zinc';
let claire: string;
let stop: () => void = () => {};

const location = () => {
  const url = new URL(server.url);
  return { hostname: url.hostname, port: url.port, protocol: url.protocol };
};

beforeAll(async () => {
  setApiBaseUrl(server.url);
  claire = (await staffApi.login('claire@le-petit-zinc.example', 'zinc-comptoir-1952')).access_token;
});

beforeEach(() => {
  $staffSession.set({ bearer: claire, merchants: [{ slug: SLUG, name: 'Le Petit Zinc' }] });
  seenNewPending();
});

afterEach(() => stop());

test('a diner\u2019s new booking reaches the open book without a read asked for, and rings once', async () => {
  openBook(SLUG, '2026-11-26');
  const rang: BookingUpdateEvent[] = [];
  const started = await startLiveBook({ onNewPending: (event) => rang.push(event), subscribeOptions: { location: location() } });
  stop = started.stop;
  expect(started.outcome).toEqual({ ok: true });
  await until($staffLive, (live) => live.state === 'subscribed');

  const { token } = await dinerBooks(server, SLUG, '2026-11-26', { lastname: 'EnDirect' });
  const book = await until($staffBook, (state) => state.bookings.some((booking) => booking.token === token && booking.status === 10));
  expect(book.bookings.find((booking) => booking.token === token)?.diner.lastname).toBe('EnDirect');
  expect($staffLive.get().newPending).toBe(1);
  expect(rang.map((event) => event.token)).toEqual([token]);

  // Its confirmation is news for the book too, but no new pending booking.
  await staffApi.act(SLUG, token, 'confirm');
  await until($staffBook, (state) => state.bookings.some((booking) => booking.token === token && booking.status === 20));
  expect($staffLive.get().newPending).toBe(1);
});

test('an event about a booking already shown at that revision asks for no new read', async () => {
  openBook(SLUG, '2026-11-27');
  const { token } = await dinerBooks(server, SLUG, '2026-11-27', { lastname: 'DejaVu' });
  let reads = 0;
  const counting = { ...staffApi, day: (slug: string, day?: string) => ((reads += 1), staffApi.day(slug, day)) };
  const { loadDay } = await import('../../../src/stores/staff-book.ts');
  await loadDay('2026-11-27', counting);
  const shown = $staffBook.get().bookings.find((booking) => booking.token === token)!;
  reads = 0;
  await takeMerchantEvent({ token, status: 10, ref: shown.ref, revision: shown.revision, updatedAt: '' }, { api: counting });
  expect(reads).toBe(0);
  await takeMerchantEvent({ token, status: 20, ref: shown.ref, revision: shown.revision + 1, updatedAt: '' }, { api: counting });
  expect(reads).toBe(1);
});

test('the book of a merchant that is not the staff member\u2019s does not open, and its channel is refused', async () => {
  const kenji = await staffApi.login('kenji@sakura-ramen.example', 'tonkotsu-18-heures');
  const zincChannel = (await staffApi.me()).merchants[0]!.channel;
  $staffSession.set({ bearer: kenji.access_token, merchants: kenji.merchants });
  openBook(SLUG);
  const started = await startLiveBook({ subscribeOptions: { location: location() } });
  stop = started.stop;
  expect(started.outcome).toMatchObject({ ok: false, code: 'merchant_not_found' });
  expect($staffBook.get()).toMatchObject({ status: 'error', error: 'merchant_not_found' });

  // Asking for the other merchant's channel directly: the server refuses to sign it.
  let refused: number | undefined;
  const subscription = subscribeToChannel(zincChannel, () => {}, {
    location: location(),
    bearer: () => kenji.access_token,
    onRefused: (status) => (refused = status),
  });
  await expect(subscription.ready).rejects.toThrow(/refused/);
  subscription.stop();
  expect(refused).toBe(403);
});
