/** A staff form's own rule: every field filled in. The first empty field carries the form's message, the others are only flagged. */
import type { FormErrors } from '../../../lib/forms/auth-form-rules.ts';

/** The empty fields of `values` (in their order), the first with `messageKey`; empty when all are filled. */
export function requiredFields<Field extends string>(values: Record<Field, string>, messageKey: string): FormErrors<Field> {
  const errors: FormErrors<Field> = {};
  for (const [field, value] of Object.entries(values) as [Field, string][]) {
    if (value.trim() !== '') continue;
    errors[field] = Object.keys(errors).length === 0 ? { key: messageKey } : {};
  }
  return errors;
}
