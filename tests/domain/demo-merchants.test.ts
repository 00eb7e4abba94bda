import { describe, test, expect } from 'vitest';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { parseMerchantDefinition } from '../../src/server/domain/merchant-definition.ts';
import type { MerchantDefinition } from '../../src/server/domain/merchant-definition.ts';
import { isDayOpen } from '../../src/server/domain/availability.ts';
import { addDaysToLocalDate, isoWeekdayOf } from '../../src/shared/local-time.ts';

const folder = fileURLToPath(new URL('../../scripts/demo-merchants/', import.meta.url));
const files = readdirSync(folder)
  .filter((name) => name.endsWith('.json'))
  .sort();
const load = (name: string): MerchantDefinition => parseMerchantDefinition(JSON.parse(readFileSync(join(folder, name), 'utf8')));

describe('demo merchants', () => {
  test('there are the three demo files', () => {
    expect(files).toEqual(['le-petit-zinc.json', 'sakura-ramen.json', 'trattoria-nonna.json']);
  });

  test.each(files)('%s passes parseMerchantDefinition and is named after its slug', (name) => {
    expect(load(name).slug).toBe(name.replace(/\.json$/, ''));
  });

  test.each(files)('%s points at image files that exist beside it', (name) => {
    const definition = load(name);
    const images = [definition.logo, definition.banner, ...definition.zones.map((zone) => zone.image)];
    expect(images.every((image) => image !== undefined)).toBe(true);
    for (const image of images) expect(existsSync(join(folder, image!)), image).toBe(true);
  });

  test.each(files)('%s gives its staff passwords of 12 characters or more', (name) => {
    const staff = load(name).staff;
    expect(staff.length).toBeGreaterThan(0);
    for (const member of staff) expect('password' in member && member.password.length).toBeGreaterThanOrEqual(12);
  });

  test('the three merchants have different colours', () => {
    const primaries = new Set(files.map((name) => load(name).theme.primary));
    const backgrounds = new Set(files.map((name) => load(name).theme.background));
    expect(primaries.size).toBe(3);
    expect(backgrounds.size).toBe(3);
  });

  test('le-petit-zinc is a Paris bistro with two zones, manual confirmation and visible zones', () => {
    const zinc = load('le-petit-zinc.json');
    expect(zinc.timezone).toBe('Europe/Paris');
    expect(zinc.zones).toHaveLength(2);
    expect(zinc.settings.autoConfirm).toBe(false);
    expect(zinc.settings.showZone).toBe(true);
  });

  test('sakura-ramen has one zone, confirms automatically, hides zones and serves lunch and dinner every day', () => {
    const sakura = load('sakura-ramen.json');
    expect(sakura.timezone).toBe('Europe/Paris');
    expect(sakura.zones).toHaveLength(1);
    expect(sakura.settings.autoConfirm).toBe(true);
    expect(sakura.settings.showZone).toBe(false);
    expect(sakura.shifts.map((shift) => [shift.day, shift.slots.length])).toEqual([
      [1, 2],
      [2, 2],
      [3, 2],
      [4, 2],
      [5, 2],
      [6, 2],
      [7, 2],
    ]);
  });

  test('trattoria-nonna is in Rome, closed on Mondays and Tuesdays and on holidays in Dec 2026 / Jan 2027', () => {
    const nonna = load('trattoria-nonna.json');
    expect(nonna.timezone).toBe('Europe/Rome');
    expect(nonna.zones).toHaveLength(2);
    const week = Array.from({ length: 7 }, (_, i) => addDaysToLocalDate('2026-06-15', i));
    const open = week.map((date) => [isoWeekdayOf(date), isDayOpen(date, nonna.shifts, nonna.closedDays)]);
    expect(open).toEqual([
      [1, false],
      [2, false],
      [3, true],
      [4, true],
      [5, true],
      [6, true],
      [7, true],
    ]);
    expect(nonna.closedDays.some((day) => day.startsWith('2026-12'))).toBe(true);
    expect(nonna.closedDays.some((day) => day.startsWith('2027-01'))).toBe(true);
    // 2026-12-24 is a Thursday, a usual opening day the list closes.
    expect(isDayOpen('2026-12-24', nonna.shifts, nonna.closedDays)).toBe(false);
    expect(isDayOpen('2026-12-24', nonna.shifts, [])).toBe(true);
  });
});
