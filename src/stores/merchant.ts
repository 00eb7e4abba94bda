/** $merchant and what booking_merchant/get brings with it: shifts, closed days, theme, zone count, the current booking token, the main error. */
import { atom } from 'nanostores';
import { failureCodeOf, isApiError } from '../lib/api/api-client.ts';
import type { FailureCode } from '../shared/api/outcome.ts';
import type { Merchant, Shift, Theme } from '../shared/api/merchant.ts';
import type { LocalDate } from '../shared/local-time.ts';
import { bookingApi, type BookingApi } from '../lib/api/booking-api.ts';
import type { MerchantData } from '../lib/build/merchant-data.ts';
import { setCurrentMerchant } from '../lib/platform/storage.ts';

/** The main booking error (section 8): its error_code and the merchant phone to call instead. */
export interface MainError {
  code: FailureCode;
  phone: string | null;
}

/** The slug of the merchant the page is about. */
export const $merchantSlug = atom<string | null>(null);
/** The merchant record (null until booking_merchant/get answers). */
export const $merchant = atom<Merchant | null>(null);
/** The weekly shifts, Monday (1) to Sunday (7). */
export const $shifts = atom<Shift[]>([]);
/** The coming closed days. */
export const $closedDays = atom<LocalDate[]>([]);
/** The coming special openings: days open with their own hours whatever their weekday. */
export const $openDays = atom<LocalDate[]>([]);
/** The merchant's colours. */
export const $theme = atom<Theme | null>(null);
/** How many zones the merchant has. */
export const $zoneCount = atom<number>(0);
/** The main booking error, shown instead of the choosers. */
export const $mainError = atom<MainError | null>(null);
/** The signed-in diner's live booking at this merchant (booking_merchant/get and update_user tell it). */
export const $currentBookingToken = atom<string | null>(null);

// The page's phone, for the main error when the API cannot give one.
let seededPhone: string | null = null;

/** Draws at once from the page's #merchant-data before the API answers. */
export function seedMerchant(data: MerchantData): void {
  seededPhone = data.phone || null;
  $merchantSlug.set(data.slug);
  $shifts.set(data.shifts);
  $closedDays.set(data.closedDays);
  $openDays.set(data.openDays ?? []);
  $theme.set(data.theme);
  $zoneCount.set(data.zones.length);
}

let hour12: boolean | null = null;

/** Whether the page's merchant writes 12-hour times (#merchant-data, read once). */
export function pageHour12(): boolean {
  hour12 ??= readPageMerchantData()?.hour12 === true;
  return hour12;
}

/** The #merchant-data the page embeds, or null when there is none. */
export function readPageMerchantData(doc: Document | undefined = globalThis.document): MerchantData | null {
  const text = doc?.getElementById('merchant-data')?.textContent;
  if (!text) return null;
  try {
    return JSON.parse(text) as MerchantData;
  } catch {
    return null;
  }
}

/** Loads the merchant (booking_merchant/get); a failure becomes the main error. Resolves whether it worked. */
export async function loadMerchant(slug: string, api: Pick<BookingApi, 'getBookingMerchant'> = bookingApi): Promise<boolean> {
  $merchantSlug.set(slug);
  $mainError.set(null);
  try {
    const answer = await api.getBookingMerchant(slug);
    $merchant.set(answer.merchant);
    $shifts.set(answer.shifts);
    $closedDays.set(answer.closes);
    $openDays.set(answer.opens ?? []);
    $theme.set(answer.theme);
    $zoneCount.set(answer.zoneCount);
    $currentBookingToken.set(answer.currentBookingToken);
    return true;
  } catch (error) {
    const code = failureCodeOf(error);
    const phone = isApiError(error) ? (error.body as { phone?: unknown } | null)?.phone : undefined;
    $mainError.set({ code, phone: typeof phone === 'string' ? phone : ($merchant.get()?.phone ?? seededPhone) });
    return false;
  }
}

/**
 * Reads the merchant's days again after its definition changed (hours, closed days, special openings, open today and
 * tomorrow), nothing else; a failure keeps what is shown.
 */
export async function reloadMerchantDays(api: Pick<BookingApi, 'getBookingMerchant'> = bookingApi): Promise<void> {
  const slug = $merchantSlug.get();
  if (!slug) return;
  try {
    const answer = await api.getBookingMerchant(slug);
    $merchant.set(answer.merchant);
    $shifts.set(answer.shifts);
    $closedDays.set(answer.closes);
    $openDays.set(answer.opens ?? []);
  } catch {
    // The next event, or the next visit, reads them again.
  }
}

/** Takes the merchant, shifts, theme and current booking token another call returned (get, update_user). */
export function takeMerchant(answer: { merchant: Merchant; theme: Theme; shifts?: Shift[]; currentBookingToken?: string | null }): void {
  $merchantSlug.set(answer.merchant.slug);
  $merchant.set(answer.merchant);
  $theme.set(answer.theme);
  if (answer.shifts) $shifts.set(answer.shifts);
  if (answer.currentBookingToken !== undefined) $currentBookingToken.set(answer.currentBookingToken);
}

// The guard and the sign-in pages send the diner back to the merchant they were booking with.
$merchant.listen((merchant) => {
  if (merchant) setCurrentMerchant(merchant.slug);
});
