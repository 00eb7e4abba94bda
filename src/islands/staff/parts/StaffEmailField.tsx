/** The staff email field of the sign-in and the forgotten-password forms (the browser fills it as the username). */
import type { FieldError } from '../../../lib/forms/auth-form-rules.ts';
import Field from '../../shared/form/Field.tsx';
import type { Translate } from '../../shared/use-translation.ts';

interface Props {
  id: string;
  error: FieldError | undefined;
  value: string;
  onChange: (value: string) => void;
  t: Translate;
}

export default function StaffEmailField({ id, error, value, onChange, t }: Props) {
  return (
    <Field id={id} label={t('staff.signIn.email')} error={error} t={t}>
      {(control) => (
        <input
          {...control}
          className="staff-input"
          type="email"
          name="email"
          autoComplete="username"
          inputMode="email"
          value={value}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
    </Field>
  );
}
