import { describe, expect, test } from 'vitest';
import {
  firstInvalidField,
  isClean,
  serverFieldErrors,
  validateForgotPassword,
  validateLogin,
  validateNoAuth,
  validateOnboarding,
  validateRegister,
  type PhoneField,
} from '../../../src/lib/forms/auth-form-rules.ts';
import { isEmail } from '../../../src/shared/email-address.ts';

const validPhone: PhoneField = { text: '06 12 34 56 78', valid: true, error: null };
const emptyPhone: PhoneField = { text: '', valid: false, error: null };

describe('the email pattern', () => {
  test.each([
    ['camille@example.com', true],
    ['  camille.durand+resa@mail.example.org ', true],
    ['camille@example', false],
    ['camille example@mail.com', false],
    ['camille@@example.com', false],
    ['@example.com', false],
    ['camille@.com', false],
    ['', false],
  ])('%j is an email: %s', (text, expected) => {
    expect(isEmail(text)).toBe(expected);
  });
});

describe('login: email non-empty and well-formed, password non-empty, both only flagged (spec section 5)', () => {
  test.each([
    ['a@b.fr', 'secret', {}],
    ['', 'secret', { email: {} }],
    ['not-an-email', 'secret', { email: {} }],
    ['a@b.fr', '', { password: {} }],
    ['', '', { email: {}, password: {} }],
  ])('email %j, password %j: %j', (email, password, errors) => {
    expect(validateLogin({ email, password })).toEqual(errors);
  });
});

describe('register: every field non-empty (flagged), email matching the pattern (form_error.bad_email)', () => {
  const filled = { firstname: 'Camille', lastname: 'Durand', phone: '06 12 34 56 78', email: 'c@d.fr', password: 'a long passphrase' };

  test('a filled form is clean', () => {
    expect(isClean(validateRegister(filled))).toBe(true);
  });

  test.each([
    ['firstname', '  ', {}],
    ['lastname', '', {}],
    ['phone', '', {}],
    ['email', '', {}],
    ['email', 'c@d', { key: 'form_error.bad_email' }],
    ['password', '', {}],
  ])('%s = %j gives %j', (field, value, error) => {
    expect(validateRegister({ ...filled, [field]: value })).toEqual({ [field]: error });
  });
});

describe('forgot password: well-formed email, else form_error.bad_email', () => {
  test.each([
    ['c@d.fr', {}],
    ['', { email: { key: 'form_error.bad_email' } }],
    ['c@d', { email: { key: 'form_error.bad_email' } }],
  ])('%j gives %j', (email, errors) => {
    expect(validateForgotPassword({ email })).toEqual(errors);
  });
});

describe('NoAuth: names and phone required, phone valid for the widget, email required and well-formed when the confirmation is ticked', () => {
  const filled = { firstname: 'Camille', lastname: 'Durand', phone: validPhone, wantsEmail: false, email: '' };
  const required = { key: 'form_error.required' };

  test.each([
    ['a filled form without confirmation', {}, {}],
    ['no first name', { firstname: '' }, { firstname: required }],
    ['no last name', { lastname: ' ' }, { lastname: required }],
    ['no phone', { phone: emptyPhone }, { phone: required }],
    ['a phone too short', { phone: { text: '06', valid: false, error: 'too_short' } }, { phone: { key: 'phone.too_short' } }],
    ['a phone that is not a number', { phone: { text: 'abc', valid: false, error: 'not_a_number' } }, { phone: { key: 'phone.not_a_number' } }],
    ['a possible but invalid phone', { phone: { text: '06 12 34 56 7', valid: false, error: null } }, { phone: { key: 'form_error.bad_phone' } }],
    ['confirmation ticked without email', { wantsEmail: true }, { email: required }],
    ['confirmation ticked with a bad email', { wantsEmail: true, email: 'c@' }, { email: { key: 'form_error.bad_email' } }],
    ['confirmation ticked with an email', { wantsEmail: true, email: 'c@d.fr' }, {}],
    ['a bad email without confirmation (not sent)', { email: 'c@' }, {}],
  ] as const)('%s', (_case, change, errors) => {
    expect(validateNoAuth({ ...filled, ...change })).toEqual(errors);
  });
});

describe('Onboarding: names required, phone required (form_error.empty_phone) and valid, email optional but well-formed', () => {
  const filled = { firstname: 'Camille', lastname: 'Durand', phone: validPhone, email: '' };

  test.each([
    ['a filled form without email', {}, {}],
    ['an email', { email: 'c@d.fr' }, {}],
    ['a bad email', { email: 'c@d' }, { email: { key: 'form_error.bad_email' } }],
    ['no phone', { phone: emptyPhone }, { phone: { key: 'form_error.empty_phone' } }],
    ['an invalid phone', { phone: { text: '+999 1', valid: false, error: 'invalid_country' } }, { phone: { key: 'phone.invalid_country' } }],
    ['no names', { firstname: '', lastname: '' }, { firstname: { key: 'form_error.required' }, lastname: { key: 'form_error.required' } }],
  ] as const)('%s', (_case, change, errors) => {
    expect(validateOnboarding({ ...filled, ...change })).toEqual(errors);
  });
});

describe("the server's field errors: the first message of each field", () => {
  const fields = ['firstname', 'lastname', 'phone', 'email', 'password'] as const;

  test('every field with messages gets its first one', () => {
    const errors = { email: ['Invalid email', 'second'], phone: ['Enter a valid phone number'] };
    expect(serverFieldErrors(errors, fields)).toEqual({ email: { text: 'Invalid email' }, phone: { text: 'Enter a valid phone number' } });
  });

  test('fields not allowed a message are only flagged; unknown fields and empty lists are left out', () => {
    const errors = { firstname: ['Required'], email: ['Taken'], other: ['x'], phone: [] };
    expect(serverFieldErrors(errors, fields, ['phone', 'email'])).toEqual({ firstname: {}, email: { text: 'Taken' } });
  });

  test('no errors object gives a clean form', () => {
    expect(isClean(serverFieldErrors(undefined, fields))).toBe(true);
  });

  test('focus goes to the first field with a problem in the form order', () => {
    expect(firstInvalidField({ email: {}, lastname: {} }, fields)).toBe('lastname');
    expect(firstInvalidField({}, fields)).toBeUndefined();
  });
});
