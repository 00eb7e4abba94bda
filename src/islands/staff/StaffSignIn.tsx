/**
 * The staff sign-in page (/pro): email and password (what the host types before the scripts run is kept), a forgotten
 * password's reset link, then the merchant to open when the staff member works for several; sign-out.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useId, useRef, useState } from 'react';
import { needMessages, translate } from '../../i18n/i18n.ts';
import frStaff from '../../i18n/messages/fr/staff.json' with { type: 'json' };
import { navigate } from '../../lib/navigation/navigate.ts';
import { staffBookPath, staffNextPath } from '../../lib/staff/staff-routes.ts';
import { $staffSession, staffSignIn, staffSignOut } from '../../stores/staff-session.ts';
import LanguageSelector from '../shared/LanguageSelector.tsx';
import { DEFAULT_LANG } from '../../shared/langs.ts';
import Field from '../shared/form/Field.tsx';
import { useFormSubmit } from '../shared/form/use-form-submit.ts';
import { useHydrated } from '../shared/use-hydrated.ts';
import { useTranslation, type Translate } from '../shared/use-translation.ts';
import ForgotPassword from './parts/ForgotPassword.tsx';
import { requiredFields } from './parts/required-fields.ts';
import { staffErrorText } from './parts/staff-error-text.ts';
import '../shared/buttons.css';
import './staff.css';
import StaffEmailField from './parts/StaffEmailField.tsx';

await needMessages('staff', frStaff);

const FIELDS = ['email', 'password'] as const;

/** The sign-in island: the form while signed out, the merchants to choose from once signed in. */
export default function StaffSignIn() {
  const { t: inLang } = useTranslation();
  const hydrated = useHydrated();
  // The page was built in the default language: the hydrating render speaks it too, then the host's language.
  const t: Translate = hydrated ? inLang : (key, vars) => translate(DEFAULT_LANG, key, vars);
  const session = useStore($staffSession);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [forgot, setForgot] = useState(false);
  const emailId = useId();
  const passwordId = useId();
  const errorId = useId();
  const alert = useRef<HTMLParagraphElement>(null);
  const { form, submit, pending, errors, failure } = useFormSubmit({
    fields: FIELDS,
    ids: { email: emailId, password: passwordId },
    validate: () => requiredFields({ email, password }, 'staff.signIn.missing'),
    send: () => staffSignIn(email, password),
    // The form is in the page before its code: what the host typed meanwhile is kept.
    early: { text: { email: setEmail, password: setPassword } },
    fieldErrors: () => ({}),
    failureText: (refused) => (refused.code === 'unauthenticated' ? t('staff.signIn.wrong') : staffErrorText(t, refused)),
  });

  // Back to the book a link opened before signing in (a booking to confirm from a mail); else a staff member with one
  // merchant goes straight to its book.
  useEffect(() => {
    if (!session.bearer) return;
    const next = staffNextPath(new URLSearchParams(globalThis.location.search).get('next'), session.merchants);
    const only = session.merchants.length === 1 ? session.merchants[0] : undefined;
    if (next) navigate(next);
    else if (only) navigate(staffBookPath(only.slug));
  }, [session]);

  useEffect(() => {
    if (failure) alert.current?.focus();
  }, [failure]);

  const signedIn = hydrated && session.bearer !== null && session.merchants.length !== 1;

  return (
    <div className="staff-signin">
      <div className="staff-signin-top">
        <LanguageSelector />
      </div>
      <div className="staff-card staff-signin-card">
        <p className="staff-eyebrow">{t('staff.brand')}</p>
        <h1 className="staff-signin-title">{t(signedIn ? 'staff.signIn.choose' : forgot ? 'staff.forgot.title' : 'staff.signIn.title')}</h1>
        {signedIn ? (
          <>
            {session.merchants.length === 0 ? <p>{t('staff.signIn.noMerchant')}</p> : null}
            <ul className="staff-merchant-list">
              {session.merchants.map((merchant) => (
                <li key={merchant.slug}>
                  <a className="cv-btn cv-btn-secondary staff-merchant-link" href={staffBookPath(merchant.slug)}>
                    {merchant.name}
                  </a>
                </li>
              ))}
            </ul>
            <button type="button" className="cv-btn cv-btn-secondary staff-wide" onClick={() => void staffSignOut()}>
              {t('staff.signOut')}
            </button>
          </>
        ) : forgot ? (
          <ForgotPassword email={email} onBack={() => setForgot(false)} />
        ) : (
          <form ref={form} className="staff-form" noValidate onSubmit={(event) => void submit(event)} aria-describedby={failure ? errorId : undefined}>
            <p className="staff-lead">{t('staff.signIn.lead')}</p>
            {failure ? (
              <p ref={alert} id={errorId} className="staff-alert" role="alert" tabIndex={-1}>
                {failure}
              </p>
            ) : null}
            <StaffEmailField id={emailId} error={errors.email} value={email} onChange={setEmail} t={t} />
            <Field id={passwordId} label={t('staff.signIn.password')} error={errors.password} t={t}>
              {(control) => (
                <input
                  {...control}
                  className="staff-input"
                  type="password"
                  name="password"
                  autoComplete="current-password"
                  value={password}
                  onChange={(event) => setPassword(event.target.value)}
                />
              )}
            </Field>
            <button type="submit" className="cv-btn cv-btn-primary staff-wide" disabled={!hydrated || pending} aria-busy={pending}>
              {t(pending ? 'staff.signIn.pending' : 'staff.signIn.submit')}
            </button>
            <button type="button" className="cv-btn cv-btn-secondary staff-wide" disabled={!hydrated} onClick={() => setForgot(true)}>
              {t('staff.signIn.forgot')}
            </button>
          </form>
        )}
      </div>
    </div>
  );
}
