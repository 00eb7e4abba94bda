import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { fieldMessage } from '../../src/server/auth/field-messages.ts';
import { accountExistsMessage } from '../../src/server/mail/messages/account-exists.ts';
import { passwordResetMessage } from '../../src/server/mail/messages/password-reset.ts';
import { renderResetPasswordPage } from '../../src/server/pages/reset-password-page.ts';

// The diner is addressed as usted everywhere in Spanish, as a restaurant booking product in Spain does.
// Words only the tú form uses (pronouns, possessives, verb forms), and tú imperatives that open a sentence.
const TU_WORDS = /\b(tú|tu|tus|te|ti|contigo|tienes|has|puedes|debes|quieres|estás|eres|serás|recibirás|inténtalo|contactarte|llámalo)\b/iu;
const TU_IMPERATIVES =
  /(?:^|[.:;!?¿¡]\s*)(elige|introduce|comprueba|inicia|continúa|espera|acepta|escribe|confirma|pide|ignora|intenta|abre|restablece|vuelve|llama|revisa|describe|cambia|añade|activa)\b/iu;

/** Every text of a catalogue, with its dotted key. */
function texts(catalogue: unknown, prefix = ''): Array<[string, string]> {
  if (typeof catalogue === 'string') return [[prefix, catalogue]];
  if (catalogue === null || typeof catalogue !== 'object') return [];
  return Object.entries(catalogue).flatMap(([key, value]) => texts(value, prefix ? `${prefix}.${key}` : key));
}

/** The texts that address the diner as tú. */
function tuForms(entries: Array<[string, string]>): string[] {
  return entries.filter(([, text]) => TU_WORDS.test(text) || TU_IMPERATIVES.test(text)).map(([key, text]) => `${key}: ${text}`);
}

const catalogueDir = join(import.meta.dirname, '../../src/i18n/messages/es');

describe('Spanish addresses the diner as usted, never tú', () => {
  test.each(['core', 'account', 'tracking', 'staff', 'static', 'server-fields', 'server-pages', 'server-mail', 'server-booking', 'server-messages'])(
    'the %s catalogue',
    async (part) => {
      const catalogue: unknown = JSON.parse(await readFile(join(catalogueDir, `${part}.json`), 'utf8'));
      expect(tuForms(texts(catalogue))).toEqual([]);
    },
  );

  test('the server\u2019s mails, reset page and field messages', () => {
    const brand = { name: 'Couvert' };
    const reset = passwordResetMessage({ lang: 'es', link: 'https://couvert.example/r', firstname: 'Ana', brand, validMinutes: 30 });
    const exists = accountExistsMessage({ lang: 'es', firstname: 'Ana', brand, loginUrl: 'https://couvert.example/l', forgotUrl: 'https://couvert.example/f' });
    const visibleText = (html: string) => html.replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/g, ' ').replace(/<[^>]+>/g, ' ');
    const form = renderResetPasswordPage({ lang: 'es', brand, view: { kind: 'form', token: 't' }, formOrigins: [] });
    const invalid = renderResetPasswordPage({ lang: 'es', brand, view: { kind: 'invalid', forgotUrl: 'https://couvert.example/f' }, formOrigins: [] });
    const fields = (['required', 'bad_email', 'bad_phone', 'email_taken', 'password_common', 'password_too_short', 'bad_login'] as const).map(
      (problem): [string, string] => [problem, fieldMessage(problem, 'es')],
    );
    const entries: Array<[string, string]> = [
      ['passwordReset.subject', reset.subject],
      ['passwordReset.text', reset.text],
      ['accountExists.subject', exists.subject],
      ['accountExists.text', exists.text],
      ['resetPage.form', visibleText(form.html)],
      ['resetPage.invalid', visibleText(invalid.html)],
      ...fields,
    ];
    expect(tuForms(entries)).toEqual([]);
  });

  test.each([
    ['Elige una fecha', true],
    ['Comprueba tu red', true],
    ['¿Has olvidado tu contraseña?', true],
    ['Elija una fecha', false],
    ['Compruebe su red e inténtelo de nuevo.', false],
    ['El restaurante confirma las reservas.', false],
  ])('the check itself: %j is tú: %s', (text, expected) => {
    expect(tuForms([['x', text]]).length > 0).toBe(expected);
  });
});
