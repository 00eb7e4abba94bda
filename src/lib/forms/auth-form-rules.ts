/** The sign-in and contact forms' validation rules (spec section 5) as pure functions: which field is wrong and what to say. */
import type { PhoneParseError } from '../phone/phone-value.ts';
import { isEmail } from '../../shared/email-address.ts';

/** A field's problem: a catalogue key to show, a message already in the diner's language (from the server), or neither (only flagged). */
export interface FieldError {
  key?: string;
  text?: string;
}

/** Problems by field name; an empty object means the form may be sent. */
export type FormErrors<Field extends string = string> = Partial<Record<Field, FieldError>>;

/** Whether a form has no problem left. */
export function isClean(errors: FormErrors): boolean {
  return Object.keys(errors).length === 0;
}

/** The phone field as the widget reports it. */
export interface PhoneField {
  text: string;
  valid: boolean;
  error: PhoneParseError | null;
}

const blank = (text: string) => text.trim() === '';
const flagged: FieldError = {};
const required: FieldError = { key: 'form_error.required' };
const badEmail: FieldError = { key: 'form_error.bad_email' };

/** The problem of a phone the widget does not mark valid: the parser's complaint, else a generic one. */
function phoneProblem(phone: PhoneField, whenEmpty: FieldError): FieldError | undefined {
  if (blank(phone.text)) return whenEmpty;
  if (phone.valid) return undefined;
  return { key: phone.error ? `phone.${phone.error}` : 'form_error.bad_phone' };
}

/** Login: email non-empty and well-formed, password non-empty; both only flagged. */
export function validateLogin(form: { email: string; password: string }): FormErrors<'email' | 'password'> {
  const errors: FormErrors<'email' | 'password'> = {};
  if (!isEmail(form.email)) errors.email = flagged;
  if (form.password === '') errors.password = flagged;
  return errors;
}

/** Register: every field non-empty (flagged, no message); a non-empty email must match the pattern (form_error.bad_email). */
export function validateRegister(form: {
  firstname: string;
  lastname: string;
  phone: string;
  email: string;
  password: string;
}): FormErrors<'firstname' | 'lastname' | 'phone' | 'email' | 'password'> {
  const errors: FormErrors<'firstname' | 'lastname' | 'phone' | 'email' | 'password'> = {};
  if (blank(form.firstname)) errors.firstname = flagged;
  if (blank(form.lastname)) errors.lastname = flagged;
  if (blank(form.phone)) errors.phone = flagged;
  if (blank(form.email)) errors.email = flagged;
  else if (!isEmail(form.email)) errors.email = badEmail;
  if (form.password === '') errors.password = flagged;
  return errors;
}

/** Forgot password: the email must be non-empty and well-formed (form_error.bad_email). */
export function validateForgotPassword(form: { email: string }): FormErrors<'email'> {
  return isEmail(form.email) ? {} : { email: badEmail };
}

/** NoAuth: names and phone required, the phone valid for the widget; with the confirmation ticked, a well-formed email too. */
export function validateNoAuth(form: {
  firstname: string;
  lastname: string;
  phone: PhoneField;
  wantsEmail: boolean;
  email: string;
}): FormErrors<'firstname' | 'lastname' | 'phone' | 'email'> {
  const errors: FormErrors<'firstname' | 'lastname' | 'phone' | 'email'> = {};
  if (blank(form.firstname)) errors.firstname = required;
  if (blank(form.lastname)) errors.lastname = required;
  const phone = phoneProblem(form.phone, required);
  if (phone) errors.phone = phone;
  if (form.wantsEmail) {
    if (blank(form.email)) errors.email = required;
    else if (!isEmail(form.email)) errors.email = badEmail;
  }
  return errors;
}

/** Onboarding: names required, phone required (form_error.empty_phone) and valid; email optional but well-formed when given. */
export function validateOnboarding(form: {
  firstname: string;
  lastname: string;
  phone: PhoneField;
  email: string;
}): FormErrors<'firstname' | 'lastname' | 'phone' | 'email'> {
  const errors: FormErrors<'firstname' | 'lastname' | 'phone' | 'email'> = {};
  if (blank(form.firstname)) errors.firstname = required;
  if (blank(form.lastname)) errors.lastname = required;
  const phone = phoneProblem(form.phone, { key: 'form_error.empty_phone' });
  if (phone) errors.phone = phone;
  if (!blank(form.email) && !isEmail(form.email)) errors.email = badEmail;
  return errors;
}

/**
 * The server's per-field messages (section 5: an object of lists, the first message shown) for the fields that
 * show one; the other named fields are only flagged. Fields the form does not have are left out.
 */
export function serverFieldErrors<Field extends string>(
  errors: Record<string, unknown> | undefined,
  fields: readonly Field[],
  withMessage: readonly Field[] = fields,
): FormErrors<Field> {
  const result: FormErrors<Field> = {};
  for (const field of fields) {
    const messages = errors?.[field];
    if (!Array.isArray(messages) || messages.length === 0) continue;
    const first = messages[0];
    result[field] = withMessage.includes(field) && typeof first === 'string' && first ? { text: first } : {};
  }
  return result;
}

/** The first field with a problem, in the form's order (focus goes there). */
export function firstInvalidField<Field extends string>(errors: FormErrors<Field>, order: readonly Field[]): Field | undefined {
  return order.find((field) => errors[field] !== undefined);
}
