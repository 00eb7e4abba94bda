/** $proBook (the day shown in the staff book), $proFilter, $proSearch and the actions on bookings, through the staff calls. */
import { atom, computed, map } from 'nanostores';
import { proApi, type ProApi, type ProNewBooking, type ProPlainAction } from '../lib/api/pro-api.ts';
import type { BookFilter } from '../lib/pro/book-view.ts';
import type { BookingUpdateEvent } from '../shared/api/realtime.ts';
import { isPending } from '../shared/booking-life-cycle.ts';
import type {
  ProCalendarResponse,
  ProCloseRequest,
  StaffBookingRow,
  StaffClosing,
  StaffCoversAtTime,
  StaffRefuseReason,
  StaffService,
  StaffZone,
} from '../shared/api/pro.ts';
import { forgetProSession, proFailure, type ProOutcome } from './pro-session.ts';

/** The book of one merchant's day. */
export interface ProBookState {
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
}

const EMPTY: ProBookState = {
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
};

/** The day shown. */
export const $proBook = map<ProBookState>({ ...EMPTY });

/** Which bookings the book shows. */
export const $proFilter = atom<BookFilter>('all');

/** The pending bookings of the day shown (the page title counts them). */
export const $proPendingCount = computed($proBook, (book) => book.bookings.filter((booking) => isPending(booking.status)).length);

/** A search across days. */
export interface ProSearchState {
  q: string;
  status: 'idle' | 'loading' | 'ready' | 'error';
  results: StaffBookingRow[];
}

/** The search across days (idle: the day is shown). */
export const $proSearch = map<ProSearchState>({ q: '', status: 'idle', results: [] });

// Reads may cross (a slow one answering after a newer one): only the latest asked for is taken.
let readSeq = 0;

/** The staff calendar's marks: per month (YYYY-MM) shown, its days holding bookings. */
export const $proCalendar = map<Record<string, ProCalendarResponse['days']>>({});

/** Reads a month's days holding bookings for the calendar (again each time it is shown: bookings come and go). */
export async function loadCalendarMonth(month: string, api: Pick<ProApi, 'calendar'> = proApi): Promise<void> {
  const { slug } = $proBook.get();
  if (!slug) return;
  try {
    const answer = await api.calendar(slug, month);
    if ($proBook.get().slug === slug) $proCalendar.setKey(month, answer.days);
  } catch {
    // The calendar still picks days; it marks none of this month's.
  }
}

/** Opens a merchant's book, on `day` or (null) today in its time zone. */
export function openBook(slug: string, day: string | null = null): void {
  readSeq += 1;
  $proCalendar.set({});
  $proBook.set({ ...EMPTY, slug, day });
  $proSearch.set({ q: '', status: 'idle', results: [] });
}

/** Reads the day shown (or another day, which is then shown); a 401 forgets the staff session. */
export async function loadDay(day: string | null = $proBook.get().day, api: Pick<ProApi, 'day'> = proApi): Promise<ProOutcome> {
  const { slug } = $proBook.get();
  if (!slug) return { ok: false, code: 'merchant_not_found' };
  const seq = ++readSeq;
  if (day !== $proBook.get().day) $proBook.set({ ...$proBook.get(), day, bookings: [], covers: [], closings: [], status: 'loading', error: null });
  else if ($proBook.get().status !== 'ready') $proBook.setKey('status', 'loading');
  try {
    const answer = await api.day(slug, day ?? undefined);
    if (seq !== readSeq || $proBook.get().slug !== slug) return { ok: true };
    $proBook.set({
      ...$proBook.get(),
      day: answer.day,
      today: $proBook.get().today ?? (day === null ? answer.day : null),
      timezone: answer.timezone,
      status: 'ready',
      error: null,
      bookings: answer.bookings,
      covers: answer.covers,
      services: answer.services,
      zones: answer.zones,
      closings: answer.closings,
    });
    return { ok: true };
  } catch (error) {
    const failure = proFailure(error);
    if (seq !== readSeq) return failure;
    if (failure.code === 'unauthenticated') forgetProSession();
    $proBook.set({ ...$proBook.get(), status: 'error', error: failure.code });
    return failure;
  }
}

/** Reads the merchant's public details once: its phone (to read and write diners' phones as it dials them) and party limits. */
export async function loadMerchantDetails(api: Pick<ProApi, 'merchant'> = proApi): Promise<void> {
  const { slug } = $proBook.get();
  if (!slug) return;
  try {
    const { merchant } = await api.merchant(slug);
    if ($proBook.get().slug !== slug) return;
    $proBook.set({
      ...$proBook.get(),
      merchantPhone: merchant.phone || null,
      party: { min: merchant.settings.minClientsPerBookings, max: merchant.settings.maxClientsPerBookings },
    });
  } catch {
    // Phones then show in their international form and must be typed so.
  }
}

/** Takes today in the merchant's time zone when the first read was for a given day (the address named one). */
export async function learnToday(api: Pick<ProApi, 'day'> = proApi): Promise<void> {
  const { slug, today } = $proBook.get();
  if (!slug || today) return;
  try {
    const answer = await api.day(slug);
    if ($proBook.get().slug === slug) $proBook.setKey('today', answer.day);
  } catch {
    // The day buttons still work; Today waits for the next read.
  }
}

/**
 * Whether a live event asks for a new read: not when the booking is shown at that revision or a newer one (its own
 * action's answer, or a read that crossed the event, already brought it).
 */
export function eventIsNews(event: Pick<BookingUpdateEvent, 'token' | 'revision'>): boolean {
  const shown = $proBook.get().bookings.find((booking) => booking.token === event.token);
  return !shown || shown.revision < event.revision;
}

/** Searches the merchant's bookings across days by name, reference or phone (two characters at least). */
export async function searchBook(q: string, api: Pick<ProApi, 'search'> = proApi): Promise<ProOutcome> {
  const { slug } = $proBook.get();
  const query = q.trim();
  if (!slug || query.length < 2) {
    $proSearch.set({ q: query, status: 'idle', results: [] });
    return { ok: true };
  }
  $proSearch.set({ q: query, status: 'loading', results: $proSearch.get().results });
  try {
    const answer = await api.search(slug, query);
    if ($proSearch.get().q === query) $proSearch.set({ q: query, status: 'ready', results: answer.bookings });
    return { ok: true };
  } catch (error) {
    if ($proSearch.get().q === query) $proSearch.set({ q: query, status: 'error', results: [] });
    return proFailure(error);
  }
}

/** Leaves the search: the day shows again. */
export function clearSearch(): void {
  $proSearch.set({ q: '', status: 'idle', results: [] });
}

/** An action on a booking, as the book's dialogs ask for it. */
export type ProAction =
  | { kind: ProPlainAction }
  | { kind: 'refuse' | 'cancel'; reason: StaffRefuseReason; message: string }
  | { kind: 'note'; note: string }
  | { kind: 'move'; datetime: number; zoneId?: string; tableId?: string };

/** Acts on a booking; afterwards the day (and an open search) is read again. A refusal answers its code. */
export async function actOnBooking(token: string, action: ProAction, api: ProApi = proApi): Promise<ProOutcome> {
  const { slug } = $proBook.get();
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
    const failure = proFailure(error);
    if (failure.code === 'unauthenticated') forgetProSession();
    return failure;
  }
  await refreshAfterChange(api);
  return { ok: true };
}

/** Takes a phone booking or walk-in; the day is read again. */
export async function createStaffBooking(input: ProNewBooking, api: ProApi = proApi): Promise<ProOutcome & { token?: string }> {
  const { slug } = $proBook.get();
  if (!slug) return { ok: false, code: 'merchant_not_found' };
  try {
    const answer = await api.create(slug, input);
    await refreshAfterChange(api);
    return { ok: true, token: answer.booking.token };
  } catch (error) {
    const failure = proFailure(error);
    if (failure.code === 'unauthenticated') forgetProSession();
    return failure;
  }
}

/** Reads the day again, and the search when one is shown. */
export async function refreshAfterChange(api: Pick<ProApi, 'day' | 'search'> = proApi): Promise<void> {
  const search = $proSearch.get();
  await Promise.all([loadDay(undefined, api), search.status !== 'idle' ? searchBook(search.q, api) : Promise.resolve()]);
}

/** Closes a day, a service or a time range to online booking; answers how many bookings already inside it are kept. */
export async function closeOnline(request: ProCloseRequest, api: ProApi = proApi): Promise<ProOutcome & { affected?: number }> {
  const { slug } = $proBook.get();
  if (!slug) return { ok: false, code: 'merchant_not_found' };
  try {
    const answer = await api.close(slug, request);
    await loadDay(undefined, api);
    return { ok: true, affected: answer.affected.count };
  } catch (error) {
    const failure = proFailure(error);
    if (failure.code === 'unauthenticated') forgetProSession();
    return failure;
  }
}

/** Removes a closing: online booking opens there again; the day is read again. */
export async function reopenClosing(id: string, api: ProApi = proApi): Promise<ProOutcome> {
  const { slug } = $proBook.get();
  if (!slug) return { ok: false, code: 'merchant_not_found' };
  try {
    await api.reopen(slug, id);
  } catch (error) {
    const failure = proFailure(error);
    if (failure.code === 'unauthenticated') forgetProSession();
    // Already removed (another device): the day read below shows it gone.
    if (failure.code !== 'not_found') return failure;
  }
  await loadDay(undefined, api);
  return { ok: true };
}
