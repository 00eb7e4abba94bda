/** $home: what BookingHome draws from before and after its calls (today by the server clock, the page's settings and zones), and startBookingHome. */
import { computed, map } from 'nanostores';
import type { MerchantSettings, Zone } from '../shared/api/merchant.ts';
import type { LocalDate } from '../shared/local-time.ts';
import { bookingApi, type BookingApi } from '../lib/api/booking-api.ts';
import { lastBookableDay, todayIn, type DayRules } from '../lib/calendar/calendar.ts';
import type { MerchantData } from '../lib/build/merchant-data.ts';
import { navigate } from '../lib/navigation/navigate.ts';
import { guessOpenFlags } from '../lib/booking/open-flags.ts';
import type { BookingPresets } from '../lib/booking/presets.ts';
import { serverNow, syncServerClock } from '../lib/api/server-clock.ts';
import { openBookingOnHome } from './booking.ts';
import type { AccountApi } from '../lib/api/account-api.ts';
import { getPendingManageKey } from '../lib/platform/storage.ts';
import { $lang, setLang } from './lang.ts';
import { $closedDays, $mainError, $merchant, $openDays, $shifts, loadMerchant, seedMerchant } from './merchant.ts';
import { $selection, applyPresets, defaultParty, setPendingSlot } from './selection.ts';
import { forgetNoTableToday, offerNextFreeDay } from './slots.ts';
import { keepChoices, restoreChoices } from './kept-choices.ts';

/** Where opening the booking to edit stands (?token, or a draft stored for the merchant; a live stored one is only offered). */
export type HomeBookingState = 'none' | 'loading' | 'loaded' | 'offered' | 'discarded' | 'failed';

/** BookingHome's own state. */
export interface HomeState {
  /** Merchant-local today: by the local clock at first, by the server's once it answered. */
  today: LocalDate | null;
  timezone: string;
  /** The guest limits and zones of the page (#merchant-data), replaced by the API's merchant when it answers. */
  settings: MerchantSettings | null;
  pageZones: Zone[];
  /** open.today / open.tomorrow guessed from the shifts until booking_merchant/get gives the real ones. */
  guessedOpen: { today: boolean; tomorrow: boolean };
  booking: HomeBookingState;
}

const INITIAL: HomeState = {
  today: null,
  timezone: 'Europe/Paris',
  settings: null,
  pageZones: [],
  guessedOpen: { today: true, tomorrow: true },
  booking: 'none',
};

/** BookingHome's state. */
export const $home = map<HomeState>({ ...INITIAL });

/** The guest limits: the API's merchant when it answered, else the page's. */
export const $guestLimits = computed([$merchant, $home], (merchant, home) => merchant?.settings ?? home.settings);

/** The rules that decide which days can be picked (section 5 and the booking horizon), or null before the page is known. */
export const $dayRules = computed([$home, $shifts, $closedDays, $merchant, $openDays], (home, shifts, closedDays, merchant, openDays): DayRules | null =>
  home.today === null
    ? null
    : {
        today: home.today,
        shifts,
        closedDays,
        openDays,
        open: merchant?.open ?? home.guessedOpen,
        lastDay: lastBookableDay(home.today, (merchant?.settings ?? home.settings)?.bookingHorizonDays),
      },
);

/** What startBookingHome may be given instead of the real browser and API (tests). */
export interface StartOptions {
  api?: Pick<BookingApi, 'getServerTime' | 'getBookingMerchant' | 'getBooking' | 'getBookingSlots'>;
  go?: (to: string) => void;
  localNow?: () => number;
  /** booking_session, for a manage link's exchange the tracking page left under way (finishPendingManageLink). */
  accountApi?: Pick<AccountApi, 'bookingSession'>;
}

let stopKeeping: (() => void) | undefined;

const NO_PRESETS: BookingPresets = { token: null, seats: null, asap: false, when: null, lang: null };

/** The address's presets: most visits have no query, and only one that has loads the parser. */
async function readPresets(search: string): Promise<BookingPresets> {
  if (search === '' || search === '?') return NO_PRESETS;
  const { parsePresets } = await import('../lib/booking/parse-presets.ts');
  return parsePresets(search);
}

function refreshToday(localNow: () => number): void {
  const { timezone } = $home.get();
  const nowMs = serverNow(localNow);
  $home.setKey('today', todayIn(nowMs, timezone));
  $home.setKey('guessedOpen', guessOpenFlags($shifts.get(), nowMs, timezone));
}

/**
 * Starts BookingHome: draws at once from the page's data, then (in parallel) syncs the clock, loads the merchant and
 * the booking to edit (?token, else the stored one; a finished one is dropped), and finally applies the address's
 * presets (seats, asap, when) unless a booking was opened or the diner already picked a day. Resolves when done.
 */
export async function startBookingHome(data: MerchantData, search: string, options: StartOptions = {}): Promise<void> {
  const { api = bookingApi, go = navigate, localNow = Date.now, accountApi: sessions } = options;
  seedMerchant(data);
  $home.set({ ...INITIAL, timezone: data.timezone, settings: data.settings, pageZones: data.zones, booking: 'loading' });
  forgetNoTableToday();
  refreshToday(localNow);
  const clock = syncServerClock(() => api.getServerTime(), localNow).then(() => refreshToday(localNow));
  const merchant = loadMerchant(data.slug, api);
  const presets = await readPresets(search);
  if (presets.lang) setLang(presets.lang);
  // An Edit tapped on the manage link's page before its key became a session: the exchange ends here first.
  if (presets.token && getPendingManageKey(presets.token)) {
    const { finishPendingManageLink } = await import('./manage-link.ts');
    await finishPendingManageLink(presets.token, $lang.get(), sessions);
  }
  const opened = await openBookingOnHome(data.slug, presets.token, $lang.get(), api);
  stopKeeping?.();
  stopKeeping = keepChoices(data.slug);
  $home.setKey('booking', opened.state);
  if (opened.to) {
    go(opened.to);
    return;
  }
  const [, merchantLoaded] = await Promise.all([clock, merchant]);
  const rules = $dayRules.get();
  const settings = $guestLimits.get();
  if (opened.state === 'loaded' || !merchantLoaded || $mainError.get() || !rules || !settings || $selection.get().date !== null) return;
  // A reload keeps what the diner chose in this tab, unless the address asks for something.
  const asked = presets.seats !== null || presets.asap || presets.when !== null;
  if (!asked && restoreChoices(data.slug, rules, settings)) return;
  const day = applyPresets(presets, { nowMs: serverNow(localNow), timezone: $merchant.get()?.timezone ?? data.timezone, rules, settings });
  // asap on a closed day: say there is no table today and offer the next day with one (an open day is looked at once its times arrive).
  if (presets.asap && day === 'closed')
    await offerNextFreeDay(rules.today, { guests: $selection.get().guests ?? defaultParty(settings), zoneId: null, rules }, api);
}

/** The diner picked a day by hand: a time the address asked for no longer applies. */
export function forgetPresetTime(): void {
  setPendingSlot(null);
  forgetNoTableToday();
}
