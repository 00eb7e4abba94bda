/** Forgot password (/auth/forgot_password, spec sections 2, 5 and 8): an email, a reset link mailed, a success banner. */
import { useState } from 'react';
import type { Lang } from '../../i18n/t.ts';
import { forgotPassword } from '../../lib/api/account-api.ts';
import { isApiError } from '../../lib/api/api-client.ts';
import { validateForgotPassword } from '../../lib/forms/auth-form-rules.ts';
import { AUTH_PATHS } from '../../lib/navigation/routes.ts';
import { getCurrentMerchant } from '../../lib/platform/storage.ts';
import AuthAlert from './parts/AuthAlert.tsx';
import Field from '../shared/form/Field.tsx';
import EmailInput from './parts/EmailInput.tsx';
import AuthScreen from './parts/AuthScreen.tsx';
import AuthSubmitButton from './parts/AuthSubmitButton.tsx';
import LangText from '../shared/LangText.tsx';
import { useTranslation } from '../shared/use-translation.ts';
import { useFormSubmit, type SubmitOutcome } from '../shared/form/use-form-submit.ts';

const FIELDS = ['email'] as const;
const ID = { email: 'forgot-email' };

/** Asks for the reset link; a failure becomes the form's outcome like a store action's. */
async function sendResetLink(email: string, lang: Lang): Promise<SubmitOutcome> {
  try {
    // The link in the mail leads back to this site's login page.
    const returnUrl = `${globalThis.location.origin}${AUTH_PATHS.login}`;
    await forgotPassword(email.trim(), returnUrl, { lang, merchantSlug: getCurrentMerchant() ?? undefined });
    return { ok: true };
  } catch (error) {
    if (!isApiError(error)) return { ok: false, code: 'network_error' };
    const body = error.body as { errors?: Record<string, unknown> } | null;
    return { ok: false, code: error.code, errors: body?.errors };
  }
}

/** The forgot-password screen. */
export default function ForgotPasswordForm() {
  const { lang, t } = useTranslation();
  const [email, setEmail] = useState('');
  const { form, submit, pending, done, errors, failure } = useFormSubmit({
    fields: FIELDS,
    ids: ID,
    validate: () => validateForgotPassword({ email }),
    send: () => sendResetLink(email, lang),
    early: { text: { email: setEmail } },
  });

  return (
    <AuthScreen titleKey="forgotPassword.title" introKey="forgotPassword.intro" closeFallback={() => AUTH_PATHS.login}>
      <form ref={form} className="au-form" noValidate onSubmit={(event) => void submit(event)}>
        {done ? <AuthAlert tone="success">{t('forgotPassword.success')}</AuthAlert> : null}
        {failure ? <AuthAlert tone="error">{failure}</AuthAlert> : null}
        <Field id={ID.email} label={<LangText k="forgotPassword.email" />} required error={errors.email} t={t}>
          {(control) => <EmailInput {...control} value={email} onValueChange={setEmail} />}
        </Field>
        <AuthSubmitButton loading={pending}>
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
