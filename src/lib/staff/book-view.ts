/** How the staff book lays a day out: status filters, bookings grouped by service with pending first, covers and tables per service. */
import type { StaffBookingRow, StaffCoversAtTime, StaffService, StaffZone } from '../../shared/api/staff.ts';
import { minutesOfLocalTime } from '../../shared/local-time.ts';
import { isCancelled, isLive, isPending, lifeStateOf, staffMayNow, type LifeAction } from '../../shared/booking-life-cycle.ts';

/** The filters of the book: every booking, or one kind. */
export const BOOK_FILTERS = ['all', 'pending', 'confirmed', 'arrived', 'finished', 'no_show', 'cancelled'] as const;

/** One of BOOK_FILTERS. */
export type BookFilter = (typeof BOOK_FILTERS)[number];

/** What a booking is for the host: its status, with arrival and no-show told apart. */
export function bookingKind(booking: Pick<StaffBookingRow, 'status' | 'arrived_at' | 'no_show'>): Exclude<BookFilter, 'all'> {
  const state = lifeStateOf({ status: booking.status, arrived: booking.arrived_at, noShow: booking.no_show });
  // The book files a refusal with the cancellations (and has no drafts).
  return state === 'refused' || state === 'draft' ? 'cancelled' : state;
}

/** What staff may do to a booking. */
export type BookAction = 'confirm' | 'refuse' | 'cancel' | 'arrived' | 'finish' | 'no_show' | 'undo' | 'note' | 'move';

/** The life cycle's action behind each button (a note is no action of the life cycle: always offered). */
const LIFE_ACTION_OF: Record<Exclude<BookAction, 'note'>, LifeAction> = {
  confirm: 'confirm',
  arrived: 'arrive',
  finish: 'finish',
  undo: 'undo',
  refuse: 'refuse',
  move: 'move',
  no_show: 'no_show',
  cancel: 'restaurant_cancel',
};

/** The buttons in the order the book shows them, the main one first. */
const BUTTON_ORDER: readonly BookAction[] = ['confirm', 'arrived', 'finish', 'undo', 'refuse', 'move', 'note', 'no_show', 'cancel'];

/** The actions a booking offers at `nowMs` (the merchant's time zone): those the life cycle lets staff take now, the main one first. */
export function actionsFor(booking: StaffBookingRow, nowMs: number, timezone: string): BookAction[] {
  const stored = {
    status: booking.status,
    arrived: booking.arrived_at,
    noShow: booking.no_show,
    startsAt: new Date(booking.starts_at),
    endsAt: new Date(booking.ends_at),
    localDate: booking.day,
  };
  const now = new Date(nowMs);
  return BUTTON_ORDER.filter((action) => action === 'note' || staffMayNow(LIFE_ACTION_OF[action], stored, now, timezone));
}

/** Whether a booking shows under a filter. */
export function matchesFilter(booking: StaffBookingRow, filter: BookFilter): boolean {
  return filter === 'all' || bookingKind(booking) === filter;
}

/** How many bookings each filter shows. */
export function filterCounts(bookings: StaffBookingRow[]): Record<BookFilter, number> {
  const counts = Object.fromEntries(BOOK_FILTERS.map((filter) => [filter, 0])) as Record<BookFilter, number>;
  for (const booking of bookings) {
    counts.all += 1;
    counts[bookingKind(booking)] += 1;
  }
  return counts;
}

/** A service of the day with its bookings (pending first, then the live ones by time, refused and cancelled last), its covers per time and its tables in use. */
export interface ServiceGroup {
  /** The service, or null for bookings outside every service's hours. */
  service: StaffService | null;
  bookings: StaffBookingRow[];
  covers: StaffCoversAtTime[];
  /** Tables held by pending or confirmed bookings not yet finished, of the floor's tables. */
  tablesInUse: number;
}

function inService(time: string, service: StaffService): boolean {
  const at = minutesOfLocalTime(time);
  const start = minutesOfLocalTime(service.start);
  const end = minutesOfLocalTime(service.end);
  // A service past midnight (end before start) holds the times after its start and before its end.
  return end >= start ? at >= start && at <= end : at >= start || at <= end;
}

function serviceOf(time: string, services: StaffService[]): StaffService | null {
  return services.find((service) => inService(time, service)) ?? null;
}

/** The day's bookings by service; services without bookings are kept (the covers line shows them empty). */
export function groupByService(bookings: StaffBookingRow[], services: StaffService[], covers: StaffCoversAtTime[]): ServiceGroup[] {
  const groups = new Map<StaffService | null, StaffBookingRow[]>(services.map((service) => [service, []]));
  for (const booking of bookings) {
    const service = serviceOf(booking.time, services);
    groups.set(service, [...(groups.get(service) ?? []), booking]);
  }
  return [...groups]
    .filter(([service, rows]) => service !== null || rows.length > 0)
    .map(([service, rows]) => ({
      service,
      bookings: [...rows].sort(
        (a, b) =>
          Number(isPending(b.status)) - Number(isPending(a.status)) ||
          Number(isCancelled(a.status)) - Number(isCancelled(b.status)) ||
          a.starts_at.localeCompare(b.starts_at) ||
          a.ref.localeCompare(b.ref),
      ),
      covers: covers.filter((entry) => (service ? serviceOf(entry.time, services) === service : serviceOf(entry.time, services) === null)),
      tablesInUse: new Set(rows.filter((booking) => isLive(booking.status)).flatMap((booking) => booking.tables.map((table) => table.id))).size,
    }));
}

/** How many tables the floor has. */
export function tableCount(zones: StaffZone[]): number {
  return zones.reduce((sum, zone) => sum + zone.tables.length, 0);
}

/** Lunch or dinner, by the service's first seating (before 16:00: lunch). */
export function serviceMeal(service: StaffService): 'lunch' | 'dinner' {
  return minutesOfLocalTime(service.start) < 16 * 60 ? 'lunch' : 'dinner';
}

/** The page title: the pending count first, when there is one. */
export function bookTitle(pending: number, merchantName: string, book: string): string {
  return `${pending > 0 ? `(${pending}) ` : ''}${merchantName} — ${book}`;
}
