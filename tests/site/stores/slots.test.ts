import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { parsePresets } from '../../../src/lib/booking/parse-presets.ts';
import { $merchantSlug } from '../../../src/stores/merchant.ts';
import { $selection, applyPresets, chooseDate, chooseGuests, chooseSlot, chooseZone, resetSelection } from '../../../src/stores/selection.ts';
import { $slots, $zones } from '../../../src/stores/slots.ts';
import { useBrowserTestServer } from '../support/browser-test-server.ts';
import { until } from '../support/store-wait.ts';

useBrowserTestServer();
let unmount: Array<() => void> = [];

beforeEach(() => {
  resetSelection();
  // An island showing zones and times keeps these stores mounted.
  unmount = [$zones.listen(() => {}), $slots.listen(() => {})];
});

afterEach(() => {
  for (const stop of unmount) stop();
});

const paris = (iso: string) => Date.parse(iso) / 1000;

describe('zones and times follow the selection (real server)', () => {
  test('choosing a date loads its zones; two zones leave the choice to the diner', async () => {
    $merchantSlug.set('le-petit-zinc');
    chooseDate('2026-11-24');
    const zones = await until($zones, (state) => !state.loading && state.zones.length > 0);
    expect(zones.zones.map((zone) => zone.name).sort()).toEqual(['Salle', 'Terrasse']);
    expect($selection.get().zoneId).toBeNull();
  });

  test('a single zone is selected for the diner', async () => {
    $merchantSlug.set('sakura-ramen');
    chooseDate('2026-11-24');
    await until($selection, (selection) => selection.zoneId !== null);
    expect($zones.get().zones.map((zone) => zone.name)).toEqual(['Comptoir']);
  });

  test('times load once date, guests and zone are chosen, and reload (clearing the time) when guests change', async () => {
    $merchantSlug.set('le-petit-zinc');
    chooseDate('2026-11-24');
    const { zones } = await until($zones, (state) => state.zones.length > 0);
    expect($slots.get().slots).toEqual([]);
    chooseGuests(2);
    chooseZone(zones[0]!.id);
    const loaded = await until($slots, (state) => !state.loading && state.slots.length > 0);
    expect(loaded.slots[0]).toMatchObject({ hour: '12:00', available: true });
    expect(chooseSlot(loaded.slots[0]!)).toBe(true);

    chooseGuests(20);
    expect($selection.get().slot).toBeNull();
    // Le Petit Zinc takes at most 8: the reload fails with the seats error and offers nothing.
    const reloaded = await until($slots, (state) => !state.loading && state.error !== null);
    expect(reloaded).toMatchObject({ slots: [], error: 'error_max_seats' });
  });

  test('asap picks today and the first available time from now', async () => {
    $merchantSlug.set('sakura-ramen');
    // Monday 10:00 in Paris; Sakura Ramen opens at 11:45 and takes bookings 30 minutes ahead.
    applyPresets(parsePresets('asap=1&seats=2'), {
      nowMs: Date.parse('2026-11-23T09:00:00Z'),
      timezone: 'Europe/Paris',
      rules: {
        today: '2026-11-23',
        shifts: [{ day: 1, slots: [{ id: '1-0', start: '11:45', end: '14:30' }] }],
        closedDays: [],
        open: { today: true, tomorrow: true },
        lastDay: '2027-02-21',
      },
      settings: { minClientsPerBookings: 1, maxClientsPerBookings: 6 },
    });
    const selection = await until($selection, (value) => value.slot !== null);
    expect(selection).toMatchObject({ date: '2026-11-23', guests: 2, slot: { hour: '11:45', timestamp: paris('2026-11-23T10:45:00Z') } });
  });

  test('a when between two times picks the next available one', async () => {
    $merchantSlug.set('sakura-ramen');
    applyPresets(parsePresets('when=2026-11-24T12:07&seats=3'), {
      nowMs: Date.parse('2026-11-23T09:00:00Z'),
      timezone: 'Europe/Paris',
      rules: {
        today: '2026-11-23',
        shifts: [{ day: 2, slots: [{ id: '2-0', start: '11:45', end: '14:30' }] }],
        closedDays: [],
        open: { today: true, tomorrow: true },
        lastDay: '2027-02-21',
      },
      settings: { minClientsPerBookings: 1, maxClientsPerBookings: 6 },
    });
    const selection = await until($selection, (value) => value.slot !== null);
    expect(selection.slot?.hour).toBe('12:15');
  });
});
