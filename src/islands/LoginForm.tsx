/** Platform login (/auth/login, spec sections 2, 4, 5 and 8): email and password, a wrong login said on the password field, Validate on success. */
import { useRef, useState, type FormEvent } from 'react';
import { errorMessage } from '../i18n/i18n.ts';
import { firstInvalidField, isClean, validateLogin, type FormErrors } from '../lib/auth-form-rules.ts';
import { navigate } from '../lib/navigate.ts';
import { AUTH_PATHS } from '../lib/routes.ts';
import { loginWithPassword } from '../stores/auth.ts';
import AuthAlert from './AuthAlert.tsx';
import AuthField from './AuthField.tsx';
import EmailInput from './EmailInput.tsx';
import AuthScreen from './AuthScreen.tsx';
import AuthSubmitButton from './AuthSubmitButton.tsx';
import { focusField } from './focus-field.ts';
import LangText from './LangText.tsx';
import { useTranslation } from './use-translation.ts';
import { useTypedBeforeHydration } from './use-typed-before-hydration.ts';

type Field = 'email' | 'password';
const FIELDS: readonly Field[] = ['email', 'password'];
const ID: Record<Field, string> = { email: 'login-email', password: 'login-password' };

/** The login screen. */
export default function LoginForm() {
  const { lang, t } = useTranslation();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FormErrors<Field>>({});
  const [loading, setLoading] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useRef<HTMLFormElement>(null);
  // The form is in the page before its code: keystrokes typed meanwhile are kept.
  useTypedBeforeHydration(form, { text: { email: setEmail, password: setPassword } });

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (loading) return;
    setFailure(null);
    const found = validateLogin({ email, password });
    setErrors(found);
    if (!isClean(found)) {
      const first = firstInvalidField(found, FIELDS);
      focusField(first && ID[first]);
      return;
    }
    setLoading(true);
    const outcome = await loginWithPassword(email, password);
    if (outcome.ok) {
      // Stays loading while the next page opens.
      navigate(outcome.to);
      return;
    }
    setLoading(false);
    if (outcome.code === 'invalid_grant') {
      setErrors({ password: { key: 'form_error.bad_password' } });
      focusField(ID.password);
    } else {
      setFailure(errorMessage(lang, outcome.code));
    }
  };

  return (
    <AuthScreen titleKey="login.title" closeFallback={() => AUTH_PATHS.choice}>
      <form ref={form} className="au-form" noValidate onSubmit={submit}>
        {failure ? <AuthAlert tone="error">{failure}</AuthAlert> : null}
        <AuthField id={ID.email} label={<LangText k="login.email" />} error={errors.email} t={t}>
          {(control) => <EmailInput {...control} autoComplete="username" value={email} onValueChange={setEmail} />}
        </AuthField>
        <AuthField id={ID.password} label={<LangText k="login.password" />} error={errors.password} t={t}>
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
        </AuthField>
        <p className="au-aside">
          <a href={AUTH_PATHS.forgotPassword}>
            <LangText k="login.forgot" />
          </a>
        </p>
        <AuthSubmitButton
          loading={loading}
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
