/** The contact details of register, user/update and no_account, checked field by field (spec section 5). */
import { normalEmail } from './email-address.ts';
import { passwordProblem } from './passwords.ts';
import type { PhoneProblem } from '../../shared/phone-number.ts';
import { internationalPhone, phoneProblem } from '../domain/phone.ts';

/** Why a field is refused; the routes turn these into messages in the diner's language. */
export type FieldProblem =
  | 'required'
  | 'too_long'
  | 'bad_email'
  | 'bad_phone'
  | `phone_${PhoneProblem}`
  | 'email_taken'
  | 'email_locked'
  | 'password_too_short'
  | 'password_too_long'
  | 'password_common'
  | 'password_mismatch'
  | 'bad_return_url';

/** Problems keyed by field name. */
export type FieldProblems = Record<string, FieldProblem[]>;

/** Contact details once they pass. */
export interface ContactDetails {
  firstname: string;
  lastname: string;
  /** Normalised; undefined when optional and not given. */
  email?: string;
  /** E.164. */
  phone: string;
  password?: string;
}

/** What a call requires besides names and phone. */
export interface ContactRules {
  email: 'required' | 'optional';
  password: boolean;
}

/** Longest accepted first or last name. */
export const MAX_NAME_LENGTH = 100;

const text = (value: unknown): string => (typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '');

/** Checks contact details; every failing field is reported, not just the first. */
export function checkContactDetails(
  body: Record<string, unknown>,
  rules: ContactRules,
): { ok: true; value: ContactDetails } | { ok: false; problems: FieldProblems } {
  const problems: FieldProblems = {};
  const flag = (field: string, problem: FieldProblem) => (problems[field] ??= []).push(problem);

  const name = (field: 'firstname' | 'lastname'): string => {
    const value = text(body[field]).trim();
    if (!value) flag(field, 'required');
    else if (value.length > MAX_NAME_LENGTH) flag(field, 'too_long');
    return value;
  };
  const firstname = name('firstname');
  const lastname = name('lastname');

  const rawPhone = text(body.phone).trim();
  const phone = rawPhone ? internationalPhone(rawPhone) : undefined;
  if (!rawPhone) flag('phone', 'required');
  else if (!phone) flag('phone', `phone_${phoneProblem(rawPhone) ?? 'not_a_number'}`);

  const rawEmail = text(body.email).trim();
  const email = rawEmail ? normalEmail(rawEmail) : undefined;
  if (!rawEmail && rules.email === 'required') flag('email', 'required');
  else if (rawEmail && !email) flag('email', 'bad_email');

  let password: string | undefined;
  if (rules.password) {
    password = text(body.password);
    const problem = password ? passwordProblem(password) : undefined;
    if (!password) flag('password', 'required');
    else if (problem) flag('password', `password_${problem}`);
  }

  if (Object.keys(problems).length > 0) return { ok: false, problems };
  return { ok: true, value: { firstname, lastname, email, phone: phone!, ...(rules.password ? { password } : {}) } };
}
