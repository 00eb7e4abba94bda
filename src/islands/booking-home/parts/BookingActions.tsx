/** The booking's buttons: Continue (new) or Update (a booking with a status), and for an existing booking Add a comment and Cancel booking. */
import { useStore } from '@nanostores/react';
import { lazy, Suspense, useState } from 'react';
import { errorMessage } from '../../../i18n/i18n.ts';
import { navigate } from '../../../lib/navigation/navigate.ts';
import { setCurrentMerchant } from '../../../lib/platform/storage.ts';
import { $booking, $isExistingBooking, type BookingOutcome } from '../../../stores/booking.ts';
import { $canBook } from '../../../stores/selection.ts';
import type { CancelResult } from '../../shared/CancelBookingModal.tsx';
import { useTranslation } from '../../shared/use-translation.ts';
import '../../shared/buttons.css';

// The booking's writes: out of the page's first JavaScript, in the chunk BookingHome fetches as soon as it has hydrated
// (with the live availability, scripts/client-chunks.ts), so already there when a button is pressed.
const loadWrites = () => import('../../../stores/booking-writes.ts');
const loadCancelModal = () => import('../../shared/CancelBookingModal.tsx');
const loadCommentModal = () => import('../../shared/CommentModal.tsx');
// Only an existing booking has these: they stay out of the page's first JavaScript.
const CancelBookingModal = lazy(loadCancelModal);
const CommentModal = lazy(loadCommentModal);

/** A failure to show under the buttons: its code and the values its message needs. */
type Failure = Pick<Extract<BookingOutcome, { ok: false }>, 'code' | 'vars'>;

/** The actions under the choosers. */
export default function BookingActions({ slug }: { slug: string }) {
  const { t, lang } = useTranslation();
  const canBook = useStore($canBook);
  const existing = useStore($isExistingBooking);
  const booking = useStore($booking);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<Failure | null>(null);
  const [modal, setModal] = useState<'cancel' | 'comment' | null>(null);

  const submit = async () => {
    setBusy(true);
    setFailure(null);
    const outcome = await loadWrites().then(
      ({ submitBooking }) => submitBooking(lang),
      (): BookingOutcome => ({ ok: false, code: 'network_error', to: null }),
    );
    if (outcome.ok) {
      // The sign-in pages and the guard find the booking again through these (token_{slug} is kept by the booking store).
      setCurrentMerchant(slug);
      if (outcome.to) navigate(outcome.to);
      return;
    }
    setBusy(false);
    if (outcome.to) navigate(outcome.to);
    else setFailure({ code: outcome.code, vars: outcome.vars });
  };

  const cancel = async (): Promise<CancelResult> => {
    const outcome = await loadWrites().then(
      ({ cancelCurrentBooking }) => cancelCurrentBooking(lang),
      () => ({ ok: false, code: 'network_error' }) as const,
    );
    if (outcome.ok) {
      navigate(outcome.to);
      return { ok: true };
    }
    return outcome;
  };

  return (
    <div className="bh-actions">
      {failure && (
        <p className="bh-error" role="alert">
          {errorMessage(lang, failure.code, failure.vars)}
        </p>
      )}
      <button type="button" className="cv-btn cv-btn-primary cv-btn-block bh-submit" disabled={!canBook || busy} aria-busy={busy} onClick={() => void submit()}>
        {existing ? t('booking.update') : t('booking.continue')}
      </button>
      {existing && booking && (
        <div className="bh-secondary-actions">
          <button
            type="button"
            className="cv-btn cv-btn-secondary"
            aria-haspopup="dialog"
            onPointerEnter={() => void loadCommentModal()}
            onFocus={() => void loadCommentModal()}
            onClick={() => setModal('comment')}
          >
            {booking.comment ? t('booking.editComment') : t('booking.addComment')}
          </button>
          <button
            type="button"
            className="cv-btn cv-btn-danger-outline"
            aria-haspopup="dialog"
            onPointerEnter={() => void loadCancelModal()}
            onFocus={() => void loadCancelModal()}
            onClick={() => setModal('cancel')}
          >
            {t('booking.cancelBooking')}
          </button>
        </div>
      )}
      {modal === 'cancel' && (
        <Suspense fallback={null}>
          <CancelBookingModal open booking={booking} onClose={() => setModal(null)} onConfirm={cancel} />
        </Suspense>
      )}
      {modal === 'comment' && (
        <Suspense fallback={null}>
          <CommentModal
            open
            initialComment={booking?.comment ?? ''}
            onClose={() => setModal(null)}
            onSave={(comment) =>
              loadWrites().then(
                ({ saveComment }) => saveComment(comment, lang),
                () => false,
              )
            }
          />
        </Suspense>
      )}
    </div>
  );
}
