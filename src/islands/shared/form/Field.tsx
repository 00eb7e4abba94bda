/** One labelled form field (the diner's and the staff's forms): label (with a mark when required), the control, a hint and the field's error. */
import type { ReactNode } from 'react';
import './field.css';
import type { FieldError } from '../../../lib/forms/auth-form-rules.ts';
import type { Translate } from '../use-translation.ts';

/** The attributes the control gets so the label, hint and error belong to it. */
export interface FieldControlProps {
  id: string;
  'aria-invalid': boolean;
  'aria-describedby': string | undefined;
  'aria-required': boolean | undefined;
}

/** What the field shows. */
export interface FieldProps {
  id: string;
  label: ReactNode;
  required?: boolean;
  hint?: ReactNode;
  error: FieldError | undefined;
  t: Translate;
  /** Draws the control with the ids it must carry. */
  children: (control: FieldControlProps) => ReactNode;
}

/** The message of a field error in the diner's language ('' when the field is only flagged). */
export function fieldErrorText(error: FieldError | undefined, t: Translate): string {
  if (!error) return '';
  if (error.text) return error.text;
  return error.key ? t(error.key) : '';
}

/** The field; an error without a message only turns the field red (spec section 5). */
export default function Field({ id, label, required = false, hint, error, t, children }: FieldProps) {
  const message = fieldErrorText(error, t);
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = message ? `${id}-error` : undefined;
  const describedBy = [errorId, hintId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`au-field${error ? ' au-field-invalid' : ''}`}>
      <label className="au-label" htmlFor={id}>
        {label}
        {required ? (
          <span className="au-required" aria-hidden="true">
            {' *'}
          </span>
        ) : null}
      </label>
      {children({ id, 'aria-invalid': !!error, 'aria-describedby': describedBy, 'aria-required': required || undefined })}
      {message ? (
        <p className="au-error" id={errorId}>
          {message}
        </p>
      ) : null}
      {hint ? (
        <p className="au-hint" id={hintId}>
          {hint}
        </p>
      ) : null}
    </div>
  );
}
