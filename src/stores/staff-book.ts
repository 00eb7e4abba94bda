/** $staffBook (the day shown in the staff book), $staffFilter, $staffSearch and the actions on bookings, through the staff calls. */
import { atom, computed, map } from 'nanostores';
import { staffApi, type StaffApi, type StaffNewBooking, type StaffPlainAction } from '../lib/api/staff-api.ts';
import type { BookFilter } from '../lib/staff/book-view.ts';
import type { BookingUpdateEvent } from '../shared/api/realtime.ts';
import { isPending } from '../shared/booking-life-cycle.ts';
import type {
  StaffCalendarResponse,
  StaffCloseRequest,
  StaffBookingRow,
  StaffClosing,
  StaffCoversAtTime,
  StaffRefuseReason,
  StaffService,
  StaffZone,
} from '../shared/api/staff.ts';
import { forgetStaff, staffFailure, type StaffOutcome } from './staff-session.ts';

/** The book of one merchant's day. */
export interface StaffBookState {
  slug: string | null;
  /** The day shown (merchant-local), null until the first read says which day today is there. */
  day: string | null;
  /** Today in the merchant's time zone, as the first read without a day answered it. */
  today: string | null;
  timezone: string | null;
  status: 'idle' | 'loading' | 'ready' | 'error';
  /** The failure of the last read (not_found: not a merchant of this staff member's). */
  error: string | null;
  bookings: StaffBookingRow[];
  covers: StaffCoversAtTime[];
  services: StaffService[];
  zones: StaffZone[];
  /** The closings to online booking touching the day (a whole day, a service, a time range). */
  closings: StaffClosing[];
  /** The merchant's public phone (its country reads the diners' national numbers) and party limits; null until read. */
  merchantPhone: string | null;
  party: { min: number; max: number } | null;
  /** A closing is being removed (the reopen buttons wait). */
  reopening: boolean;
  /** Minutes between bookable times, and how long a booking holds its table (the timeline's scale). */
  slotMinutes: number;
  durationMinutes: number;
}

const EMPTY: StaffBookState = {
  slug: null,
  day: null,
  today: null,
  timezone: null,
  status: 'idle',
  error: null,
  bookings: [],
  covers: [],
  services: [],
  zones: [],
  closings: [],
  merchantPhone: null,
  party: null,
  reopening: false,
  slotMinutes: 15,
  durationMinutes: 120,
};

/** The day shown. */
export const $staffBook = map<StaffBookState>({ ...EMPTY });

/** Which bookings the book shows. */
export const $staffFilter = atom<BookFilter>('all');

/** The pending bookings of the day shown (the page title counts them). */
export const $staffPendingCount = computed($staffBook, (book) => book.bookings.filter((booking) => isPending(booking.status)).length);

/** A search across days. */
export interface StaffSearchState {
  q: string;
  status: 'idle' | 'loading' | 'ready' | 'error';
  results: StaffBookingRow[];
}

/** The search across days (idle: the day is shown). */
export const $staffSearch = map<StaffSearchState>({ q: '', status: 'idle', results: [] });

// Reads may cross (a slow one answering after a newer one): only the latest asked for is taken.
let readSeq = 0;
// The latest read: one overtaken answers when it has, so a caller (an action's refresh) resumes on the day as now read.
let latestRead: Promise<StaffOutcome> | null = null;

/** The staff calendar's marks: per month (YYYY-MM) shown, its days holding bookings. */
export const $staffCalendar = map<Record<string, StaffCalendarResponse['days']>>({});

/** Reads a month's days holding bookings for the calendar (again each time it is shown: bookings come and go). */
export async function loadCalendarMonth(month: string, api: Pick<StaffApi, 'calendar'> = staffApi): Promise<void> {
  const { slug } = $staffBook.get();
  if (!slug) return;
  try {
    const answer = await api.calendar(slug, month);
    if ($staffBook.get().slug === slug) $staffCalendar.setKey(month, answer.days);
  } catch {
    // The calendar still picks days; it marks none of this month's.
  }
}

/** Opens a merchant's book, on `day` or (null) today in its time zone. */
export function openBook(slug: string, day: string | null = null): void {
  readSeq += 1;
  $staffCalendar.set({});
  $staffBook.set({ ...EMPTY, slug, day });
  $staffSearch.set({ q: '', status: 'idle', results: [] });
}

/**
 * Reads the day shown (or another day, which is then shown); a 401 forgets the staff session. A read overtaken by a
 * newer one answers when the newer one has: the book then shows what was read after both were asked.
 */
export function loadDay(day: string | null = $staffBook.get().day, api: Pick<StaffApi, 'day'> = staffApi): Promise<StaffOutcome> {
  const read: Promise<StaffOutcome> = readDay(day, api).then((outcome) => outcome ?? (latestRead && latestRead !== read ? latestRead : { ok: true }));
  latestRead = read;
  return read;
}

/** loadDay's read; null when a newer read (or another book) overtook it. */
async function readDay(day: string | null, api: Pick<StaffApi, 'day'>): Promise<StaffOutcome | null> {
  const { slug } = $staffBook.get();
  if (!slug) return { ok: false, code: 'merchant_not_found' };
  const seq = ++readSeq;
  if (day !== $staffBook.get().day) $staffBook.set({ ...$staffBook.get(), day, bookings: [], covers: [], closings: [], status: 'loading', error: null });
  else if ($staffBook.get().status !== 'ready') $staffBook.setKey('status', 'loading');
  try {
    const answer = await api.day(slug, day ?? undefined);
    if (seq !== readSeq || $staffBook.get().slug !== slug) return null;
    $staffBook.set({
      ...$staffBook.get(),
      day: answer.day,
      today: $staffBook.get().today ?? (day === null ? answer.day : null),
      timezone: answer.timezone,
      status: 'ready',
      error: null,
      bookings: answer.bookings,
      covers: answer.covers,
      services: answer.services,
      zones: answer.zones,
      closings: answer.closings,
      slotMinutes: answer.slot_minutes,
      durationMinutes: answer.duration_minutes,
    });
    return { ok: true };
  } catch (error) {
    const failure = staffFailure(error);
    if (seq !== readSeq) return failure;
    if (failure.code === 'unauthenticated') forgetStaff();
    $staffBook.set({ ...$staffBook.get(), status: 'error', error: failure.code });
    return failure;
  }
}

/** Reads the merchant's public details once: its phone (to read and write diners' phones as it dials them) and party limits. */
export async function loadMerchantDetails(api: Pick<StaffApi, 'merchant'> = staffApi): Promise<void> {
  const { slug } = $staffBook.get();
  if (!slug) return;
  try {
    const { merchant } = await api.merchant(slug);
    if ($staffBook.get().slug !== slug) return;
    $staffBook.set({
      ...$staffBook.get(),
      merchantPhone: merchant.phone || null,
      party: { min: merchant.settings.minClientsPerBookings, max: merchant.settings.maxClientsPerBookings },
    });
  } catch {
    // Phones then show in their international form and must be typed so.
  }
}

/** Takes today in the merchant's time zone when the first read was for a given day (the address named one). */
export async function learnToday(api: Pick<StaffApi, 'day'> = staffApi): Promise<void> {
  const { slug, today } = $staffBook.get();
  if (!slug || today) return;
  try {
    const answer = await api.day(slug);
    if ($staffBook.get().slug === slug) $staffBook.setKey('today', answer.day);
  } catch {
    // The day buttons still work; Today waits for the next read.
  }
}

/**
 * Whether a live event asks for a new read: not when the booking is shown at that revision or a newer one (its own
 * action's answer, or a read that crossed the event, already brought it).
 */
export function eventIsNews(event: Pick<BookingUpdateEvent, 'token' | 'revision'>): boolean {
  const shown = $staffBook.get().bookings.find((booking) => booking.token === event.token);
  return !shown || shown.revision < event.revision;
}

/** Searches the merchant's bookings across days by name, reference or phone (two characters at least). */
export async function searchBook(q: string, api: Pick<StaffApi, 'search'> = staffApi): Promise<StaffOutcome> {
  const { slug } = $staffBook.get();
  const query = q.trim();
  if (!slug || query.length < 2) {
    $staffSearch.set({ q: query, status: 'idle', results: [] });
    return { ok: true };
  }
  $staffSearch.set({ q: query, status: 'loading', results: $staffSearch.get().results });
  try {
    const answer = await api.search(slug, query);
    if ($staffSearch.get().q === query) $staffSearch.set({ q: query, status: 'ready', results: answer.bookings });
    return { ok: true };
  } catch (error) {
    if ($staffSearch.get().q === query) $staffSearch.set({ q: query, status: 'error', results: [] });
    return staffFailure(error);
  }
}

/** Leaves the search: the day shows again. */
export function clearSearch(): void {
  $staffSearch.set({ q: '', status: 'idle', results: [] });
}

/** An action on a booking, as the book's dialogs ask for it. */
export type StaffAction =
  | { kind: StaffPlainAction }
  | { kind: 'refuse' | 'cancel'; reason: StaffRefuseReason; message: string }
  | { kind: 'note'; note: string }
  | { kind: 'move'; datetime: number; zoneId?: string; tableId?: string };

/** Acts on a booking; afterwards the day (and an open search) is read again. A refusal answers its code. */
export async function actOnBooking(token: string, action: StaffAction, api: StaffApi = staffApi): Promise<StaffOutcome> {
  const { slug } = $staffBook.get();
  if (!slug) return { ok: false, code: 'merchant_not_found' };
  try {
    if (action.kind === 'refuse' || action.kind === 'cancel') await api.refuse(slug, token, action.kind, action.reason, action.message.trim());
    else if (action.kind === 'note') await api.note(slug, token, action.note.trim());
    else if (action.kind === 'move') {
      await api.move(slug, token, {
        datetime: action.datetime,
        ...(action.zoneId ? { zone_id: action.zoneId } : {}),
        ...(action.tableId ? { table_id: action.tableId } : {}),
      });
    } else await api.act(slug, token, action.kind);
  } catch (error) {
    const failure = staffFailure(error);
    if (failure.code === 'unauthenticated') forgetStaff();
    return failure;
  }
  await refreshAfterChange(api);
  return { ok: true };
}

/** Takes a phone booking or walk-in; the day is read again. */
export async function createStaffBooking(input: StaffNewBooking, api: StaffApi = staffApi): Promise<StaffOutcome & { token?: string }> {
  const { slug } = $staffBook.get();
  if (!slug) return { ok: false, code: 'merchant_not_found' };
  try {
    const answer = await api.create(slug, input);
    await refreshAfterChange(api);
    return { ok: true, token: answer.booking.token };
  } catch (error) {
    const failure = staffFailure(error);
    if (failure.code === 'unauthenticated') forgetStaff();
    return failure;
  }
}

/** Reads the day again, and the search when one is shown. */
export async function refreshAfterChange(api: Pick<StaffApi, 'day' | 'search'> = staffApi): Promise<void> {
  const search = $staffSearch.get();
  await Promise.all([loadDay(undefined, api), search.status !== 'idle' ? searchBook(search.q, api) : Promise.resolve()]);
}

/** Closes a day, a service or a time range to online booking; answers how many bookings already inside it are kept. */
export async function closeOnline(request: StaffCloseRequest, api: StaffApi = staffApi): Promise<StaffOutcome & { affected?: number }> {
  const { slug } = $staffBook.get();
  if (!slug) return { ok: false, code: 'merchant_not_found' };
  try {
    const answer = await api.close(slug, request);
    await loadDay(undefined, api);
    return { ok: true, affected: answer.affected.count };
  } catch (error) {
    const failure = staffFailure(error);
    if (failure.code === 'unauthenticated') forgetStaff();
    return failure;
  }
}

/** Removes a closing: online booking opens there again; the day is read again. The book says so while it is under way. */
export async function reopenClosing(id: string, api: StaffApi = staffApi): Promise<StaffOutcome> {
  const { slug } = $staffBook.get();
  if (!slug) return { ok: false, code: 'merchant_not_found' };
  $staffBook.setKey('reopening', true);
  const outcome = await removeClosing(slug, id, api);
  $staffBook.setKey('reopening', false);
  return outcome;
}

async function removeClosing(slug: string, id: string, api: StaffApi): Promise<StaffOutcome> {
  try {
    await api.reopen(slug, id);
  } catch (error) {
    const failure = staffFailure(error);
    if (failure.code === 'unauthenticated') forgetStaff();
    // Already removed (another device): the day read below shows it gone.
    if (failure.code !== 'not_found') return failure;
  }
  await loadDay(undefined, api);
  return { ok: true };
}
