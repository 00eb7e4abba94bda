/** Staff's forgotten password, inside the sign-in card: an email, then word that a reset link is on its way (the same answer whether the email is staff's or not). */
import { useEffect, useId, useRef, useState } from 'react';
import { staffForgotPassword } from '../../../stores/staff-session.ts';
import { useFormSubmit } from '../../shared/form/use-form-submit.ts';
import { useTranslation } from '../../shared/use-translation.ts';
import { requiredFields } from './required-fields.ts';
import { staffErrorText } from './staff-error-text.ts';
import StaffEmailField from './StaffEmailField.tsx';

/** The email typed on the sign-in form (a starting point), and the way back to it. */
export interface ForgotPasswordProps {
  email: string;
  onBack: () => void;
}

const FIELDS = ['email'] as const;

/** The forgotten-password form. */
export default function ForgotPassword({ email: typed, onBack }: ForgotPasswordProps) {
  const { t, lang } = useTranslation();
  const [email, setEmail] = useState(typed);
  const emailId = useId();
  const said = useRef<HTMLParagraphElement>(null);
  const { form, submit, pending, done, errors, failure } = useFormSubmit({
    fields: FIELDS,
    ids: { email: emailId },
    validate: () => requiredFields({ email }, 'staff.forgot.missing'),
    send: () => staffForgotPassword(email, lang),
    // The staff's errors are the form's, never a field's; the outcome carries the code's details (field, reason).
    fieldErrors: () => ({}),
    failureText: (refused) => staffErrorText(t, refused),
  });

  useEffect(() => document.getElementById(emailId)?.focus(), [emailId]);
  useEffect(() => {
    if (done || failure) said.current?.focus();
  }, [done, failure]);

  return (
    <form ref={form} className="staff-form" noValidate onSubmit={(event) => void submit(event)}>
      <p className="staff-lead">{t('staff.forgot.lead')}</p>
      {done || failure ? (
        <p ref={said} className={done ? 'staff-done' : 'staff-alert'} role={done ? 'status' : 'alert'} tabIndex={-1}>
          {done ? t('staff.forgot.sent') : failure}
        </p>
      ) : null}
      <StaffEmailField id={emailId} error={errors.email} value={email} onChange={setEmail} t={t} />
      <button type="submit" className="cv-btn cv-btn-primary staff-wide" disabled={pending} aria-busy={pending}>
        {t('staff.forgot.submit')}
      </button>
      <button type="button" className="cv-btn cv-btn-secondary staff-wide" onClick={onBack}>
        {t('staff.forgot.back')}
      </button>
    </form>
  );
}
