/** A staff book row built in memory for the pure tests of the book's views (timeline, plan). */
import type { StaffBookingRow } from '../../../src/shared/api/staff.ts';

let refs = 0;

/**
 * A confirmed booking of two starting at `startsAt` (ISO) for `minutes`, shown at the local `time` of `day`, on
 * `table`; `extra` changes any field.
 */
export function staffBookingRow(
  slot: { day: string; time: string; startsAt: string; minutes: number; table: { id: string; name: string } },
  extra: Partial<StaffBookingRow> = {},
): StaffBookingRow {
  refs += 1;
  return {
    token: `b${refs}`,
    ref: `R${refs}`,
    status: 20,
    revision: 1,
    starts_at: slot.startsAt,
    ends_at: new Date(Date.parse(slot.startsAt) + slot.minutes * 60_000).toISOString(),
    day: slot.day,
    time: slot.time,
    party: 2,
    zone: { id: 'salle', name: 'Salle' },
    tables: [slot.table],
    diner: { firstname: 'Léa', lastname: 'Dupont', phone: null, email: null },
    comment: '',
    cancel_reason: null,
    cancel_message: null,
    arrived_at: null,
    no_show: false,
    note: '',
    history: { visits: 0, no_shows: 0 },
    guest: null,
    updated_at: slot.startsAt,
    ...extra,
  };
}
