/**
 * The Validate island (/{merchantSlug}/validate/{token}, spec sections 2, 5 and 8): ties the draft to the signed-in
 * diner, shows the recap, the customer card and the terms switch, and validates it (with a floating button while the
 * main one is off-screen). The token comes from the address: the server serves this merchant's one shell for every token.
 * A draft shows how long its table is still held; when validation finds the table gone, the nearest free times are
 * offered and one tap holds one again for the same draft.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState } from 'react';
import { errorMessage, needMessages } from '../../i18n/i18n.ts';
import frTracking from '../../i18n/messages/fr/tracking.json' with { type: 'json' };
import { guardPath } from '../../lib/navigation/guard.ts';
import { leadOn } from '../../lib/navigation/history-arrival.ts';
import { navigate, navigateReplacing } from '../../lib/navigation/navigate.ts';
import { bookingHomePath, matchRoute } from '../../lib/navigation/routes.ts';
import { setCurrentMerchant, setMerchantToken } from '../../lib/platform/storage.ts';
import type { Slot } from '../../shared/api/slots.ts';
import { longDate } from '../../lib/text/long-date.ts';
import { $alternatives } from '../../stores/alternatives.ts';
import { $booking } from '../../stores/booking.ts';
import { saveComment } from '../../stores/booking-writes.ts';
import { $validatePage, acceptTerms, leaveValidatePage, openComment, openValidatePage, pressValidate, takeOfferedTime } from '../../stores/validate-page.ts';
import AlternativeTimes from './parts/AlternativeTimes.tsx';
import BookingRecap from './parts/BookingRecap.tsx';
import BookingPageFailure from '../shared/BookingPageFailure.tsx';
import CommentModal from '../shared/CommentModal.tsx';
import CustomerCard from './parts/CustomerCard.tsx';
import HoldTimer from '../shared/HoldTimer.tsx';
import TermsToggle from './parts/TermsToggle.tsx';
import '../shared/buttons.css';
import '../shared/booking-pages.css';
import { useHydrated } from '../shared/use-hydrated.ts';
import { useOffScreen } from './parts/use-off-screen.ts';
import { useTranslation } from '../shared/use-translation.ts';
import { useHour12 } from '../shared/use-hour12.ts';
import { loadPhoneDisplay } from '../shared/use-phone-display.ts';

// Renders only once the booking's own messages (validate, tracking, its modals) are loaded in the page's language.
await needMessages('tracking', frTracking);

/** The merchant whose shell this is. */
export interface ValidateBookingProps {
  merchantSlug: string;
  /** Its phone (the diner's phone is written from its country). */
  merchantPhone?: string;
  /** Whether its country writes 12-hour times (read from its phone at build time: no phone metadata before hydration). */
  merchantHour12?: boolean;
}

const smooth = (): ScrollBehavior => (globalThis.matchMedia?.('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth');

/** The Validate page's content. */
export default function ValidateBooking({ merchantSlug, merchantPhone, merchantHour12 = false }: ValidateBookingProps) {
  const hydrated = useHydrated();
  const { lang, t } = useTranslation();
  const booking = useStore($booking);
  const alternatives = useStore($alternatives);
  const { phase, loadFailure, accepted, termsInvalid, topFailure, failure, busy, commentOpen } = useStore($validatePage);
  const hour12 = useHour12(merchantHour12, lang);
  const offering = alternatives.status !== 'idle';
  // Focus and scrolling stay here, with the refs they need.
  const [focusHold, setFocusHold] = useState(false);
  const terms = useRef<HTMLInputElement>(null);
  const top = useRef<HTMLDivElement>(null);
  const mainButton = useRef<HTMLButtonElement>(null);
  const holdTimer = useRef<HTMLDivElement>(null);
  const lostTop = useRef<HTMLDivElement>(null);
  const ready = hydrated && phase === 'ready' && booking !== null;
  const mainOffScreen = useOffScreen(mainButton, ready);

  // The phone formatters load while the booking is read, not once its card first shows.
  useEffect(() => void loadPhoneDisplay().catch(() => {}), []);

  useEffect(() => {
    const { token } = matchRoute(globalThis.location.pathname);
    if (!token) {
      navigate(bookingHomePath(merchantSlug));
      return;
    }
    // Sign-in, NoAuth and Onboarding come back here through the stored current merchant and its token.
    setCurrentMerchant(merchantSlug);
    setMerchantToken(merchantSlug, token);
    const redirect = guardPath(globalThis.location.pathname);
    if (redirect) {
      navigateReplacing(redirect);
      return;
    }
    let left = false;
    const enter = (restored: boolean) =>
      void openValidatePage(merchantSlug, token, lang, restored).then((target) => {
        // Validate only leads on (already validated, cancelled, no phone): Back must not come here again.
        if (!left && target) leadOn(target, restored);
      });
    enter(false);
    // Shown again from the back-forward cache, the page may show a booking validated since: it looks again.
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) enter(true);
    };
    globalThis.addEventListener('pageshow', onPageShow);
    return () => {
      left = true;
      globalThis.removeEventListener('pageshow', onPageShow);
    };
    // The language of the first call does not matter: texts are rendered here, in the current language.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [merchantSlug]);

  // Leaving Validate forgets the times offered: another booking's page must not show them.
  useEffect(() => leaveValidatePage, []);

  // The table found gone: the page shows where the diner is told, and what is free, at its top.
  const lost = failure?.lost === true;
  useEffect(() => {
    if (!lost) return;
    lostTop.current?.scrollIntoView({ block: 'start', behavior: smooth() });
    // Pressing Validate found it: the focus follows the news to the top.
    if ($validatePage.get().failure?.tapped) lostTop.current?.focus({ preventScroll: true });
  }, [lost]);

  const onValidate = async () => {
    const step = await pressValidate(lang);
    if ('to' in step) {
      // The tracking page takes Validate's place: Back from it leaves the booking flow.
      navigateReplacing(step.to);
      return;
    }
    if (step.focus === 'terms') {
      terms.current?.scrollIntoView({ block: 'center', behavior: smooth() });
      terms.current?.focus({ preventScroll: true });
    }
    if (step.focus === 'top') {
      globalThis.scrollTo({ top: 0, behavior: smooth() });
      top.current?.focus({ preventScroll: true });
    }
  };

  const onTakeAlternative = async (slot: Slot) => {
    const taken = await takeOfferedTime(slot, lang);
    if (taken === 'held') setFocusHold(true);
    else if (taken) navigate(taken);
  };

  // The card the diner tapped in is gone: once the new hold's countdown shows, the focus goes to it, above the recap.
  // After every render on purpose: the countdown may appear a render after focusHold was set.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  useEffect(() => {
    if (!focusHold || !holdTimer.current) return;
    setFocusHold(false);
    holdTimer.current.focus({ preventScroll: true });
    globalThis.scrollTo({ top: 0, behavior: smooth() });
  });

  if (!hydrated || phase === 'loading') {
    return (
      <div className="trk-skeleton" aria-busy="true">
        {hydrated && (
          <p className="visually-hidden" role="status">
            {t('validate.loading')}
          </p>
        )}
        <div className="trk-skeleton-title" />
        <div className="trk-skeleton-card" />
        <div className="trk-skeleton-card trk-skeleton-short" />
      </div>
    );
  }

  if (phase === 'failed' || !booking) {
    return (
      <BookingPageFailure
        t={t}
        title={t('validate.title')}
        message={errorMessage(lang, loadFailure?.code ?? 'generic', loadFailure?.vars)}
        merchantSlug={merchantSlug}
      />
    );
  }

  return (
    <div className="trk-page trk-validate">
      <h1 className="trk-title">{t('validate.title')}</h1>
      {/* Once the table is known to be gone, the failure and the times offered say what matters, not the hold: they take
          its place at the top, where the diner watched the countdown. */}
      {!offering && <HoldTimer ref={holdTimer} t={t} />}
      <div ref={lostTop} tabIndex={-1} className="trk-focus-target trk-lost">
        {failure?.lost && (
          <p className="trk-alert" role="alert">
            {t('validate.alternatives.lost')}
          </p>
        )}
        {failure?.lost && <AlternativeTimes t={t} lang={lang} merchantSlug={merchantSlug} hour12={hour12} onTake={(slot) => void onTakeAlternative(slot)} />}
      </div>
      <p className="visually-hidden" role="status">
        {alternatives.held ? t('validate.alternatives.held', { date: longDate(alternatives.held.date, lang), hour: alternatives.held.hour }) : ''}
      </p>
      <div ref={top} tabIndex={-1} className="trk-focus-target">
        {topFailure && (
          <p className="trk-alert" role="alert">
            {errorMessage(lang, topFailure.code, topFailure.vars)}
          </p>
        )}
      </div>
      <BookingRecap t={t} lang={lang} booking={booking} merchantSlug={merchantSlug} hour12={hour12} onEditComment={() => openComment(true)} />
      <CustomerCard t={t} client={booking.bookingClient} merchantPhone={merchantPhone ?? null} />
      <TermsToggle ref={terms} t={t} accepted={accepted} invalid={termsInvalid && !accepted} onChange={acceptTerms} />
      {failure && !failure.lost && (
        <p className="trk-alert" role="alert">
          {errorMessage(lang, failure.code, failure.vars)}
        </p>
      )}
      {!failure?.lost && <AlternativeTimes t={t} lang={lang} merchantSlug={merchantSlug} hour12={hour12} onTake={(slot) => void onTakeAlternative(slot)} />}
      <button ref={mainButton} type="button" className="cv-btn cv-btn-primary cv-btn-block" onClick={() => void onValidate()} disabled={busy} aria-busy={busy}>
        {busy ? t('validate.validating') : t('validate.submit')}
      </button>
      {mainOffScreen && (
        <div className="trk-floating">
          <button type="button" className="cv-btn cv-btn-primary cv-btn-block" onClick={() => void onValidate()} disabled={busy} aria-busy={busy}>
            {busy ? t('validate.validating') : t('validate.submit')}
          </button>
        </div>
      )}
      <CommentModal open={commentOpen} initialComment={booking.comment} onSave={(comment) => saveComment(comment, lang)} onClose={() => openComment(false)} />
    </div>
  );
}
