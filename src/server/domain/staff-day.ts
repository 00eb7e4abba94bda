/** What the staff book shows of a day besides its bookings: the services (shifts) open that day and the floor. */
import { isoWeekdayOf, type LocalDate } from '../../shared/local-time.ts';
import type { StaffService, StaffZone } from '../../shared/api/staff.ts';
import type { MerchantWithFloor, ShiftValue, SpecialDayValue } from './merchant-floor.ts';
import { DEFAULT_TABLE_PRIORITY } from '../../shared/definition-bounds.ts';
import { shiftsOn } from './special-days.ts';

/**
 * The services of a merchant-local day, by first seating: its weekday's (a closed date still shows its usual
 * services), or a special day's own slots (a special day closed with a reason: none).
 */
export function servicesOfDay(shifts: ShiftValue[], day: LocalDate, specialDays?: readonly SpecialDayValue[]): StaffService[] {
  const weekday = isoWeekdayOf(day);
  // Named as shiftsView names them (the weekday's first shift, by index), so a service's closing can name it.
  const slots = shiftsOn(day, shifts, specialDays).find((shift) => shift.day === weekday)?.slots ?? [];
  return slots.map(({ start, end }, index) => ({ id: `${weekday}-${index}`, start, end })).sort((a, b) => a.start.localeCompare(b.start));
}

// One collator for every sort: localeCompare with options builds a new one per comparison.
const tableNames = new Intl.Collator(undefined, { numeric: true });

/** The active zones in their order, each with its active tables by name (online, priority, plan) and its combinations. */
export function floorZones(floor: Pick<MerchantWithFloor, 'zones' | 'tables'>): StaffZone[] {
  return [...floor.zones]
    .sort((a, b) => a.position - b.position)
    .map((zone) => {
      const tables = floor.tables.filter((table) => table.zoneId === zone.id).sort((a, b) => tableNames.compare(a.name, b.name));
      const idOf = new Map(tables.map((table) => [table.name, table.id]));
      return {
        id: zone.id,
        name: zone.name,
        tables: tables.map(({ id, name, minSeats, maxSeats, online, priority, plan }) => ({
          id,
          name,
          minSeats,
          maxSeats,
          online: online ?? true,
          priority: priority ?? DEFAULT_TABLE_PRIORITY,
          plan: plan ?? null,
        })),
        combinations: (zone.combinations ?? []).map(({ tables: names, minSeats, maxSeats }) => ({
          tables: names,
          tableIds: names.map((name) => idOf.get(name) ?? ''),
          minSeats,
          maxSeats,
        })),
      };
    });
}
