/** The first- and last-name fields side by side, as the contact forms ask for them (spec section 5): required, 100 characters at most. */
import type { FormErrors } from '../../../lib/forms/auth-form-rules.ts';
import LangText from '../../shared/LangText.tsx';
import type { Translate } from '../../shared/use-translation.ts';
import Field from '../../shared/form/Field.tsx';

/** The two name fields, by their control names. */
export type NameField = 'firstname' | 'lastname';

/** What the fields show and where their input goes. */
export interface NameFieldsProps {
  /** The screen whose messages label them: `<screen>.firstname` and `<screen>.lastname`. */
  screen: 'register' | 'noAuth' | 'onboarding';
  ids: Record<NameField, string>;
  values: Record<NameField, string>;
  onChange: Record<NameField, (value: string) => void>;
  errors: FormErrors<NameField>;
  t: Translate;
  /** Puts the caret in the first name as the page loads. */
  focusFirst?: boolean;
}

const AUTOCOMPLETE: Record<NameField, string> = { firstname: 'given-name', lastname: 'family-name' };

/** The row of both fields. */
export default function NameFields({ screen, ids, values, onChange, errors, t, focusFirst = false }: NameFieldsProps) {
  const field = (name: NameField) => (
    <Field id={ids[name]} label={<LangText k={`${screen}.${name}`} />} required error={errors[name]} t={t}>
      {(control) => (
        <input
          {...control}
          className="au-input"
          type="text"
          name={name}
          autoComplete={AUTOCOMPLETE[name]}
          // Rendered as the autofocus attribute: the browser puts the caret in the first field as the page loads (NoAuth only).
          // eslint-disable-next-line jsx-a11y/no-autofocus -- the guest form's first field is where every diner starts (no-auth-focus spec).
          autoFocus={focusFirst && name === 'firstname'}
          maxLength={100}
          value={values[name]}
          onChange={(event) => onChange[name](event.target.value)}
        />
      )}
    </Field>
  );
  return (
    <div className="au-row">
      {field('firstname')}
      {field('lastname')}
    </div>
  );
}
