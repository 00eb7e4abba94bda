import { describe, expect, test } from 'vitest';
import { checkContactDetails } from '../../src/server/auth/contact-details.ts';
import { normalEmail } from '../../src/server/auth/email-address.ts';
import { fieldErrors } from '../../src/server/auth/field-messages.ts';
import { commonPasswordCount, hashPassword, isCommonPassword, passwordProblem, verifyPassword } from '../../src/server/auth/passwords.ts';
import { internationalPhone } from '../../src/server/domain/phone.ts';
import { sameSiteUrl } from '../../src/server/auth/return-url.ts';
import { clientMatches } from '../../src/server/auth/oauth-token.ts';

describe('passwords are hashed with argon2id and checked against common ones', () => {
  test('a hash is an argon2id PHC string with its own salt, and only the right password verifies', async () => {
    const first = await hashPassword('a long and rare passphrase');
    const second = await hashPassword('a long and rare passphrase');
    expect(first).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(first).not.toBe(second);
    expect(await verifyPassword(first, 'a long and rare passphrase')).toBe(true);
    expect(await verifyPassword(first, 'a long and rare passphrasE')).toBe(false);
  });

  test('verifying against no account answers false', async () => {
    expect(await verifyPassword(undefined, 'anything at all')).toBe(false);
    expect(await verifyPassword('not a hash', 'anything at all')).toBe(false);
  });

  test('the common-password list holds thousands of entries', () => {
    expect(commonPasswordCount()).toBeGreaterThan(5000);
  });

  test.each([
    ['', 'too_short'],
    ['short', 'too_short'],
    ['1234567', 'too_short'],
    ['password', 'common'],
    ['PASSWORD1', 'common'],
    ['azertyuiop', 'common'],
    ['12345678', 'common'],
    ['iloveyou', 'common'],
    ['motdepasse', 'common'],
    ['qwerty123', 'common'],
    ['x'.repeat(257), 'too_long'],
    ['correct horse battery', undefined],
    ['Tr0ub4dor&3-zinc', undefined],
  ])('passwordProblem(%j) is %s', (password, expected) => {
    expect(passwordProblem(password)).toBe(expected);
  });

  test('common passwords are recognised whatever their case', () => {
    expect(isCommonPassword('Sunshine')).toBe(true);
    expect(isCommonPassword('a long and rare passphrase')).toBe(false);
  });
});

describe('phones must be valid international numbers', () => {
  test.each([
    ['+33 6 12 34 56 78', '+33612345678'],
    ['+33612345678', '+33612345678'],
    ['0033612345678', '+33612345678'],
    ['+39 312 345 6789', '+393123456789'],
    ['+34 612 34 56 78', '+34612345678'],
    ['+44 7911 123456', '+447911123456'],
    ['0612345678', undefined],
    ['+33 1', undefined],
    ['+33 6 12 34 56 78 99', undefined],
    ['not a phone', undefined],
    ['+3361234567812345678901234', undefined],
  ])('internationalPhone(%j) is %s', (input, expected) => {
    expect(internationalPhone(input)).toBe(expected);
  });
});

describe('emails must look like emails and are kept lower-cased', () => {
  test.each([
    ['Camille@Example.COM', 'camille@example.com'],
    ['  a.b+c@d.fr ', 'a.b+c@d.fr'],
    ['no-at-sign.example', undefined],
    ['two@@example.com', undefined],
    ['space in@example.com', undefined],
    ['nodot@example', undefined],
    [`${'a'.repeat(250)}@example.com`, undefined],
  ])('normalEmail(%j) is %s', (input, expected) => {
    expect(normalEmail(input)).toBe(expected);
  });
});

describe('browsers are sent back only to this site', () => {
  const origins = ['https://book.example', 'https://api.example'];
  test.each([
    ['/le-zinc?authed=true', 'https://book.example/le-zinc?authed=true'],
    ['https://book.example/auth/login', 'https://book.example/auth/login'],
    ['https://api.example/x', 'https://api.example/x'],
    ['https://evil.example/auth/login', undefined],
    ['//evil.example/x', undefined],
    ['/\\evil.example', undefined],
    ['javascript:alert(1)', undefined],
    ['https://book.example@evil.example/', undefined],
    ['https://user:pw@book.example/', undefined],
    ['http://book.example/', undefined],
    ['', undefined],
    [42, undefined],
  ])('sameSiteUrl(%j) is %s', (value, expected) => {
    expect(sameSiteUrl(value, origins)).toBe(expected);
  });
});

describe('contact details are checked field by field', () => {
  const good = { firstname: 'Camille', lastname: 'Martin', email: 'Camille@Example.com', phone: '+33 6 12 34 56 78', password: 'a long and rare passphrase' };

  test('good details come back normalised', () => {
    expect(checkContactDetails(good, { email: 'required', password: true })).toEqual({
      ok: true,
      value: { firstname: 'Camille', lastname: 'Martin', email: 'camille@example.com', phone: '+33612345678', password: 'a long and rare passphrase' },
    });
  });

  test.each([
    ['firstname', '', 'required'],
    ['lastname', '   ', 'required'],
    ['firstname', 'x'.repeat(101), 'too_long'],
    ['email', '', 'required'],
    ['email', 'not-an-email', 'bad_email'],
    ['phone', '', 'required'],
    ['phone', '0612345678', 'phone_needs_country'],
    ['phone', '+33 7 00 00 00 00', 'phone_invalid_for_country'],
    ['phone', '+33 6 12', 'phone_too_short'],
    ['password', '', 'required'],
    ['password', 'short', 'password_too_short'],
    ['password', 'password123', 'password_common'],
  ])('%s = %j is %s', (field, value, problem) => {
    const outcome = checkContactDetails({ ...good, [field]: value }, { email: 'required', password: true });
    expect(outcome).toEqual({ ok: false, problems: { [field]: [problem] } });
  });

  test('an optional email may be left out, but not be malformed', () => {
    expect(checkContactDetails({ ...good, email: '' }, { email: 'optional', password: false }).ok).toBe(true);
    expect(checkContactDetails({ ...good, email: 'nope' }, { email: 'optional', password: false })).toEqual({ ok: false, problems: { email: ['bad_email'] } });
  });

  test('every failing field is reported at once', () => {
    const outcome = checkContactDetails({}, { email: 'required', password: true });
    expect(outcome.ok).toBe(false);
    expect(Object.keys((outcome as { problems: object }).problems).sort()).toEqual(['email', 'firstname', 'lastname', 'password', 'phone']);
  });
});

describe('field messages speak the diner\u2019s language', () => {
  test.each([
    ['en', 'This field is required.', 'Invalid email'],
    ['fr', 'Ce champ est obligatoire.', 'Email invalide'],
    ['es', 'Este campo es obligatorio.', 'Email no válido'],
    ['it', 'Questo campo è obbligatorio.', 'Email non valida'],
  ] as const)('%s', (lang, required, badEmail) => {
    expect(fieldErrors({ firstname: ['required'], email: ['bad_email'] }, lang)).toEqual({ firstname: [required], email: [badEmail] });
  });
});

describe('the OAuth client is recognised by id and secret', () => {
  const client = { id: 'couvert-web', secret: 's3cret' };
  test.each([
    [{ id: 'couvert-web', secret: 's3cret' }, true],
    [{ id: 'couvert-web', secret: 's3cret ' }, false],
    [{ id: 'other', secret: 's3cret' }, false],
    [{ id: 'couvert-web' }, false],
    [{}, false],
  ])('%j -> %s', (presented, expected) => {
    expect(clientMatches(presented, client)).toBe(expected);
  });
});
