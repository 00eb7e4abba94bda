/** The end of every staff dialog's form: the server's refusal (focused when it appears), Back, and the submit button. */
import { useEffect, useRef } from 'react';
import { useTranslation } from '../../shared/use-translation.ts';

/** The refusal shown above the buttons (null: none), and the submit button's label and weight. */
export default function DialogFooter({
  failure,
  pending,
  submitLabel,
  danger = false,
  onClose,
}: {
  failure: string | null;
  pending: boolean;
  submitLabel: string;
  danger?: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const alert = useRef<HTMLParagraphElement>(null);

  useEffect(() => {
    if (failure) alert.current?.focus();
  }, [failure]);

  return (
    <>
      {failure ? (
        <p ref={alert} className="staff-alert" role="alert" tabIndex={-1}>
          {failure}
        </p>
      ) : null}
      <div className="modal-actions">
        <button type="button" className="cv-btn cv-btn-secondary" onClick={onClose}>
          {t('staff.dialog.back')}
        </button>
        <button type="submit" className={`cv-btn ${danger ? 'cv-btn-danger' : 'cv-btn-primary'}`} disabled={pending} aria-busy={pending}>
          {submitLabel}
        </button>
      </div>
    </>
  );
}
