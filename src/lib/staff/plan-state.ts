/**
 * What the book's plan shows of each table at an instant: seated since (its party arrived), late (the booking's time
 * passed and nobody is seated), booked next at (the next booking to come), or free; and whether a combination holds it
 * (the booking holds other tables too).
 */
import type { StaffBookingRow } from '../../shared/api/staff.ts';
import { lifeStateOf } from '../../shared/booking-life-cycle.ts';
import { localTimeOf } from '../../shared/local-time.ts';

/** A table's state on the plan. */
export type TableStateKind = 'free' | 'next' | 'seated' | 'late';

/** A table's state, with the booking it comes from, the local "HH:MM" it tells, and the other tables that booking holds. */
export type TableState = { kind: 'free' } | { kind: 'next' | 'seated' | 'late'; booking: StaffBookingRow; at: string; combinedWith: string[] };

/** The bookings of the day that hold a table by id: live (pending or confirmed, arrived or not), by start time. */
export function bookingsOfTable(bookings: readonly StaffBookingRow[], tableId: string): StaffBookingRow[] {
  return bookings
    .filter((booking) => booking.tables.some((table) => table.id === tableId))
    .filter((booking) => {
      const state = lifeStateOf({ status: booking.status, arrived: booking.arrived_at, noShow: booking.no_show });
      return state === 'pending' || state === 'confirmed' || state === 'arrived';
    })
    .sort((a, b) => a.starts_at.localeCompare(b.starts_at) || a.ref.localeCompare(b.ref));
}

/**
 * The state of the table `tableId` at nowMs among the day's bookings: seated first (an arrived party, since its
 * arrival), then late (a booking begun and not ended, nobody arrived), then the next booking to start, else free.
 */
export function tableState(bookings: readonly StaffBookingRow[], tableId: string, nowMs: number, timezone: string): TableState {
  const held = bookingsOfTable(bookings, tableId);
  const others = (booking: StaffBookingRow) => booking.tables.filter((table) => table.id !== tableId).map((table) => table.name);
  const seated = held.find((booking) => booking.arrived_at !== null);
  if (seated) return { kind: 'seated', booking: seated, at: localTimeOf(new Date(seated.arrived_at!), timezone), combinedWith: others(seated) };
  const waiting = held.filter((booking) => booking.arrived_at === null);
  const late = waiting.find((booking) => Date.parse(booking.starts_at) <= nowMs && nowMs < Date.parse(booking.ends_at));
  if (late) return { kind: 'late', booking: late, at: late.time, combinedWith: others(late) };
  const next = waiting.find((booking) => Date.parse(booking.starts_at) > nowMs);
  if (next) return { kind: 'next', booking: next, at: next.time, combinedWith: others(next) };
  return { kind: 'free' };
}
