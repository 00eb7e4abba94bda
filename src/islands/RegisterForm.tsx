/**
 * Platform registration (/auth/register, spec sections 2, 4, 5 and 8): names, phone, email, password with a show/hide
 * toggle; empty fields are flagged, a malformed email says so, the server's phone, email and password messages show.
 */
import { useRef, useState, type FormEvent } from 'react';
import { errorMessage } from '../i18n/i18n.ts';
import { firstInvalidField, isClean, serverFieldErrors, validateRegister, type FormErrors } from '../lib/auth-form-rules.ts';
import { navigate } from '../lib/navigate.ts';
import { AUTH_PATHS } from '../lib/routes.ts';
import { registerAccount } from '../stores/auth.ts';
import AuthAlert from './AuthAlert.tsx';
import AuthField from './AuthField.tsx';
import EmailInput from './EmailInput.tsx';
import AuthScreen from './AuthScreen.tsx';
import AuthSubmitButton from './AuthSubmitButton.tsx';
import { focusField } from './focus-field.ts';
import LangText from './LangText.tsx';
import PasswordToggle from './PasswordToggle.tsx';
import PhoneInput from './PhoneInput.tsx';
import { phoneToSend, PREFERRED_COUNTRIES, type PhoneState } from './phone-field-state.ts';
import { useTranslation } from './use-translation.ts';
import { useTypedBeforeHydration } from './use-typed-before-hydration.ts';

type Field = 'firstname' | 'lastname' | 'phone' | 'email' | 'password';
const FIELDS: readonly Field[] = ['firstname', 'lastname', 'phone', 'email', 'password'];
// Section 5 shows the server's messages under phone and email; the password's rules are ours, so its message shows too.
const WITH_MESSAGE: readonly Field[] = ['phone', 'email', 'password'];
const ID: Record<Field, string> = {
  firstname: 'register-firstname',
  lastname: 'register-lastname',
  phone: 'register-phone',
  email: 'register-email',
  password: 'register-password',
};

/** The registration screen. */
export default function RegisterForm() {
  const { lang, t } = useTranslation();
  const [firstname, setFirstname] = useState('');
  const [lastname, setLastname] = useState('');
  const [phone, setPhone] = useState<PhoneState>({ text: '', value: null });
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [showPassword, setShowPassword] = useState(false);
  const [errors, setErrors] = useState<FormErrors<Field>>({});
  const [loading, setLoading] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useRef<HTMLFormElement>(null);
  // The form is in the page before its code: keystrokes typed meanwhile are kept (the phone widget keeps its own).
  useTypedBeforeHydration(form, { text: { firstname: setFirstname, lastname: setLastname, email: setEmail, password: setPassword } });

  const fail = (found: FormErrors<Field>) => {
    setErrors(found);
    const first = firstInvalidField(found, FIELDS);
    focusField(first && ID[first]);
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (loading) return;
    setFailure(null);
    const found = validateRegister({ firstname, lastname, phone: phone.text, email, password });
    if (!isClean(found)) return fail(found);
    setErrors({});
    setLoading(true);
    const outcome = await registerAccount({
      firstname: firstname.trim(),
      lastname: lastname.trim(),
      phone: phoneToSend(phone),
      email: email.trim(),
      password,
      lang,
    });
    if (outcome.ok) {
      navigate(outcome.to);
      return;
    }
    setLoading(false);
    const fromServer = serverFieldErrors(outcome.errors, FIELDS, WITH_MESSAGE);
    if (isClean(fromServer)) setFailure(errorMessage(lang, outcome.code));
    else fail(fromServer);
  };

  const text = (field: 'firstname' | 'lastname', value: string, set: (value: string) => void, autoComplete: string) => (
    <AuthField id={ID[field]} label={<LangText k={`register.${field}`} />} required error={errors[field]} t={t}>
      {(control) => (
        <input
          {...control}
          className="au-input"
          type="text"
          name={field}
          autoComplete={autoComplete}
          maxLength={100}
          value={value}
          onChange={(event) => set(event.target.value)}
        />
      )}
    </AuthField>
  );

  return (
    <AuthScreen titleKey="register.title" closeFallback={() => AUTH_PATHS.choice}>
      <form ref={form} className="au-form" noValidate onSubmit={submit}>
        {failure ? <AuthAlert tone="error">{failure}</AuthAlert> : null}
        <div className="au-row">
          {text('firstname', firstname, setFirstname, 'given-name')}
          {text('lastname', lastname, setLastname, 'family-name')}
        </div>
        <AuthField id={ID.phone} label={<LangText k="register.phone" />} required hint={<LangText k="register.phoneHint" />} error={errors.phone} t={t}>
          {(control) => (
            <PhoneInput
              {...control}
              mode="international"
              preferredCountries={PREFERRED_COUNTRIES}
              placeholder={t('phone.placeholder')}
              value={phone.text}
              onChange={(text, value) => setPhone({ text, value })}
            />
          )}
        </AuthField>
        <AuthField id={ID.email} label={<LangText k="register.email" />} required hint={<LangText k="register.emailHint" />} error={errors.email} t={t}>
          {(control) => <EmailInput {...control} value={email} onValueChange={setEmail} />}
        </AuthField>
        <AuthField id={ID.password} label={<LangText k="register.password" />} required error={errors.password} t={t}>
          {(control) => (
            <div className="au-password">
              <input
                {...control}
                className="au-input"
                type={showPassword ? 'text' : 'password'}
                name="password"
                autoComplete="new-password"
                value={password}
                onChange={(event) => setPassword(event.target.value)}
              />
              <PasswordToggle visible={showPassword} onToggle={() => setShowPassword((shown) => !shown)} controls={ID.password} />
            </div>
          )}
        </AuthField>
        <AuthSubmitButton
          loading={loading}
          placement="footer"
          after={
            <p className="au-switch">
              <LangText k="register.haveAccount" />{' '}
              <a href={AUTH_PATHS.login}>
                <LangText k="register.login" />
              </a>
            </p>
          }
        >
          <LangText k="register.submit" />
        </AuthSubmitButton>
      </form>
    </AuthScreen>
  );
}
