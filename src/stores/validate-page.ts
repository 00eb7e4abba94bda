/**
 * The Validate page's flow (validate-booking.ts makes the calls): loading, the terms switch, the failures shown (at the
 * top, by the button, or the table lost after its hold lapsed), the busy button and the comment dialog. While the page
 * is shown (the store listened to), a lapsed hold is watched for the table being taken. The island keeps only the
 * focus and the scrolling its refs need.
 */
import { atom, onMount } from 'nanostores';
import type { Lang } from '../i18n/t.ts';
import { validateEntryTarget } from '../lib/booking/validate-entry.ts';
import type { Slot } from '../shared/api/slots.ts';
import { $alternatives, clearAlternatives, loadAlternatives, takeAlternative, watchLostTable } from './alternatives.ts';
import { $booking, type BookingOutcome } from './booking.ts';
import { $hold } from './hold.ts';
import { enterValidate, validateCurrentBooking } from './validate-booking.ts';

/** A failure to show: its error_code and the values its message needs. */
export interface ValidateFailure {
  code: Extract<BookingOutcome, { ok: false }>['code'];
  vars?: Record<string, string | number>;
  /** The table was taken after its hold ran out (said so rather than only "no place left"). */
  lost?: boolean;
  /** The diner learnt of the lost table by pressing Validate (the focus then follows the news). */
  tapped?: boolean;
}

/** What the Validate page shows. */
export interface ValidatePage {
  phase: 'loading' | 'ready' | 'failed';
  /** Why the booking could not be shown. */
  loadFailure: ValidateFailure | null;
  accepted: boolean;
  /** Validate was pressed with the terms not accepted. */
  termsInvalid: boolean;
  /** A failure shown at the page's top (the diner's booking limit). */
  topFailure: ValidateFailure | null;
  /** A failure shown by the button, or the table lost. */
  failure: ValidateFailure | null;
  /** Validate or a time offered is being sent. */
  busy: boolean;
  commentOpen: boolean;
}

const INITIAL: ValidatePage = {
  phase: 'loading',
  loadFailure: null,
  accepted: false,
  termsInvalid: false,
  topFailure: null,
  failure: null,
  busy: false,
  commentOpen: false,
};

/** The Validate page's state. */
export const $validatePage = atom<ValidatePage>(INITIAL);

const patch = (change: Partial<ValidatePage>) => $validatePage.set({ ...$validatePage.get(), ...change });

/** Whether the draft's hold has run out. */
const holdOver = () => {
  const { remainingMs } = $hold.get();
  return remainingMs !== null && remainingMs <= 0;
};

/**
 * Enters Validate (a new page unless `restored` from the back-forward cache, which keeps what the diner did): ties the
 * booking to the diner; answers where to lead instead (already validated, cancelled, no phone, signed out), or null.
 */
export async function openValidatePage(slug: string, token: string, lang?: Lang, restored = false): Promise<string | null> {
  if (!restored) $validatePage.set(INITIAL);
  const outcome = await enterValidate(slug, token, lang);
  if (outcome.to) return outcome.to;
  if (!outcome.ok) {
    patch({ phase: 'failed', loadFailure: { code: outcome.code, vars: outcome.vars } });
    return null;
  }
  const held = $booking.get();
  const target = held ? validateEntryTarget(held, slug, token) : null;
  if (target) return target;
  patch({ phase: 'ready', busy: false });
  return null;
}

/** The terms switch. */
export function acceptTerms(accepted: boolean): void {
  patch(accepted ? { accepted, termsInvalid: false } : { accepted });
}

/** Opens or closes the comment dialog. */
export function openComment(open: boolean): void {
  patch({ commentOpen: open });
}

/** What pressing Validate led to: a page to go to, or where the focus should go to tell the diner. */
export type ValidateStep = { to: string } | { focus: 'terms' | 'top' | null };

/** Validate: refused until the terms are accepted; then makes the booking firm, or shows why not (and the free times when the table is gone). */
export async function pressValidate(lang?: Lang): Promise<ValidateStep> {
  patch({ topFailure: null });
  if (!$validatePage.get().accepted) {
    patch({ termsInvalid: true });
    return { focus: 'terms' };
  }
  clearAlternatives();
  patch({ failure: null, busy: true });
  const outcome = await validateCurrentBooking(lang);
  // Busy until the next page shows.
  if (outcome.to) return { to: outcome.to };
  patch({ busy: false });
  if (outcome.ok) return { focus: null };
  if (outcome.code === 'user_booking_limit_reached') {
    patch({ topFailure: { code: outcome.code } });
    return { focus: 'top' };
  }
  if (outcome.code === 'no_seats_available') {
    const lost = holdOver();
    patch({ failure: { code: outcome.code, lost, tapped: lost } });
    void loadAlternatives();
    return { focus: null };
  }
  patch({ failure: { code: outcome.code, vars: outcome.vars } });
  return { focus: null };
}

/** Holds a time offered for the same draft: answers a page to go to, 'held' (the new hold's countdown shows), or null. */
export async function takeOfferedTime(slot: Slot, lang?: Lang): Promise<string | 'held' | null> {
  const outcome = await takeAlternative(slot, lang);
  if (outcome.to) return outcome.to;
  if (!outcome.ok) return null;
  patch({ failure: null });
  return 'held';
}

/** Leaving Validate forgets the times offered (another booking's page must not show them). */
export function leaveValidatePage(): void {
  clearAlternatives();
}

// Once the hold is over, the diner learns that the table was taken (and what is free) without having to validate.
onMount($validatePage, () => {
  let stopWatch: (() => void) | null = null;
  const react = () => {
    const watch = holdOver() && $alternatives.get().status === 'idle' && !$validatePage.get().busy;
    if (watch && !stopWatch) stopWatch = watchLostTable(() => patch({ failure: { code: 'no_seats_available', lost: true } }));
    if (!watch && stopWatch) {
      stopWatch();
      stopWatch = null;
    }
  };
  const unlisten = [$hold.listen(react), $alternatives.listen(react), $validatePage.listen(react)];
  react();
  return () => {
    unlisten.forEach((stop) => stop());
    stopWatch?.();
    stopWatch = null;
  };
});
