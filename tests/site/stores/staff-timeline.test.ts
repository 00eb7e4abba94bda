import { beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { setApiBaseUrl } from '../../../src/lib/api/api-client.ts';
import { staffApi } from '../../../src/lib/api/staff-api.ts';
import { OWN_STORAGE_KEYS, readLocal, writeLocal } from '../../../src/lib/platform/storage.ts';
import { getStaffViewName } from '../../../src/lib/staff/staff-storage.ts';
import { $staffBook, loadDay, openBook } from '../../../src/stores/staff-book.ts';
import { $staffSession } from '../../../src/stores/staff-session.ts';
import { $timelineMove, forgetRefusal, missOnTimeline, moveOnTimeline, refuseOnTimeline } from '../../../src/stores/staff-timeline.ts';
import { $staffView, isStaffView, setStaffView, STAFF_VIEWS } from '../../../src/stores/staff-view.ts';
import { useBrowserTestServer } from '../support/browser-test-server.ts';
import { dinerBooks } from '../support/staff-bookings.ts';

const server = useBrowserTestServer();
const SLUG = 'le-petit-zinc';
// A Saturday of Le Petit Zinc's (lunch and dinner), days after the server's clock (Monday 2026-11-23).
const DAY = '2026-11-28';
let bearer: string;

beforeAll(async () => {
  setApiBaseUrl(server.url);
  bearer = (await staffApi.login('claire@le-petit-zinc.example', 'zinc-comptoir-1952')).access_token;
});

beforeEach(() => {
  $staffSession.set({ bearer, merchants: [{ slug: SLUG, name: 'Le Petit Zinc' }] });
  openBook(SLUG);
  $timelineMove.set({ status: 'idle' });
});

const rowOf = (token: string) => $staffBook.get().bookings.find((booking) => booking.token === token)!;
/** The floor's tables for two, by name. */
const tablesForTwo = () =>
  $staffBook
    .get()
    .zones.flatMap((zone) => zone.tables)
    .filter((table) => table.minSeats <= 2 && table.maxSeats >= 2);

describe('the timeline\u2019s scale', () => {
  test('the day view gives the slot interval and a booking\u2019s duration', async () => {
    await loadDay(DAY);
    expect($staffBook.get()).toMatchObject({ slotMinutes: 15, durationMinutes: 105 });
  });
});

describe('a move on the timeline', () => {
  test('to a free table: the move route takes it there, the day is read again and nothing is refused', async () => {
    const { token, timestamp } = await dinerBooks(server, SLUG, DAY, { lastname: 'Glisse' });
    await loadDay(DAY);
    const from = rowOf(token).tables[0]!.id;
    const to = tablesForTwo().find((table) => table.id !== from)!;
    const moving = moveOnTimeline(token, to.id, timestamp * 1000);
    // While the server answers, the bar waits at its target.
    expect($timelineMove.get()).toEqual({ status: 'moving', token, tableId: to.id, atMs: timestamp * 1000 });
    expect(await moving).toEqual({ ok: true });
    expect($timelineMove.get()).toEqual({ status: 'idle' });
    expect(rowOf(token).tables).toEqual([{ id: to.id, name: to.name }]);
  });

  test('a slot later at the same table: the booking\u2019s time follows', async () => {
    const { token, timestamp } = await dinerBooks(server, SLUG, DAY, { lastname: 'Plustard' }, 1);
    await loadDay(DAY);
    const table = rowOf(token).tables[0]!.id;
    const later = (timestamp + 15 * 60) * 1000;
    expect(await moveOnTimeline(token, table, later)).toEqual({ ok: true });
    expect(Date.parse(rowOf(token).starts_at)).toBe(later);
  });

  test('to a table taken then: refused with the server\u2019s code, the booking stays where it was', async () => {
    const first = await dinerBooks(server, SLUG, DAY, { lastname: 'Premier' }, 4);
    const second = await dinerBooks(server, SLUG, DAY, { lastname: 'Second' }, 4);
    await loadDay(DAY);
    const before = rowOf(first.token);
    const taken = rowOf(second.token).tables[0]!.id;
    expect(taken).not.toBe(before.tables[0]!.id);
    const outcome = await moveOnTimeline(first.token, taken, first.timestamp * 1000);
    expect(outcome).toMatchObject({ ok: false, code: 'no_seats_available' });
    expect($timelineMove.get()).toMatchObject({ status: 'refused', token: first.token, failure: { code: 'no_seats_available' } });
    expect(rowOf(first.token)).toMatchObject({ tables: before.tables, starts_at: before.starts_at });
    forgetRefusal();
    expect($timelineMove.get()).toEqual({ status: 'idle' });
  });

  test('a refusal the book tells at once is kept until read, and the next move replaces it', async () => {
    refuseOnTimeline('some-token', 'booking_time_passed');
    expect($timelineMove.get()).toEqual({ status: 'refused', token: 'some-token', failure: { code: 'booking_time_passed' } });
    const { token, timestamp } = await dinerBooks(server, SLUG, DAY, { lastname: 'Ensuite' }, 6);
    await loadDay(DAY);
    const moving = moveOnTimeline(token, rowOf(token).tables[0]!.id, (timestamp + 30 * 60) * 1000);
    expect($timelineMove.get()).toMatchObject({ status: 'moving', token });
    await moving;
    expect($timelineMove.get()).toEqual({ status: 'idle' });
  });

  test('a drop on no table is said until read, and moves nothing', async () => {
    const { token } = await dinerBooks(server, SLUG, DAY, { lastname: 'Nulle-part' }, 2);
    await loadDay(DAY);
    const before = rowOf(token);
    missOnTimeline(token);
    expect($timelineMove.get()).toEqual({ status: 'missed', token });
    expect(rowOf(token)).toEqual(before);
    forgetRefusal();
    expect($timelineMove.get()).toEqual({ status: 'idle' });
  });
});

describe('the view switch', () => {
  test('offers the cards, the compact list, the timeline and the plan; the choice is kept on this browser', () => {
    expect(STAFF_VIEWS).toEqual(['cards', 'compact', 'timeline', 'plan']);
    setStaffView('plan');
    expect(getStaffViewName()).toBe('plan');
    setStaffView('timeline');
    expect($staffView.get()).toBe('timeline');
    expect(getStaffViewName()).toBe('timeline');
    setStaffView('compact');
    expect(readLocal(OWN_STORAGE_KEYS.staffView)).toBe('compact');
  });

  test('a browser that chose the compact list before the switch still finds it; unknown names are no view', () => {
    writeLocal(OWN_STORAGE_KEYS.staffView, null);
    writeLocal(OWN_STORAGE_KEYS.staffCompact, '1');
    expect(getStaffViewName()).toBe('compact');
    expect(isStaffView('compact')).toBe(true);
    expect(isStaffView('plan')).toBe(true);
    expect(isStaffView('floor')).toBe(false);
    expect(isStaffView(null)).toBe(false);
  });
});
