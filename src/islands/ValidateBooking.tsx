/**
 * The Validate island (/{merchantSlug}/validate/{token}, spec sections 2, 5 and 8): ties the draft to the signed-in
 * diner, shows the recap, the customer card and the terms switch, and validates it (with a floating button while the
 * main one is off-screen). The token comes from the address: the server serves this merchant's one shell for every token.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState } from 'react';
import { errorMessage, needMessages } from '../i18n/i18n.ts';
import frTracking from '../i18n/messages/fr/tracking.json' with { type: 'json' };
import { guardPath } from '../lib/guard.ts';
import { navigate } from '../lib/navigate.ts';
import { bookingHomePath, matchRoute } from '../lib/routes.ts';
import { setCurrentMerchant, setMerchantToken } from '../lib/storage.ts';
import { validateEntryTarget } from '../lib/validate-entry.ts';
import { $booking, enterValidate, saveComment, validateCurrentBooking } from '../stores/booking.ts';
import BookingRecap from './BookingRecap.tsx';
import CommentModal from './CommentModal.tsx';
import CustomerCard from './CustomerCard.tsx';
import TermsToggle from './TermsToggle.tsx';
import './buttons.css';
import './tracking.css';
import { useHydrated } from './use-hydrated.ts';
import { useOffScreen } from './use-off-screen.ts';
import { useTranslation } from './use-translation.ts';

// Renders only once the booking's own messages (validate, tracking, its modals) are loaded in the page's language.
await needMessages('tracking', frTracking);

/** The merchant whose shell this is. */
export interface ValidateBookingProps {
  merchantSlug: string;
}

/** A failure to show: its error_code and the values its message needs. */
interface Shown {
  code: string;
  vars?: Record<string, string | number>;
}

type Phase = 'loading' | 'ready' | 'failed';

const smooth = (): ScrollBehavior => (globalThis.matchMedia?.('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth');

/** The Validate page's content. */
export default function ValidateBooking({ merchantSlug }: ValidateBookingProps) {
  const hydrated = useHydrated();
  const { lang, t } = useTranslation();
  const booking = useStore($booking);
  const [phase, setPhase] = useState<Phase>('loading');
  const [loadFailure, setLoadFailure] = useState<Shown | null>(null);
  const [accepted, setAccepted] = useState(false);
  const [termsInvalid, setTermsInvalid] = useState(false);
  const [topFailure, setTopFailure] = useState<Shown | null>(null);
  const [failure, setFailure] = useState<Shown | null>(null);
  const [busy, setBusy] = useState(false);
  const [commentOpen, setCommentOpen] = useState(false);
  const terms = useRef<HTMLInputElement>(null);
  const top = useRef<HTMLDivElement>(null);
  const mainButton = useRef<HTMLButtonElement>(null);
  const ready = hydrated && phase === 'ready' && booking !== null;
  const mainOffScreen = useOffScreen(mainButton, ready);

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
      navigate(redirect);
      return;
    }
    let left = false;
    void enterValidate(merchantSlug, token, lang).then((outcome) => {
      if (left) return;
      if (outcome.to) {
        navigate(outcome.to);
        return;
      }
      if (!outcome.ok) {
        setLoadFailure({ code: outcome.code, vars: outcome.vars });
        setPhase('failed');
        return;
      }
      const held = $booking.get();
      const target = held ? validateEntryTarget(held, merchantSlug, token) : null;
      if (target) {
        navigate(target);
        return;
      }
      setPhase('ready');
    });
    return () => {
      left = true;
    };
    // The language of the first call does not matter: texts are rendered here, in the current language.
  }, [merchantSlug]);

  const onValidate = async () => {
    setFailure(null);
    setTopFailure(null);
    if (!accepted) {
      setTermsInvalid(true);
      terms.current?.scrollIntoView({ block: 'center', behavior: smooth() });
      terms.current?.focus({ preventScroll: true });
      return;
    }
    setBusy(true);
    const outcome = await validateCurrentBooking(lang);
    if (outcome.to) {
      navigate(outcome.to);
      return;
    }
    setBusy(false);
    if (outcome.ok) return;
    if (outcome.code === 'user_booking_limit_reached') {
      setTopFailure({ code: outcome.code });
      globalThis.scrollTo({ top: 0, behavior: smooth() });
      top.current?.focus({ preventScroll: true });
      return;
    }
    setFailure({ code: outcome.code, vars: outcome.vars });
  };

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
      <div className="trk-page">
        <h1 className="trk-title">{t('validate.title')}</h1>
        <p className="trk-alert" role="alert">
          {errorMessage(lang, loadFailure?.code ?? 'generic', loadFailure?.vars)}
        </p>
        <p>
          <a className="trk-link" href={bookingHomePath(merchantSlug)}>
            {t('complete.backToRestaurant')}
          </a>
        </p>
      </div>
    );
  }

  return (
    <div className="trk-page trk-validate">
      <h1 className="trk-title">{t('validate.title')}</h1>
      <div ref={top} tabIndex={-1} className="trk-focus-target">
        {topFailure && (
          <p className="trk-alert" role="alert">
            {errorMessage(lang, topFailure.code, topFailure.vars)}
          </p>
        )}
      </div>
      <BookingRecap t={t} lang={lang} booking={booking} merchantSlug={merchantSlug} onEditComment={() => setCommentOpen(true)} />
      <CustomerCard t={t} client={booking.bookingClient} />
      <TermsToggle
        ref={terms}
        t={t}
        accepted={accepted}
        invalid={termsInvalid && !accepted}
        onChange={(value) => {
          setAccepted(value);
          if (value) setTermsInvalid(false);
        }}
      />
      {failure && (
        <p className="trk-alert" role="alert">
          {errorMessage(lang, failure.code, failure.vars)}
        </p>
      )}
      <button ref={mainButton} type="button" className="cv-btn cv-btn-primary cv-btn-block" onClick={onValidate} disabled={busy} aria-busy={busy}>
        {busy ? t('validate.validating') : t('validate.submit')}
      </button>
      {mainOffScreen && (
        <div className="trk-floating">
          <button type="button" className="cv-btn cv-btn-primary cv-btn-block" onClick={onValidate} disabled={busy} aria-busy={busy}>
            {busy ? t('validate.validating') : t('validate.submit')}
          </button>
        </div>
      )}
      <CommentModal
        open={commentOpen}
        initialComment={booking.comment}
        onSave={(comment) => saveComment(comment, lang)}
        onClose={() => setCommentOpen(false)}
      />
    </div>
  );
}
