/** The day sheet's model: a day's bookings still expected (not cancelled, refused nor no-show) by service, each as its printed line. */
import type { StaffBookingRow, StaffService } from '../../shared/api/staff.ts';
import { isCancelled, isPending } from '../../shared/booking-life-cycle.ts';
import type { Allergen } from '../../shared/guest-profile.ts';
import { groupByService } from './book-view.ts';

/** One printed line. */
export interface SheetLine {
  token: string;
  time: string;
  name: string;
  party: number;
  tables: string;
  zone: string;
  pending: boolean;
  arrived: boolean;
  /** The diner's comment, staff's note on the booking, the profile's note and seating: each kind once, empty ones left out. */
  notes: Array<{ kind: 'comment' | 'bookingNote' | 'guestNote' | 'seating'; text: string }>;
  allergens: Allergen[];
  vip: boolean;
  regular: boolean;
}

/** One service's page: its lines by time, and its count of bookings and covers. */
export interface SheetSection {
  service: StaffService | null;
  lines: SheetLine[];
  covers: number;
}

/** Whether the host still expects the booking: not refused, cancelled or a no-show. */
function expected(booking: StaffBookingRow): boolean {
  return !isCancelled(booking.status) && !booking.no_show;
}

function lineOf(booking: StaffBookingRow, noName: string): SheetLine {
  const guest = booking.guest;
  const notes: SheetLine['notes'] = [];
  if (booking.comment) notes.push({ kind: 'comment', text: booking.comment });
  if (booking.note) notes.push({ kind: 'bookingNote', text: booking.note });
  if (guest?.seating) notes.push({ kind: 'seating', text: guest.seating });
  if (guest?.note) notes.push({ kind: 'guestNote', text: guest.note });
  return {
    token: booking.token,
    time: booking.time,
    name: `${booking.diner.firstname} ${booking.diner.lastname}`.trim() || noName,
    party: booking.party,
    tables: booking.tables.map((table) => table.name).join(' + '),
    zone: booking.zone.name,
    pending: isPending(booking.status),
    arrived: booking.arrived_at !== null,
    notes,
    allergens: guest?.allergens ?? [],
    vip: guest?.vip ?? false,
    regular: guest?.regular ?? false,
  };
}

/** The day's sections, one per service (services without bookings left out), lines by time then name. */
export function daySheet(bookings: readonly StaffBookingRow[], services: StaffService[], noName: string): SheetSection[] {
  return groupByService(bookings.filter(expected), services, [])
    .filter((group) => group.bookings.length > 0)
    .map((group) => {
      const lines = group.bookings
        .map((booking) => ({ booking, line: lineOf(booking, noName) }))
        .sort((a, b) => a.booking.starts_at.localeCompare(b.booking.starts_at) || a.line.name.localeCompare(b.line.name))
        .map(({ line }) => line);
      return { service: group.service, lines, covers: lines.reduce((sum, line) => sum + line.party, 0) };
    });
}
