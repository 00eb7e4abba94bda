/** Staff book rows built in memory for the pure tests of the book's views (cards, compact list, day sheet, timeline, plan). */
import type { StaffBookingRow } from '../../../src/shared/api/staff.ts';

let refs = 0;

/** A booking of two with its own token, reference and diner, at the time and on the tables `fieldsOf` gives for its number; `extra` changes any field. */
function nextRow(
  fieldsOf: (ref: number) => Pick<StaffBookingRow, 'status' | 'starts_at' | 'ends_at' | 'day' | 'time' | 'zone' | 'tables' | 'updated_at'>,
  extra: Partial<StaffBookingRow>,
): StaffBookingRow {
  refs += 1;
  return {
    token: `t${refs}`,
    ref: `R${refs}`,
    revision: 1,
    party: 2,
    diner: { firstname: 'Camille', lastname: `D${refs}`, phone: null, email: null },
    comment: '',
    cancel_reason: null,
    cancel_message: null,
    arrived_at: null,
    no_show: false,
    note: '',
    history: { visits: 0, no_shows: 0 },
    guest: null,
    ...fieldsOf(refs),
    ...extra,
  };
}

/**
 * A confirmed booking of two starting at `startsAt` (ISO) for `minutes`, shown at the local `time` of `day`, on
 * `table`; `extra` changes any field.
 */
export function staffBookingRow(
  slot: { day: string; time: string; startsAt: string; minutes: number; table: { id: string; name: string } },
  extra: Partial<StaffBookingRow> = {},
): StaffBookingRow {
  return nextRow(
    () => ({
      status: 20,
      starts_at: slot.startsAt,
      ends_at: new Date(Date.parse(slot.startsAt) + slot.minutes * 60_000).toISOString(),
      day: slot.day,
      time: slot.time,
      zone: { id: 'salle', name: 'Salle' },
      tables: [{ ...slot.table }],
      updated_at: slot.startsAt,
    }),
    extra,
  );
}

/** A booking on 2026-11-26 at the Paris `time` with `status`, on a table of its own; `extra` changes any field. */
export function dayBookRow(time: string, status: number, extra: Partial<StaffBookingRow> = {}): StaffBookingRow {
  return nextRow(
    (ref) => ({
      status,
      starts_at: `2026-11-26T${time}:00+01:00`,
      ends_at: `2026-11-26T${time}:00+01:00`,
      day: '2026-11-26',
      time,
      zone: { id: 'z', name: 'Salle' },
      tables: [{ id: `table-${ref}`, name: `T${ref}` }],
      updated_at: '2026-11-25T10:00:00.000Z',
    }),
    extra,
  );
}
