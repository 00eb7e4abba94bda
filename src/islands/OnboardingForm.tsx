/**
 * Contact details after sign-in (/auth/onboarding, spec sections 2 and 5): first and last name and phone required, the
 * email editable only for guests; a confirmation follows by SMS. Saved with api/front/user/update, then Validate.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useState, type FormEvent } from 'react';
import { errorMessage } from '../i18n/i18n.ts';
import { firstInvalidField, isClean, serverFieldErrors, validateOnboarding, type FormErrors } from '../lib/auth-form-rules.ts';
import { guardPath, signedInTarget, storedGuardState } from '../lib/guard.ts';
import { navigate } from '../lib/navigate.ts';
import { phoneValue } from '../lib/phone/phone-value.ts';
import { $user, canEditEmail, loadUser, saveUserDetails, shownEmail } from '../stores/user.ts';
import AuthAlert from './AuthAlert.tsx';
import AuthField from './AuthField.tsx';
import EmailInput from './EmailInput.tsx';
import AuthScreen from './AuthScreen.tsx';
import AuthSubmitButton from './AuthSubmitButton.tsx';
import { focusField } from './focus-field.ts';
import LangText from './LangText.tsx';
import PhoneInput from './PhoneInput.tsx';
import { phoneField, phoneToSend, PREFERRED_COUNTRIES, type PhoneState } from './phone-field-state.ts';
import { useTranslation } from './use-translation.ts';

type Field = 'firstname' | 'lastname' | 'phone' | 'email';
const FIELDS: readonly Field[] = ['firstname', 'lastname', 'phone', 'email'];
const ID: Record<Field, string> = {
  firstname: 'onboarding-firstname',
  lastname: 'onboarding-lastname',
  phone: 'onboarding-phone',
  email: 'onboarding-email',
};

/** The onboarding screen. */
export default function OnboardingForm() {
  const { lang, t } = useTranslation();
  const { user, loading: loadingUser, error: loadError } = useStore($user);
  const [firstname, setFirstname] = useState('');
  const [lastname, setLastname] = useState('');
  const [phone, setPhone] = useState<PhoneState>({ text: '', value: null });
  const [email, setEmail] = useState('');
  const [filled, setFilled] = useState(false);
  const [errors, setErrors] = useState<FormErrors<Field>>({});
  const [loading, setLoading] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    // Only for a diner the guard lets in: without a bearer the page is on its way to /auth.
    if (guardPath(globalThis.location.pathname)) return;
    void loadUser().then((outcome) => {
      if (!outcome.ok && outcome.to) globalThis.location.replace(outcome.to);
    });
  }, []);

  useEffect(() => {
    if (!user || filled) return;
    setFirstname(user.firstname);
    setLastname(user.lastname);
    // The stored E.164 number, written for reading (the widget reports its judgement on mount).
    const stored = user.phone ?? '';
    setPhone({ text: stored ? phoneValue(stored, null, { mode: 'international' }).formatted : '', value: null });
    setEmail(shownEmail(user));
    setFilled(true);
  }, [user, filled]);

  const emailEditable = user ? canEditEmail(user) : false;

  const fail = (found: FormErrors<Field>) => {
    setErrors(found);
    const first = firstInvalidField(found, FIELDS);
    focusField(first && ID[first]);
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (loading || !user) return;
    setFailure(null);
    const found = validateOnboarding({ firstname, lastname, phone: phoneField(phone), email: emailEditable ? email : '' });
    if (!isClean(found)) return fail(found);
    setErrors({});
    setLoading(true);
    const outcome = await saveUserDetails({
      firstname: firstname.trim(),
      lastname: lastname.trim(),
      phone: phoneToSend(phone),
      email: emailEditable ? email.trim() : (user.email ?? ''),
      lang,
    });
    if (outcome.ok) {
      navigate(outcome.to);
      return;
    }
    setLoading(false);
    const fromServer = serverFieldErrors(outcome.errors, FIELDS);
    if (isClean(fromServer)) setFailure(errorMessage(lang, outcome.code));
    else fail(fromServer);
  };

  const text = (field: 'firstname' | 'lastname', value: string, set: (value: string) => void, autoComplete: string) => (
    <AuthField id={ID[field]} label={<LangText k={`onboarding.${field}`} />} required error={errors[field]} t={t}>
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
    <AuthScreen titleKey="onboarding.title" introKey="onboarding.intro" closeFallback={() => signedInTarget(storedGuardState())}>
      {!filled ? (
        loadError && !loadingUser ? (
          <AuthAlert tone="error">{errorMessage(lang, loadError)}</AuthAlert>
        ) : (
          <p className="au-loading" role="status">
            <span className="au-spinner" aria-hidden="true" />
            <LangText k="common.loading" />
          </p>
        )
      ) : (
        <form className="au-form" noValidate onSubmit={submit}>
          {failure ? <AuthAlert tone="error">{failure}</AuthAlert> : null}
          <div className="au-row">
            {text('firstname', firstname, setFirstname, 'given-name')}
            {text('lastname', lastname, setLastname, 'family-name')}
          </div>
          <AuthField id={ID.phone} label={<LangText k="onboarding.phone" />} required error={errors.phone} t={t}>
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
          <AuthField
            id={ID.email}
            label={<LangText k="onboarding.email" />}
            hint={<LangText k={emailEditable ? 'onboarding.emailHint' : 'onboarding.emailLocked'} />}
            error={errors.email}
            t={t}
          >
            {(control) => <EmailInput {...control} readOnly={!emailEditable} value={email} onValueChange={setEmail} />}
          </AuthField>
          <p className="au-note">
            <LangText k="onboarding.smsNotice" />
          </p>
          <AuthSubmitButton loading={loading} placement="footer">
            <LangText k="onboarding.submit" />
          </AuthSubmitButton>
        </form>
      )}
    </AuthScreen>
  );
}
