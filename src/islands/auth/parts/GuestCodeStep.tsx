/**
 * NoAuth's second step: the booking already has a guest, so whoever sends details for it proves they are
 * that diner with the 6-digit code the server sent to the booking's phone (and email). The same details go again with
 * the code; the booking's details are never replaced.
 */
import { useEffect, useRef, useState } from 'react';
import type { IdentityProofSentTo } from '../../../shared/api/account.ts';
import { continueAsGuest } from '../../../stores/sign-in.ts';
import LangText from '../../shared/LangText.tsx';
import { useTranslation } from '../../shared/use-translation.ts';
import AuthAlert from './AuthAlert.tsx';
import Field from '../../shared/form/Field.tsx';
import AuthSubmitButton from './AuthSubmitButton.tsx';
import { useFormSubmit } from '../../shared/form/use-form-submit.ts';

/** The details the first step sent. */
export type GuestDetailsSent = Parameters<typeof continueAsGuest>[0];

/** What the code step needs. */
export interface GuestCodeStepProps {
  details: GuestDetailsSent;
  /** Where the server says the code went (masked); null when it did not say. */
  sentTo: IdentityProofSentTo | null;
}

const ID = { code: 'guest-code' } as const;
// A masked number ("•• •• •• •• 34") reads as one: it never breaks across lines.
const unbroken = (text: string) => text.replace(/ /g, '\u00a0');
const FIELDS = ['code'] as const;

/** The code form. */
export default function GuestCodeStep({ details, sentTo: firstSentTo }: GuestCodeStepProps) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const [sentTo, setSentTo] = useState(firstSentTo);
  const [resent, setResent] = useState<'idle' | 'sending' | 'sent' | 'failed'>('idle');
  const input = useRef<HTMLInputElement>(null);
  const { form, submit, pending, errors, failure } = useFormSubmit({
    fields: FIELDS,
    ids: ID,
    validate: () => (/^\d{6}$/.test(code) ? {} : { code: { key: 'noAuth.codeFormat' } }),
    send: () => continueAsGuest({ ...details, code }),
    // A wrong or expired code is the field's problem; anything else shows in the alert.
    fieldErrors: (outcome) => (outcome.code === 'identity_proof_invalid' ? { code: { key: 'noAuth.codeInvalid' } } : {}),
  });

  // The step replaces the details form: the focus goes where the diner types next.
  useEffect(() => input.current?.focus(), []);

  // Sending the details again without a code asks the server for a new one.
  const resend = async () => {
    setResent('sending');
    const outcome = await continueAsGuest(details);
    if (!outcome.ok && outcome.code === 'identity_proof_required') {
      if (outcome.sentTo) setSentTo(outcome.sentTo);
      setResent('sent');
    } else setResent('failed');
    input.current?.focus();
  };

  return (
    <form ref={form} className="au-form" noValidate onSubmit={(event) => void submit(event)} aria-labelledby="guest-code-title">
      <h2 id="guest-code-title" className="au-step-title">
        <LangText k="noAuth.codeTitle" />
      </h2>
      <p className="au-note">
        {sentTo ? (
          <LangText k={sentTo.email ? 'noAuth.codeSentBoth' : 'noAuth.codeSent'} vars={{ phone: unbroken(sentTo.phone), email: sentTo.email ?? '' }} />
        ) : (
          <LangText k="noAuth.codeSentSomewhere" />
        )}
      </p>
      {failure ? <AuthAlert tone="error">{failure}</AuthAlert> : null}
      {resent === 'sent' ? (
        <AuthAlert tone="success">
          <LangText k="noAuth.codeResent" />
        </AuthAlert>
      ) : null}
      {resent === 'failed' ? (
        <AuthAlert tone="error">
          <LangText k="noAuth.codeResendFailed" />
        </AuthAlert>
      ) : null}
      <Field id={ID.code} label={<LangText k="noAuth.codeLabel" />} required error={errors.code} t={t}>
        {(control) => (
          <input
            {...control}
            ref={input}
            className="au-input au-code"
            type="text"
            name="code"
            autoComplete="one-time-code"
            inputMode="numeric"
            pattern="[0-9]*"
            maxLength={6}
            value={code}
            onChange={(event) => setCode(event.target.value.replace(/\D/g, '').slice(0, 6))}
          />
        )}
      </Field>
      <AuthSubmitButton
        loading={pending}
        placement="footer"
        after={
          <p className="au-switch">
            <button type="button" className="au-text-button" onClick={() => void resend()} disabled={resent === 'sending'}>
              <LangText k="noAuth.codeResend" />
            </button>
          </p>
        }
      >
        <LangText k="noAuth.codeSubmit" />
      </AuthSubmitButton>
    </form>
  );
}
