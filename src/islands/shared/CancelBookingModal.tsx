/** The cancel-confirmation modal: title, date and hour, reference, guest count, a close button and a red confirm button. */
import { useId, useRef, useState } from 'react';
import { errorMessage, needMessages } from '../../i18n/i18n.ts';
import frTracking from '../../i18n/messages/fr/tracking.json' with { type: 'json' };
import type { Booking } from '../../shared/api/booking.ts';
import type { FailureCode, Outcome } from '../../shared/api/outcome.ts';
import { longDate } from '../../lib/text/long-date.ts';
import Modal from './Modal.tsx';
import { useTranslation } from './use-translation.ts';
import './buttons.css';
import './modal-content.css';
import { formatHour } from '../../shared/hour-cycle.ts';

// Renders only once the booking's own messages (validate, tracking, its modals) are loaded in the page's language.
await needMessages('tracking', frTracking);

/** What confirming resolves: done (the caller moves on), or the failure whose code is shown. */
export type CancelResult = Outcome;

/** The modal's inputs. */
export interface CancelBookingModalProps {
  open: boolean;
  booking: Pick<Booking, 'ref' | 'bookingForDate' | 'bookingForHour' | 'clientCount'> | null;
  onClose: () => void;
  onConfirm: () => Promise<CancelResult>;
  /** Whether the hour is written on a 12-hour clock (src/shared/hour-cycle.ts). */
  hour12?: boolean;
}

/** Asks the diner to confirm cancelling their booking. */
export default function CancelBookingModal({ open, booking, onClose, onConfirm, hour12 = false }: CancelBookingModalProps) {
  const { t, lang } = useTranslation();
  const titleId = useId();
  const detailsId = useId();
  const closeButton = useRef<HTMLButtonElement>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<FailureCode | null>(null);

  const close = () => {
    if (busy) return;
    setError(null);
    onClose();
  };

  const confirm = async () => {
    setBusy(true);
    setError(null);
    const result = await onConfirm();
    setBusy(false);
    if (!result.ok) setError(result.code);
  };

  return (
    <Modal open={open && booking !== null} onClose={close} labelledBy={titleId} describedBy={detailsId} initialFocus={closeButton}>
      {booking && (
        <>
          <h2 id={titleId}>{t('cancelModal.title')}</h2>
          <ul id={detailsId} className="cancel-details">
            <li>{t('cancelModal.dateTime', { date: longDate(booking.bookingForDate, lang), hour: formatHour(booking.bookingForHour, lang, hour12) })}</li>
            <li>{t('cancelModal.reference', { ref: booking.ref })}</li>
            <li>{t('booking.persons', { count: booking.clientCount })}</li>
          </ul>
          {error && (
            <p className="cancel-error" role="alert">
              {errorMessage(lang, error)}
            </p>
          )}
          <div className="modal-actions">
            <button ref={closeButton} type="button" className="cv-btn cv-btn-secondary" onClick={close} disabled={busy}>
              {t('cancelModal.close')}
            </button>
            <button type="button" className="cv-btn cv-btn-danger" onClick={() => void confirm()} disabled={busy} aria-busy={busy}>
              {t('cancelModal.confirm')}
            </button>
          </div>
        </>
      )}
    </Modal>
  );
}
