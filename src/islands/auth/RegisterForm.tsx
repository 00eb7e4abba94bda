/**
 * Platform registration (/auth/register, spec sections 2, 4, 5 and 8): names, phone, email, password with a show/hide
 * toggle; empty fields are flagged, a malformed email says so, the server's phone, email and password messages show.
 */
import { useState } from 'react';
import { serverFieldErrors, validateRegister } from '../../lib/forms/auth-form-rules.ts';
import { AUTH_PATHS } from '../../lib/navigation/routes.ts';
import { registerAccount } from '../../stores/sign-in.ts';
import AuthAlert from './parts/AuthAlert.tsx';
import Field from '../shared/form/Field.tsx';
import EmailInput from './parts/EmailInput.tsx';
import AuthScreen from './parts/AuthScreen.tsx';
import AuthSubmitButton from './parts/AuthSubmitButton.tsx';
import NameFields from './parts/NameFields.tsx';
import LangText from '../shared/LangText.tsx';
import PasswordToggle from './parts/PasswordToggle.tsx';
import ContactPhoneField from './parts/ContactPhoneField.tsx';
import { phoneToSend, type PhoneState } from './parts/phone-field-state.ts';
import { useTranslation } from '../shared/use-translation.ts';
import { useFormSubmit } from '../shared/form/use-form-submit.ts';

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
  const { form, submit, pending, errors, failure } = useFormSubmit({
    fields: FIELDS,
    ids: ID,
    validate: () => validateRegister({ firstname, lastname, phone: phone.text, email, password }),
    send: () =>
      registerAccount({
        firstname: firstname.trim(),
        lastname: lastname.trim(),
        phone: phoneToSend(phone),
        email: email.trim(),
        password,
        lang,
      }),
    fieldErrors: (failure) => serverFieldErrors(failure.errors, FIELDS, WITH_MESSAGE),
    // The phone widget keeps its own early input.
    early: { text: { firstname: setFirstname, lastname: setLastname, email: setEmail, password: setPassword } },
  });

  return (
    <AuthScreen titleKey="register.title" closeFallback={() => AUTH_PATHS.choice}>
      <form ref={form} className="au-form" noValidate onSubmit={(event) => void submit(event)}>
        {failure ? <AuthAlert tone="error">{failure}</AuthAlert> : null}
        <NameFields
          screen="register"
          ids={ID}
          values={{ firstname, lastname }}
          onChange={{ firstname: setFirstname, lastname: setLastname }}
          errors={errors}
          t={t}
        />
        <ContactPhoneField
          id={ID.phone}
          label={<LangText k="register.phone" />}
          hint={<LangText k="register.phoneHint" />}
          error={errors.phone}
          phone={phone}
          onChange={setPhone}
          t={t}
        />
        <Field id={ID.email} label={<LangText k="register.email" />} required hint={<LangText k="register.emailHint" />} error={errors.email} t={t}>
          {(control) => <EmailInput {...control} value={email} onValueChange={setEmail} />}
        </Field>
        <Field id={ID.password} label={<LangText k="register.password" />} required error={errors.password} t={t}>
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
        </Field>
        <AuthSubmitButton
          loading={pending}
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
