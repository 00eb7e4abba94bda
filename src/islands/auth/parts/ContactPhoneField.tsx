/** The phone field of the contact forms (register, onboarding, guest): a labelled international phone input. */
import type { ReactNode } from 'react';
import type { FieldError } from '../../../lib/forms/auth-form-rules.ts';
import type { Translate } from '../../shared/use-translation.ts';
import Field from '../../shared/form/Field.tsx';
import PhoneInput from './PhoneInput.tsx';
import { PREFERRED_COUNTRIES, type PhoneState } from './phone-field-state.ts';

/** What the field shows and where it writes. */
export interface ContactPhoneFieldProps {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  error: FieldError | undefined;
  phone: PhoneState;
  onChange: (phone: PhoneState) => void;
  t: Translate;
}

/** The field, required, listing the interface languages' countries first. */
export default function ContactPhoneField({ id, label, hint, error, phone, onChange, t }: ContactPhoneFieldProps) {
  return (
    <Field id={id} label={label} required hint={hint} error={error} t={t}>
      {(control) => (
        <PhoneInput
          {...control}
          mode="international"
          preferredCountries={PREFERRED_COUNTRIES}
          placeholder={t('phone.placeholder')}
          value={phone.text}
          onChange={(text, value) => onChange({ text, value })}
        />
      )}
    </Field>
  );
}
