/** Changing one's own staff password: the current one and the new one (eight characters at least); other sessions end. */
import { useEffect, useId, useState, type FormEvent } from 'react';
import { changeProPassword } from '../../../stores/staff-session.ts';
import Modal from '../../shared/Modal.tsx';
import { useTranslation } from '../../shared/use-translation.ts';
import { staffErrorText } from './staff-error-text.ts';
import DialogFooter from './DialogFooter.tsx';

/** Whether the dialog is open. */
export interface PasswordDialogProps {
  open: boolean;
  onClose: () => void;
  onDone: (text: string) => void;
}

/** The password dialog; nothing while closed. */
export default function PasswordDialog({ open, onClose, onDone }: PasswordDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const currentId = useId();
  const nextId = useId();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    if (!open) return;
    setCurrent('');
    setNext('');
    setFailure(null);
  }, [open]);

  if (!open) return null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!current || !next) return setFailure(t('staff.password.missing'));
    setPending(true);
    const outcome = await changeProPassword(current, next);
    setPending(false);
    if (!outcome.ok) return setFailure(staffErrorText(t, outcome));
    onDone(t('staff.password.done'));
    onClose();
  };

  return (
    <Modal open={open} onClose={onClose} labelledBy={titleId} className="staff-dialog">
      <h2 id={titleId}>{t('staff.password.title')}</h2>
      <button type="button" className="modal-close" aria-label={t('common.close')} onClick={onClose}>
        <span aria-hidden="true">×</span>
      </button>
      <form className="staff-form" onSubmit={(event) => void submit(event)} noValidate>
        <p className="staff-hint">{t('staff.password.explain')}</p>
        <label className="staff-label" htmlFor={currentId}>
          {t('staff.password.current')}
        </label>
        <input
          id={currentId}
          className="staff-input"
          type="password"
          autoComplete="current-password"
          value={current}
          onChange={(event) => setCurrent(event.target.value)}
        />
        <label className="staff-label" htmlFor={nextId}>
          {t('staff.password.next')}
        </label>
        <input
          id={nextId}
          className="staff-input"
          type="password"
          autoComplete="new-password"
          minLength={8}
          value={next}
          onChange={(event) => setNext(event.target.value)}
        />
        <DialogFooter failure={failure} pending={pending} submitLabel={t('staff.password.submit')} onClose={onClose} />
      </form>
    </Modal>
  );
}
