/** Platform login (/auth/login, spec sections 2, 4, 5 and 8): email and password, a wrong login said on the password field, Validate on success. */
import { useState } from 'react';
import { validateLogin } from '../../lib/forms/auth-form-rules.ts';
import { AUTH_PATHS } from '../../lib/navigation/routes.ts';
import { loginWithPassword } from '../../stores/sign-in.ts';
import AuthAlert from './parts/AuthAlert.tsx';
import Field from '../shared/form/Field.tsx';
import EmailInput from './parts/EmailInput.tsx';
import AuthScreen from './parts/AuthScreen.tsx';
import AuthSubmitButton from './parts/AuthSubmitButton.tsx';
import LangText from '../shared/LangText.tsx';
import { useTranslation } from '../shared/use-translation.ts';
import { useFormSubmit } from '../shared/form/use-form-submit.ts';

type Field = 'email' | 'password';
const FIELDS: readonly Field[] = ['email', 'password'];
const ID: Record<Field, string> = { email: 'login-email', password: 'login-password' };

/** The login screen. */
export default function LoginForm() {
  const { t } = useTranslation();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const { form, submit, pending, errors, failure } = useFormSubmit({
    fields: FIELDS,
    ids: ID,
    validate: () => validateLogin({ email, password }),
    send: () => loginWithPassword(email, password),
    // A wrong email or password is said on the password field.
    fieldErrors: ({ code }) => (code === 'unauthenticated' ? { password: { key: 'form_error.bad_password' } } : {}),
    early: { text: { email: setEmail, password: setPassword } },
  });

  return (
    <AuthScreen titleKey="login.title" closeFallback={() => AUTH_PATHS.choice}>
      <form ref={form} className="au-form" noValidate onSubmit={(event) => void submit(event)}>
        {failure ? <AuthAlert tone="error">{failure}</AuthAlert> : null}
        <Field id={ID.email} label={<LangText k="login.email" />} error={errors.email} t={t}>
          {(control) => <EmailInput {...control} autoComplete="username" value={email} onValueChange={setEmail} />}
        </Field>
        <Field id={ID.password} label={<LangText k="login.password" />} error={errors.password} t={t}>
          {(control) => (
            <input
              {...control}
              className="au-input"
              type="password"
              name="password"
              autoComplete="current-password"
              value={password}
              onChange={(event) => setPassword(event.target.value)}
            />
          )}
        </Field>
        <p className="au-aside">
          <a href={AUTH_PATHS.forgotPassword}>
            <LangText k="login.forgot" />
          </a>
        </p>
        <AuthSubmitButton
          loading={pending}
          placement="footer"
          after={
            <p className="au-switch">
              <LangText k="login.noAccountYet" />{' '}
              <a href={AUTH_PATHS.register}>
                <LangText k="login.register" />
              </a>
            </p>
          }
        >
          <LangText k="login.submit" />
        </AuthSubmitButton>
      </form>
    </AuthScreen>
  );
}
