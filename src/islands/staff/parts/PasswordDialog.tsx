/** Changing one's own staff password: the current one and the new one (eight characters at least); other sessions end. */
import { useId, useState } from 'react';
import { changeStaff } from '../../../stores/staff-session.ts';
import Field from '../../shared/form/Field.tsx';
import { useFormSubmit } from '../../shared/form/use-form-submit.ts';
import Modal from '../../shared/Modal.tsx';
import { useTranslation } from '../../shared/use-translation.ts';
import { requiredFields } from './required-fields.ts';
import { staffErrorText } from './staff-error-text.ts';
import DialogFooter from './DialogFooter.tsx';

/** Whether the dialog is open. */
export interface PasswordDialogProps {
  open: boolean;
  onClose: () => void;
  onDone: (text: string) => void;
}

const FIELDS = ['current', 'next'] as const;

/** The password dialog; nothing while closed (its form starts empty at each opening). */
export default function PasswordDialog({ open, onClose, onDone }: PasswordDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  if (!open) return null;
  return (
    <Modal open={open} onClose={onClose} labelledBy={titleId} className="staff-dialog">
      <h2 id={titleId}>{t('staff.password.title')}</h2>
      <button type="button" className="modal-close" aria-label={t('common.close')} onClick={onClose}>
        <span aria-hidden="true">×</span>
      </button>
      <PasswordForm onClose={onClose} onDone={onDone} />
    </Modal>
  );
}

/** The two passwords and the dialog's footer. */
function PasswordForm({ onClose, onDone }: Omit<PasswordDialogProps, 'open'>) {
  const { t } = useTranslation();
  const currentId = useId();
  const nextId = useId();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const { form, submit, pending, errors, failure } = useFormSubmit({
    fields: FIELDS,
    ids: { current: currentId, next: nextId },
    validate: () => requiredFields({ current, next }, 'staff.password.missing'),
    send: async () => {
      const outcome = await changeStaff(current, next);
      if (outcome.ok) {
        onDone(t('staff.password.done'));
        onClose();
      }
      return outcome;
    },
    fieldErrors: () => ({}),
    failureText: (refused) => staffErrorText(t, refused),
  });

  return (
    <form ref={form} className="staff-form" onSubmit={(event) => void submit(event)} noValidate>
      <p className="staff-hint">{t('staff.password.explain')}</p>
      <Field id={currentId} label={t('staff.password.current')} error={errors.current} t={t}>
        {(control) => (
          <input
            {...control}
            className="staff-input"
            type="password"
            autoComplete="current-password"
            value={current}
            onChange={(event) => setCurrent(event.target.value)}
          />
        )}
      </Field>
      <Field id={nextId} label={t('staff.password.next')} error={errors.next} t={t}>
        {(control) => (
          <input
            {...control}
            className="staff-input"
            type="password"
            autoComplete="new-password"
            minLength={8}
            value={next}
            onChange={(event) => setNext(event.target.value)}
          />
        )}
      </Field>
      <DialogFooter failure={failure} pending={pending} submitLabel={t('staff.password.submit')} onClose={onClose} />
    </form>
  );
}
