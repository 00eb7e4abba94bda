import { afterEach, beforeAll, beforeEach, expect, test } from 'vitest';
import { setApiBaseUrl } from '../../../src/lib/api/api-client.ts';
import { proApi } from '../../../src/lib/api/pro-api.ts';
import { subscribeToChannel } from '../../../src/lib/api/realtime.ts';
import type { BookingUpdateEvent } from '../../../src/shared/api/realtime.ts';
import { $proBook, openBook } from '../../../src/stores/pro-book.ts';
import { $proLive, seenNewPending, startLiveBook, takeMerchantEvent } from '../../../src/stores/pro-live.ts';
import { $proSession } from '../../../src/stores/pro-session.ts';
import { useBrowserTestServer } from '../support/browser-test-server.ts';
import { dinerBooks } from '../support/pro-bookings.ts';
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
  claire = (await proApi.login('claire@le-petit-zinc.example', 'zinc-comptoir-1952')).access_token;
});

beforeEach(() => {
  $proSession.set({ bearer: claire, merchants: [{ slug: SLUG, name: 'Le Petit Zinc' }] });
  seenNewPending();
});

afterEach(() => stop());

test('a diner\u2019s new booking reaches the open book without a read asked for, and rings once', async () => {
  openBook(SLUG, '2026-11-26');
  const rang: BookingUpdateEvent[] = [];
  const started = await startLiveBook({ onNewPending: (event) => rang.push(event), subscribeOptions: { location: location() } });
  stop = started.stop;
  expect(started.outcome).toEqual({ ok: true });
  await until($proLive, (live) => live.state === 'subscribed');

  const { token } = await dinerBooks(server, SLUG, '2026-11-26', { lastname: 'EnDirect' });
  const book = await until($proBook, (state) => state.bookings.some((booking) => booking.token === token && booking.status === 10));
  expect(book.bookings.find((booking) => booking.token === token)?.diner.lastname).toBe('EnDirect');
  expect($proLive.get().newPending).toBe(1);
  expect(rang.map((event) => event.token)).toEqual([token]);

  // Its confirmation is news for the book too, but no new pending booking.
  await proApi.act(SLUG, token, 'confirm');
  await until($proBook, (state) => state.bookings.some((booking) => booking.token === token && booking.status === 20));
  expect($proLive.get().newPending).toBe(1);
});

test('an event about a booking already shown at that revision asks for no new read', async () => {
  openBook(SLUG, '2026-11-27');
  const { token } = await dinerBooks(server, SLUG, '2026-11-27', { lastname: 'DejaVu' });
  let reads = 0;
  const counting = { ...proApi, day: (slug: string, day?: string) => ((reads += 1), proApi.day(slug, day)) };
  const { loadDay } = await import('../../../src/stores/pro-book.ts');
  await loadDay('2026-11-27', counting);
  const shown = $proBook.get().bookings.find((booking) => booking.token === token)!;
  reads = 0;
  await takeMerchantEvent({ token, status: 10, ref: shown.ref, revision: shown.revision, updatedAt: '' }, { api: counting });
  expect(reads).toBe(0);
  await takeMerchantEvent({ token, status: 20, ref: shown.ref, revision: shown.revision + 1, updatedAt: '' }, { api: counting });
  expect(reads).toBe(1);
});

test('the book of a merchant that is not the staff member\u2019s does not open, and its channel is refused', async () => {
  const kenji = await proApi.login('kenji@sakura-ramen.example', 'tonkotsu-18-heures');
  const zincChannel = (await proApi.me()).merchants[0]!.channel;
  $proSession.set({ bearer: kenji.access_token, merchants: kenji.merchants });
  openBook(SLUG);
  const started = await startLiveBook({ subscribeOptions: { location: location() } });
  stop = started.stop;
  expect(started.outcome).toMatchObject({ ok: false, code: 'merchant_not_found' });
  expect($proBook.get()).toMatchObject({ status: 'error', error: 'merchant_not_found' });

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
