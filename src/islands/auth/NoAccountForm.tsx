/**
 * Guest contact details (/auth/no_account, NoAuth, spec sections 2, 5 and 6): first and last name, phone, the optional
 * email confirmation and then the email; a guest session for the stored booking, then Validate. A booking that already
 * has a guest asks for the code sent to that guest first (GuestCodeStep).
 */
import { useEffect, useState } from 'react';
import { validateNoAuth } from '../../lib/forms/auth-form-rules.ts';
import { storedHomePath } from '../../lib/navigation/go-back.ts';
import { getGuestDetails, readSession, writeSession } from '../../lib/platform/storage.ts';
import { continueAsGuest } from '../../stores/sign-in.ts';
import AuthAlert from './parts/AuthAlert.tsx';
import Field from '../shared/form/Field.tsx';
import EmailInput from './parts/EmailInput.tsx';
import GuestCodeStep, { type GuestCodeStepProps } from './parts/GuestCodeStep.tsx';
import AuthScreen from './parts/AuthScreen.tsx';
import AuthSubmitButton from './parts/AuthSubmitButton.tsx';
import DraftRecap from './parts/DraftRecap.tsx';
import NameFields from './parts/NameFields.tsx';
import LangText from '../shared/LangText.tsx';
import ContactPhoneField from './parts/ContactPhoneField.tsx';
import { phoneField, phoneToSend, type PhoneState } from './parts/phone-field-state.ts';
import { useTranslation } from '../shared/use-translation.ts';
import { useFormSubmit } from '../shared/form/use-form-submit.ts';

type Field = 'firstname' | 'lastname' | 'phone' | 'email';
const FIELDS: readonly Field[] = ['firstname', 'lastname', 'phone', 'email'];
const ID: Record<Field, string> = { firstname: 'guest-firstname', lastname: 'guest-lastname', phone: 'guest-phone', email: 'guest-email' };
// What the guest typed, kept for the tab (session storage) so a reload loses nothing.
const KEPT_KEY = 'guest_form';

interface KeptForm {
  firstname: string;
  lastname: string;
  phone: string;
  wantsEmail: boolean;
  email: string;
}

function readKeptForm(): KeptForm | null {
  try {
    const kept = JSON.parse(readSession(KEPT_KEY) ?? 'null') as Partial<KeptForm> | null;
    if (!kept || typeof kept !== 'object') return null;
    const text = (value: unknown) => (typeof value === 'string' ? value : '');
    return {
      firstname: text(kept.firstname),
      lastname: text(kept.lastname),
      phone: text(kept.phone),
      wantsEmail: kept.wantsEmail === true,
      email: text(kept.email),
    };
  } catch {
    return null;
  }
}

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
  // Set when the booking already has a guest: the code step then asks for the code the server sent them.
  const [proof, setProof] = useState<GuestCodeStepProps | null>(null);
  const { form, submit, pending, errors, failure } = useFormSubmit({
    fields: FIELDS,
    ids: ID,
    validate: () => validateNoAuth({ firstname, lastname, phone: phoneField(phone), wantsEmail, email }),
    send: async () => {
      const details = {
        firstname: firstname.trim(),
        lastname: lastname.trim(),
        phone: phoneToSend(phone),
        email: wantsEmail ? email.trim() : '',
        lang,
      };
      const outcome = await continueAsGuest(details);
      if (outcome.ok || outcome.code !== 'identity_proof_required') return outcome;
      setProof({ details, sentTo: outcome.sentTo ?? null });
      return { ok: true };
    },
    // The phone widget keeps its own early input.
    early: { text: { firstname: setFirstname, lastname: setLastname }, checked: { wantsEmail: setWantsEmail } },
  });

  // What this tab typed before a reload, else (a guest booking again) the last guest details, fill what is still empty
  // (after what was typed before hydration).
  const [restored, setRestored] = useState(false);
  useEffect(() => {
    setRestored(true);
    const last = readKeptForm() ?? getGuestDetails();
    if (!last) return;
    setFirstname((typed) => typed || last.firstname);
    setLastname((typed) => typed || last.lastname);
    if (last.email || ('wantsEmail' in last && last.wantsEmail)) {
      setWantsEmail(true);
      setEmail((typed) => typed || last.email);
    }
    if (!last.phone) return;
    setPhone((typed) => (typed.text.trim() ? typed : { text: last.phone, value: null }));
    setPhoneKey(1);
  }, []);

  useEffect(() => {
    if (!restored) return;
    const kept: KeptForm = { firstname, lastname, phone: phone.text, wantsEmail, email };
    writeSession(KEPT_KEY, JSON.stringify(kept));
  }, [restored, firstname, lastname, phone.text, wantsEmail, email]);

  return (
    <AuthScreen titleKey="noAuth.title" introKey={proof ? undefined : 'noAuth.intro'} closeFallback={storedHomePath}>
      {proof ? (
        <GuestCodeStep details={proof.details} sentTo={proof.sentTo} />
      ) : (
        <>
          <DraftRecap />
          <form ref={form} className="au-form" noValidate onSubmit={(event) => void submit(event)}>
            {failure ? <AuthAlert tone="error">{failure}</AuthAlert> : null}
            <NameFields
              screen="noAuth"
              ids={ID}
              values={{ firstname, lastname }}
              onChange={{ firstname: setFirstname, lastname: setLastname }}
              errors={errors}
              t={t}
              focusFirst
            />
            <ContactPhoneField
              key={phoneKey}
              id={ID.phone}
              label={<LangText k="noAuth.phone" />}
              error={errors.phone}
              phone={phone}
              onChange={setPhone}
              t={t}
            />
            <div className="au-check">
              <input id="guest-wants-email" name="wantsEmail" type="checkbox" checked={wantsEmail} onChange={(event) => setWantsEmail(event.target.checked)} />
              <label htmlFor="guest-wants-email">
                <LangText k="noAuth.wantsEmail" />
              </label>
            </div>
            {wantsEmail ? (
              <Field id={ID.email} label={<LangText k="noAuth.email" />} required error={errors.email} t={t}>
                {(control) => <EmailInput {...control} value={email} onValueChange={setEmail} />}
              </Field>
            ) : null}
            <AuthSubmitButton loading={pending} placement="footer">
              <LangText k="noAuth.submit" />
            </AuthSubmitButton>
          </form>
        </>
      )}
    </AuthScreen>
  );
}
