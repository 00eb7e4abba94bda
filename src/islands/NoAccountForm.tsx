/**
 * Guest contact details (/auth/no_account, NoAuth, spec sections 2, 5 and 6): first and last name, phone, the optional
 * email confirmation and then the email; a guest session for the stored booking, then Validate.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { errorMessage } from '../i18n/i18n.ts';
import { firstInvalidField, isClean, serverFieldErrors, validateNoAuth, type FormErrors } from '../lib/auth-form-rules.ts';
import { storedHomePath } from '../lib/go-back.ts';
import { navigate } from '../lib/navigate.ts';
import { getGuestDetails } from '../lib/storage.ts';
import { continueAsGuest } from '../stores/auth.ts';
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
import { useTypedBeforeHydration } from './use-typed-before-hydration.ts';

type Field = 'firstname' | 'lastname' | 'phone' | 'email';
const FIELDS: readonly Field[] = ['firstname', 'lastname', 'phone', 'email'];
const ID: Record<Field, string> = { firstname: 'guest-firstname', lastname: 'guest-lastname', phone: 'guest-phone', email: 'guest-email' };

/** The guest details screen. */
export default function NoAccountForm() {
  const { lang, t } = useTranslation();
  const [firstname, setFirstname] = useState('');
  const [lastname, setLastname] = useState('');
  const [phone, setPhone] = useState<PhoneState>({ text: '', value: null });
  // A new mount of the phone widget judges a prefilled number, as it does any first value.
  const [phoneKey, setPhoneKey] = useState(0);
  const [wantsEmail, setWantsEmail] = useState(false);
  const [email, setEmail] = useState('');
  const [errors, setErrors] = useState<FormErrors<Field>>({});
  const [loading, setLoading] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useRef<HTMLFormElement>(null);
  // The form is in the page before its code: keystrokes typed meanwhile are kept (the phone widget keeps its own).
  useTypedBeforeHydration(form, { text: { firstname: setFirstname, lastname: setLastname }, checked: { wantsEmail: setWantsEmail } });

  // A guest booking again: the last guest details fill what is still empty (after what was typed before hydration).
  useEffect(() => {
    const last = getGuestDetails();
    if (!last) return;
    setFirstname((typed) => typed || last.firstname);
    setLastname((typed) => typed || last.lastname);
    if (last.email) {
      setWantsEmail(true);
      setEmail((typed) => typed || last.email);
    }
    if (!last.phone) return;
    setPhone((typed) => (typed.text.trim() ? typed : { text: last.phone, value: null }));
    setPhoneKey(1);
  }, []);

  const fail = (found: FormErrors<Field>) => {
    setErrors(found);
    const first = firstInvalidField(found, FIELDS);
    focusField(first && ID[first]);
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (loading) return;
    setFailure(null);
    const found = validateNoAuth({ firstname, lastname, phone: phoneField(phone), wantsEmail, email });
    if (!isClean(found)) return fail(found);
    setErrors({});
    setLoading(true);
    const outcome = await continueAsGuest({
      firstname: firstname.trim(),
      lastname: lastname.trim(),
      phone: phoneToSend(phone),
      email: wantsEmail ? email.trim() : '',
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
    <AuthField id={ID[field]} label={<LangText k={`noAuth.${field}`} />} required error={errors[field]} t={t}>
      {(control) => (
        <input
          {...control}
          className="au-input"
          type="text"
          name={field}
          autoComplete={autoComplete}
          // Rendered as the autofocus attribute: the browser puts the caret in the first field as the page loads.
          autoFocus={field === 'firstname'}
          maxLength={100}
          value={value}
          onChange={(event) => set(event.target.value)}
        />
      )}
    </AuthField>
  );

  return (
    <AuthScreen titleKey="noAuth.title" introKey="noAuth.intro" closeFallback={storedHomePath}>
      <form ref={form} className="au-form" noValidate onSubmit={submit}>
        {failure ? <AuthAlert tone="error">{failure}</AuthAlert> : null}
        <div className="au-row">
          {text('firstname', firstname, setFirstname, 'given-name')}
          {text('lastname', lastname, setLastname, 'family-name')}
        </div>
        <AuthField id={ID.phone} label={<LangText k="noAuth.phone" />} required error={errors.phone} t={t}>
          {(control) => (
            <PhoneInput
              key={phoneKey}
              {...control}
              mode="international"
              preferredCountries={PREFERRED_COUNTRIES}
              placeholder={t('phone.placeholder')}
              value={phone.text}
              onChange={(text, value) => setPhone({ text, value })}
            />
          )}
        </AuthField>
        <div className="au-check">
          <input id="guest-wants-email" name="wantsEmail" type="checkbox" checked={wantsEmail} onChange={(event) => setWantsEmail(event.target.checked)} />
          <label htmlFor="guest-wants-email">
            <LangText k="noAuth.wantsEmail" />
          </label>
        </div>
        {wantsEmail ? (
          <AuthField id={ID.email} label={<LangText k="noAuth.email" />} required error={errors.email} t={t}>
            {(control) => <EmailInput {...control} value={email} onValueChange={setEmail} />}
          </AuthField>
        ) : null}
        <AuthSubmitButton loading={loading} placement="footer">
          <LangText k="noAuth.submit" />
        </AuthSubmitButton>
      </form>
    </AuthScreen>
  );
}
