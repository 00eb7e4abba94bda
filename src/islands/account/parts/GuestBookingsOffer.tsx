/**
 * The account page's offer to attach the bookings the diner made as a guest under the account's email or phone: a
 * code sent to the one they pick proves it is theirs, then the bookings join the account's list.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { GuestBookingsChannel } from '../../../shared/api/guest-bookings.ts';
import type { FailureCode } from '../../../shared/api/outcome.ts';
import { $guestBookings, attachGuestBookingsWithCode, backToGuestBookingsOffer, sendGuestBookingsCode } from '../../../stores/guest-bookings.ts';
import { useTranslation } from '../../shared/use-translation.ts';

const CHANNELS: readonly GuestBookingsChannel[] = ['email', 'phone'];
// A masked number ("•• •• •• •• 34") reads as one: it never breaks across lines.
const unbroken = (text: string) => text.replace(/ /g, '\u00a0');

/** The offer's message for a failed call. */
function errorKey(code: FailureCode): string {
  if (code === 'identity_proof_invalid') return 'guestBookings.codeInvalid';
  if (code === 'rate_limited') return 'guestBookings.rateLimited';
  return 'guestBookings.failed';
}

/** The offer, its code step, or what was attached; nothing when no guest booking is under the account's contacts. */
export default function GuestBookingsOffer() {
  const { t, lang } = useTranslation();
  const state = useStore($guestBookings);
  const [code, setCode] = useState('');
  const [formatError, setFormatError] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const step = state.status;

  // The code step replaces the buttons: the focus goes where the diner types next.
  useEffect(() => {
    if (step === 'code') input.current?.focus();
  }, [step]);

  if (state.status === 'none') return null;
  if (state.status === 'done') {
    return (
      <p className="acc-attach acc-attach-done" role="status">
        {t('guestBookings.done', { count: state.attached })}
      </p>
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!/^\d{6}$/.test(code)) {
      setFormatError(true);
      input.current?.focus();
      return;
    }
    setFormatError(false);
    void attachGuestBookingsWithCode(code);
  };
  const fieldError = state.status === 'code' ? (formatError ? 'guestBookings.codeFormat' : state.error ? errorKey(state.error) : null) : null;

  return (
    <section className="acc-attach" aria-labelledby="acc-attach-title">
      <h2 id="acc-attach-title" className="acc-attach-title">
        {t('guestBookings.title')}
      </h2>
      {state.status === 'offer' ? (
        <>
          <p className="acc-attach-text">{t('guestBookings.intro')}</p>
          {state.error ? (
            <p className="acc-attach-error" role="alert">
              {t(errorKey(state.error))}
            </p>
          ) : null}
          <div className="acc-attach-choices">
            {CHANNELS.map((channel) => {
              const offer = state.channels[channel];
              if (!offer) return null;
              return (
                <button
                  key={channel}
                  type="button"
                  className="cv-btn cv-btn-secondary acc-attach-choice"
                  disabled={state.sending !== null}
                  onClick={() => void sendGuestBookingsCode(channel, lang)}
                >
                  <span>{t(channel === 'email' ? 'guestBookings.emailButton' : 'guestBookings.phoneButton')}</span>
                  <span className="acc-attach-to">{t('guestBookings.channelCount', { to: unbroken(offer.sent_to), count: offer.count })}</span>
                </button>
              );
            })}
          </div>
        </>
      ) : (
        <form className="acc-attach-form" noValidate onSubmit={submit}>
          <p className="acc-attach-text">{t('guestBookings.codeSent', { to: unbroken(state.sentTo) })}</p>
          <label htmlFor="acc-attach-code" className="acc-attach-label">
            {t('guestBookings.codeLabel')}
          </label>
          <input
            ref={input}
            id="acc-attach-code"
            className="acc-attach-code"
            type="text"
            name="code"
            autoComplete="one-time-code"
            inputMode="numeric"
            pattern="[0-9]*"
            maxLength={6}
            required
            aria-invalid={fieldError ? true : undefined}
            aria-describedby={fieldError ? 'acc-attach-code-error' : undefined}
            value={code}
            onChange={(event) => setCode(event.target.value.replace(/\D/g, '').slice(0, 6))}
          />
          {fieldError ? (
            <p id="acc-attach-code-error" className="acc-attach-error" role="alert">
              {t(fieldError)}
            </p>
          ) : null}
          <div className="acc-attach-actions">
            <button type="submit" className="cv-btn cv-btn-primary" disabled={state.pending}>
              {t('guestBookings.submit')}
            </button>
            <button type="button" className="cv-btn cv-btn-secondary" disabled={state.pending} onClick={() => void sendGuestBookingsCode(state.channel, lang)}>
              {t('guestBookings.resend')}
            </button>
            <button type="button" className="acc-attach-link" disabled={state.pending} onClick={backToGuestBookingsOffer}>
              {t('guestBookings.other')}
            </button>
          </div>
        </form>
      )}
    </section>
  );
}
