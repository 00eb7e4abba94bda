/** Forgot password (/auth/forgot_password, spec sections 2, 5 and 8): an email, a reset link mailed, a success banner. */
import { useRef, useState, type FormEvent } from 'react';
import { errorMessage } from '../i18n/i18n.ts';
import { forgotPassword } from '../lib/account-api.ts';
import { isApiError } from '../lib/api-client.ts';
import { isClean, serverFieldErrors, validateForgotPassword, type FormErrors } from '../lib/auth-form-rules.ts';
import { AUTH_PATHS } from '../lib/routes.ts';
import { getCurrentMerchant } from '../lib/storage.ts';
import AuthAlert from './AuthAlert.tsx';
import AuthField from './AuthField.tsx';
import EmailInput from './EmailInput.tsx';
import AuthScreen from './AuthScreen.tsx';
import AuthSubmitButton from './AuthSubmitButton.tsx';
import { focusField } from './focus-field.ts';
import LangText from './LangText.tsx';
import { useTranslation } from './use-translation.ts';
import { useTypedBeforeHydration } from './use-typed-before-hydration.ts';

const EMAIL_ID = 'forgot-email';

/** The forgot-password screen. */
export default function ForgotPasswordForm() {
  const { lang, t } = useTranslation();
  const [email, setEmail] = useState('');
  const [errors, setErrors] = useState<FormErrors<'email'>>({});
  const [state, setState] = useState<'idle' | 'loading' | 'sent'>('idle');
  const [failure, setFailure] = useState<string | null>(null);
  const form = useRef<HTMLFormElement>(null);
  // The form is in the page before its code: keystrokes typed meanwhile are kept.
  useTypedBeforeHydration(form, { text: { email: setEmail } });

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (state === 'loading') return;
    setFailure(null);
    const found = validateForgotPassword({ email });
    setErrors(found);
    if (!isClean(found)) {
      focusField(EMAIL_ID);
      setState('idle');
      return;
    }
    setState('loading');
    try {
      // The link in the mail leads back to this site's login page.
      const returnUrl = `${globalThis.location.origin}${AUTH_PATHS.login}`;
      await forgotPassword(email.trim(), returnUrl, { lang, merchantSlug: getCurrentMerchant() ?? undefined });
      setState('sent');
    } catch (error) {
      setState('idle');
      const body = isApiError(error) ? (error.body as { errors?: Record<string, unknown> } | null) : null;
      const fromServer = serverFieldErrors(body?.errors, ['email'] as const);
      if (!isClean(fromServer)) {
        setErrors(fromServer);
        focusField(EMAIL_ID);
      } else {
        setFailure(errorMessage(lang, isApiError(error) ? error.code : 'network_error'));
      }
    }
  };

  return (
    <AuthScreen titleKey="forgotPassword.title" introKey="forgotPassword.intro" closeFallback={() => AUTH_PATHS.login}>
      <form ref={form} className="au-form" noValidate onSubmit={submit}>
        {state === 'sent' ? (
          <AuthAlert tone="success">{t('forgotPassword.success')}</AuthAlert>
        ) : null}
        {failure ? <AuthAlert tone="error">{failure}</AuthAlert> : null}
        <AuthField id={EMAIL_ID} label={<LangText k="forgotPassword.email" />} required error={errors.email} t={t}>
          {(control) => <EmailInput {...control} value={email} onValueChange={setEmail} />}
        </AuthField>
        <AuthSubmitButton loading={state === 'loading'}>
          <LangText k="forgotPassword.submit" />
        </AuthSubmitButton>
        <p className="au-switch">
          <a href={AUTH_PATHS.login}>
            <LangText k="forgotPassword.backToLogin" />
          </a>
        </p>
      </form>
    </AuthScreen>
  );
}
