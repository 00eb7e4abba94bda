/** Staff's forgotten password, inside the sign-in card: an email, then word that a reset link is on its way (the same answer whether the email is staff's or not). */
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { proForgotPassword } from '../../../stores/pro-session.ts';
import { useTranslation } from '../../shared/use-translation.ts';
import { proErrorText } from './pro-error-text.ts';

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
    if (!email.trim()) return setFailure(t('pro.forgot.missing'));
    setPending(true);
    setFailure(null);
    const outcome = await proForgotPassword(email, lang);
    setPending(false);
    if (outcome.ok) setSent(true);
    else setFailure(proErrorText(t, outcome));
  };

  return (
    <form className="pro-form" noValidate onSubmit={(event) => void submit(event)}>
      <p className="pro-lead">{t('pro.forgot.lead')}</p>
      {sent || failure ? (
        <p ref={said} className={sent ? 'pro-done' : 'pro-alert'} role={sent ? 'status' : 'alert'} tabIndex={-1}>
          {sent ? t('pro.forgot.sent') : failure}
        </p>
      ) : null}
      <label className="pro-label" htmlFor={emailId}>
        {t('pro.signIn.email')}
      </label>
      <input
        ref={field}
        id={emailId}
        className="pro-input"
        type="email"
        name="email"
        autoComplete="username"
        inputMode="email"
        value={email}
        onChange={(event) => setEmail(event.target.value)}
      />
      <button type="submit" className="cv-btn cv-btn-primary pro-wide" disabled={pending} aria-busy={pending}>
        {t('pro.forgot.submit')}
      </button>
      <button type="button" className="cv-btn cv-btn-secondary pro-wide" onClick={onBack}>
        {t('pro.forgot.back')}
      </button>
    </form>
  );
}
