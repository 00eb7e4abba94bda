/** The email control of the sign-in screens: the keyboard, capitalisation and autofill an address wants. */
import type { FieldControlProps } from '../../shared/form/Field.tsx';

/** What an email control takes besides the field's ids. */
export interface EmailInputProps extends FieldControlProps {
  value: string;
  onValueChange: (value: string) => void;
  /** 'username' where the address signs in (login), else 'email'. */
  autoComplete?: 'email' | 'username';
  readOnly?: boolean;
}

/** An email input wired to its Field. */
export default function EmailInput({ value, onValueChange, autoComplete = 'email', readOnly, ...control }: EmailInputProps) {
  return (
    <input
      {...control}
      className="au-input"
      type="email"
      name="email"
      autoComplete={autoComplete}
      inputMode="email"
      autoCapitalize="none"
      spellCheck={false}
      readOnly={readOnly}
      value={value}
      onChange={(event) => onValueChange(event.target.value)}
    />
  );
}
