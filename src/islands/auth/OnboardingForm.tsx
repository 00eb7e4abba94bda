/**
 * Contact details after sign-in (/auth/onboarding, spec sections 2 and 5): first and last name and phone required, the
 * email editable only for guests; a confirmation follows by SMS. Saved with api/front/user/update, then Validate.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { errorMessage } from '../../i18n/i18n.ts';
import { validateOnboarding } from '../../lib/forms/auth-form-rules.ts';
import { guardPath, signedInTarget, storedGuardState } from '../../lib/navigation/guard.ts';
import { phoneValue } from '../../lib/phone/phone-value.ts';
import { $user, canEditEmail, loadUser, saveUserDetails, shownEmail } from '../../stores/user.ts';
import AuthAlert from './parts/AuthAlert.tsx';
import Field from '../shared/form/Field.tsx';
import EmailInput from './parts/EmailInput.tsx';
import AuthScreen from './parts/AuthScreen.tsx';
import AuthSubmitButton from './parts/AuthSubmitButton.tsx';
import NameFields from './parts/NameFields.tsx';
import LangText from '../shared/LangText.tsx';
import ContactPhoneField from './parts/ContactPhoneField.tsx';
import { phoneField, phoneToSend, type PhoneState } from './parts/phone-field-state.ts';
import { useTranslation } from '../shared/use-translation.ts';
import { useFormSubmit } from '../shared/form/use-form-submit.ts';

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

  const { submit, pending, errors, failure } = useFormSubmit({
    fields: FIELDS,
    ids: ID,
    validate: () => validateOnboarding({ firstname, lastname, phone: phoneField(phone), email: emailEditable ? email : '' }),
    send: () =>
      saveUserDetails({
        firstname: firstname.trim(),
        lastname: lastname.trim(),
        phone: phoneToSend(phone),
        email: emailEditable ? email.trim() : (user?.email ?? ''),
        lang,
      }),
    // The form shows once the diner is loaded; until then there is nothing to save.
    ready: user !== null,
  });

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
        <form className="au-form" noValidate onSubmit={(event) => void submit(event)}>
          {failure ? <AuthAlert tone="error">{failure}</AuthAlert> : null}
          <NameFields
            screen="onboarding"
            ids={ID}
            values={{ firstname, lastname }}
            onChange={{ firstname: setFirstname, lastname: setLastname }}
            errors={errors}
            t={t}
          />
          <ContactPhoneField id={ID.phone} label={<LangText k="onboarding.phone" />} error={errors.phone} phone={phone} onChange={setPhone} t={t} />
          <Field
            id={ID.email}
            label={<LangText k="onboarding.email" />}
            hint={<LangText k={emailEditable ? 'onboarding.emailHint' : 'onboarding.emailLocked'} />}
            error={errors.email}
            t={t}
          >
            {(control) => <EmailInput {...control} readOnly={!emailEditable} value={email} onValueChange={setEmail} />}
          </Field>
          <p className="au-note">
            <LangText k="onboarding.smsNotice" />
          </p>
          <AuthSubmitButton loading={pending} placement="footer">
            <LangText k="onboarding.submit" />
          </AuthSubmitButton>
        </form>
      )}
    </AuthScreen>
  );
}
