/** Staff's forgotten password, inside the sign-in card: an email, then word that a reset link is on its way (the same answer whether the email is staff's or not). */
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { staffForgotPassword } from '../../../stores/staff-session.ts';
import { useTranslation } from '../../shared/use-translation.ts';
import { staffErrorText } from './staff-error-text.ts';

/** The email typed on the sign-in form (a starting point), and the way back to it. */
export interface ForgotPasswordProps {
  email: string;
  onBack: () => void;
}

/** The forgotten-password form. */
export default function ForgotPassword({ email: typed, onBack }: ForgotPasswordProps) {
  const { t, lang } = useTranslation();
  const [email, setEmail] = useState(typed);
  const [pending, setPending] = useState(false);
  const [sent, setSent] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const emailId = useId();
  const field = useRef<HTMLInputElement>(null);
  const said = useRef<HTMLParagraphElement>(null);

  useEffect(() => field.current?.focus(), []);
  useEffect(() => {
    if (sent || failure) said.current?.focus();
  }, [sent, failure]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!email.trim()) return setFailure(t('staff.forgot.missing'));
    setPending(true);
    setFailure(null);
    const outcome = await staffForgotPassword(email, lang);
    setPending(false);
    if (outcome.ok) setSent(true);
    else setFailure(staffErrorText(t, outcome));
  };

  return (
    <form className="staff-form" noValidate onSubmit={(event) => void submit(event)}>
      <p className="staff-lead">{t('staff.forgot.lead')}</p>
      {sent || failure ? (
        <p ref={said} className={sent ? 'staff-done' : 'staff-alert'} role={sent ? 'status' : 'alert'} tabIndex={-1}>
          {sent ? t('staff.forgot.sent') : failure}
        </p>
      ) : null}
      <label className="staff-label" htmlFor={emailId}>
        {t('staff.signIn.email')}
      </label>
      <input
        ref={field}
        id={emailId}
        className="staff-input"
        type="email"
        name="email"
        autoComplete="username"
        inputMode="email"
        value={email}
        onChange={(event) => setEmail(event.target.value)}
      />
      <button type="submit" className="cv-btn cv-btn-primary staff-wide" disabled={pending} aria-busy={pending}>
        {t('staff.forgot.submit')}
      </button>
      <button type="button" className="cv-btn cv-btn-secondary staff-wide" onClick={onBack}>
        {t('staff.forgot.back')}
      </button>
    </form>
  );
}
