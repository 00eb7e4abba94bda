import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { bookableTimes, daySlots, type DayContext, type Shift, type TableHold } from '../../src/server/domain/availability.ts';
import { addDaysToLocalDate } from '../../src/shared/local-time.ts';
import { DEMO_MERCHANTS_DIR } from '../../src/server/services/demo-merchants.ts';
import type { MerchantWithFloor } from '../../src/server/domain/merchant-floor.ts';
import { floorDaySlots } from '../../src/server/domain/day-slots.ts';

interface Setup {
  name: string;
  timezone: string;
  shifts: Shift[];
  closedDays: string[];
  settings: DayContext['settings'];
  tables: DayContext['tables'];
  /** Zones with combinations of their tables (absent: single tables only). */
  zones?: DayContext['zones'];
}

const everyDay = (slots: Shift['slots']): Shift[] => [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, slots }));

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object') {
    for (const inner of Object.values(value)) deepFreeze(inner);
    Object.freeze(value);
  }
  return value;
}

const demoSetups: Setup[] = readdirSync(DEMO_MERCHANTS_DIR)
  .filter((file) => file.endsWith('.json'))
  .map((file) => {
    const definition = JSON.parse(readFileSync(path.join(DEMO_MERCHANTS_DIR, file), 'utf8'));
    return {
      name: definition.slug,
      timezone: definition.timezone,
      shifts: definition.shifts,
      closedDays: definition.closedDays,
      settings: definition.settings,
      tables: definition.zones.flatMap((zone: { name: string; tables: Array<{ name: string; minSeats: number; maxSeats: number }> }) =>
        zone.tables.map((table) => ({ id: `${zone.name}-${table.name}`, zoneId: zone.name, minSeats: table.minSeats, maxSeats: table.maxSeats })),
      ),
    };
  });

const syntheticSetups: Setup[] = [
  {
    name: 'late bar in New York, past midnight',
    timezone: 'America/New_York',
    shifts: everyDay([{ start: '18:00', end: '02:00' }]),
    closedDays: [],
    settings: { slotIntervalMinutes: 30, bookingDurationMinutes: 90, minLeadMinutes: 45, maxCoversPerSlot: 6 },
    tables: [1, 2, 3].map((n) => ({ id: `t${n}`, zoneId: 'bar', minSeats: 1, maxSeats: 2 + n })),
  },
  {
    name: 'Lord Howe Island (a half-hour DST shift) at night',
    timezone: 'Australia/Lord_Howe',
    shifts: everyDay([{ start: '00:00', end: '03:30' }]),
    closedDays: [],
    settings: { slotIntervalMinutes: 15, bookingDurationMinutes: 60, minLeadMinutes: 0, maxCoversPerSlot: 10 },
    tables: [{ id: 'a', zoneId: 'z', minSeats: 1, maxSeats: 4 }],
  },
  {
    name: 'a bistro with combinations, turn times by party size, priorities and a table not online',
    timezone: 'Europe/Paris',
    shifts: everyDay([
      { start: '12:00', end: '14:00' },
      { start: '19:00', end: '22:30' },
    ]),
    closedDays: ['2026-12-25'],
    settings: {
      slotIntervalMinutes: 15,
      bookingDurationMinutes: 90,
      keepTableDuration: 15,
      durationByPartySize: [
        { upTo: 2, minutes: 60 },
        { upTo: 4, minutes: 105 },
      ],
      minLeadMinutes: 30,
      maxCoversPerSlot: 12,
    },
    tables: [
      { id: 's1', zoneId: 'salle', name: 'S1', minSeats: 1, maxSeats: 2 },
      { id: 's2', zoneId: 'salle', name: 'S2', minSeats: 1, maxSeats: 2, priority: 7 },
      { id: 's3', zoneId: 'salle', name: 'S3', minSeats: 2, maxSeats: 4 },
      { id: 's4', zoneId: 'salle', name: 'S4', minSeats: 2, maxSeats: 4, priority: 1 },
      { id: 't1', zoneId: 'terrasse', name: 'T1', minSeats: 1, maxSeats: 4, online: false },
    ],
    zones: [
      {
        id: 'salle',
        combinations: [
          { tables: ['S1', 'S2'], minSeats: 3, maxSeats: 4 },
          { tables: ['S3', 'S4'], minSeats: 5, maxSeats: 8 },
          { tables: ['S2', 'S3', 'S4'], minSeats: 6, maxSeats: 10 },
        ],
      },
      { id: 'terrasse', combinations: [] },
    ],
  },
];

// Ordinary days, both European DST changes of 2026, New York's and Lord Howe's, and a closed day.
const DATES = ['2026-11-24', '2026-11-28', '2026-03-29', '2026-10-25', '2026-03-08', '2026-11-01', '2026-04-05', '2026-10-04', '2026-12-25'];

/** A deterministic pseudo-random source (mulberry32). */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let r = Math.imul(state ^ (state >>> 15), 1 | state);
    r = (r + Math.imul(r ^ (r >>> 7), 61 | r)) ^ r;
    return ((r ^ (r >>> 14)) >>> 0) / 4294967296;
  };
}

function randomHolds(setup: Setup, date: string, next: () => number): TableHold[] {
  const times = bookableTimes(date, setup.timezone, setup.shifts, setup.settings.slotIntervalMinutes);
  const holds: TableHold[] = [];
  for (let i = 0; i < Math.floor(next() * 8) && times.length > 0; i++) {
    const start = times[Math.floor(next() * times.length)]!.at;
    const table = setup.tables[Math.floor(next() * setup.tables.length)]!;
    // Now and then a hold on the table and the next one, as a combination holds them.
    const joined = setup.zones && next() < 0.3 ? setup.tables.filter((other) => other.zoneId === table.zoneId && other.id > table.id).slice(0, 1) : [];
    holds.push({
      tableId: table.id,
      ...(joined.length > 0 ? { joinedTableIds: joined.map((other) => other.id) } : {}),
      start,
      end: new Date(start.getTime() + (setup.zones ? 30 + Math.floor(next() * 120) : setup.settings.bookingDurationMinutes) * 60_000),
      covers: 1 + Math.floor(next() * table.maxSeats),
      bookingId: `b${i}`,
    });
  }
  return holds;
}

describe.each([...demoSetups, ...syntheticSetups])('the remembered slots of $name equal the domain\u2019s daySlots', (setup) => {
  const shifts = deepFreeze(structuredClone(setup.shifts));
  // As the floor cache hands it out: frozen. Only what availability reads is filled in.
  const floor = deepFreeze({
    merchant: { timezone: setup.timezone, settings: setup.settings, shifts, closedDays: setup.closedDays },
    zones: setup.zones ?? [],
    tables: setup.tables,
  }) as unknown as MerchantWithFloor;

  test.each(DATES)('on %s, for every zone, party size, clock and set of holds', (date) => {
    const next = random(date.split('-').reduce((sum, part) => sum * 31 + Number(part), 7));
    const zones = ['all', ...new Set(setup.tables.map((table) => table.zoneId))];
    const dayStart = new Date(`${addDaysToLocalDate(date, -1)}T12:00:00Z`).getTime();
    let compared = 0;
    for (let round = 0; round < 12; round++) {
      const now = new Date(dayStart + Math.floor(next() * 48 * 60) * 60_000 + Math.floor(next() * 60_000));
      const holds = randomHolds(setup, date, next);
      for (const zoneId of zones) {
        for (const seats of setup.zones ? [1, 2, 3, 4, 5, 6, 8, 10] : [1, 2, 4, 6]) {
          const ctx: DayContext = {
            date,
            timezone: setup.timezone,
            now,
            settings: setup.settings,
            shifts,
            closedDays: setup.closedDays,
            tables: setup.tables,
            zones: floor.zones,
            holds,
          };
          // Mutable shifts: worked out afresh, without the memo.
          const expected = daySlots({ ...ctx, shifts: structuredClone(setup.shifts) }, zoneId, seats);
          // Twice: the first call fills the memo of bookable times, the second answers from it.
          expect(daySlots(ctx, zoneId, seats)).toEqual(expected);
          expect(daySlots(ctx, zoneId, seats)).toEqual(expected);
          expect(floorDaySlots(floor, date, now, holds, zoneId, seats)).toEqual(expected);
          expect(floorDaySlots(floor, date, now, [...holds].reverse(), zoneId, seats)).toEqual(expected);
          compared++;
        }
      }
    }
    expect(compared).toBeGreaterThan(0);
  });

  test('bookable times are remembered for frozen shifts only, and equal the domain\u2019s', () => {
    const { timezone, settings } = setup;
    const date = DATES[0]!;
    const mutable = structuredClone(setup.shifts);
    expect(bookableTimes(date, timezone, shifts, settings.slotIntervalMinutes)).toBe(bookableTimes(date, timezone, shifts, settings.slotIntervalMinutes));
    expect(bookableTimes(date, timezone, mutable, settings.slotIntervalMinutes)).not.toBe(bookableTimes(date, timezone, mutable, settings.slotIntervalMinutes));
    expect(bookableTimes(date, timezone, shifts, settings.slotIntervalMinutes)).toEqual(bookableTimes(date, timezone, mutable, settings.slotIntervalMinutes));
  });
});

describe('remembered slots tell holds apart by their covers', () => {
  test('the same table and time with more covers fills the pacing limit', () => {
    const setup = syntheticSetups[0]!;
    const floor = deepFreeze({
      merchant: { timezone: setup.timezone, settings: setup.settings, shifts: deepFreeze(structuredClone(setup.shifts)), closedDays: [] },
      zones: [],
      tables: setup.tables,
    }) as unknown as MerchantWithFloor;
    const date = '2026-11-24';
    const now = new Date('2026-11-23T12:00:00Z');
    const first = bookableTimes(date, setup.timezone, setup.shifts, setup.settings.slotIntervalMinutes)[0]!.at;
    const hold = (covers: number): TableHold[] => [{ tableId: 't1', start: first, end: new Date(first.getTime() + 90 * 60_000), covers }];
    // maxCoversPerSlot is 6: 2 held + 4 fit, 3 held + 4 do not.
    const availableWith = (covers: number) => floorDaySlots(floor, date, now, hold(covers), 'all', 4)[0]!.available;
    expect(availableWith(2)).toBe(true);
    expect(availableWith(3)).toBe(false);
    expect(availableWith(2)).toBe(true);
  });
});
