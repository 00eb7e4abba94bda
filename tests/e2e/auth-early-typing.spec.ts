import type { Page } from '@playwright/test';
import { registerThroughApi, uniqueEmail } from './auth-support.ts';
import { expect, test } from './fixture.ts';
import { createDraft, signInBrowser } from './tracking-support.ts';

/** A phone number of its own for each diner (one phone holds one booking per restaurant and time). */
// 06 64 …: a French mobile range (06 9x belongs to the overseas departments, which a French number may not use).
const somePhone = () =>
  `06 64 ${String(Math.floor(Math.random() * 1_000_000))
    .padStart(6, '0')
    .replace(/(\d\d)(?=\d)/g, '$1 ')}`;

interface Row {
  screen: string;
  path: string;
  /** The fields, by their label, and what the diner types into each. */
  fields: (account: { email: string; password: string }) => Array<{ label: string | RegExp; text: string }>;
  submit: string;
  /** What shows once the form was sent with what was typed. */
  sent: (page: Page) => Promise<void>;
}

const toValidate = async (page: Page) => expect(page).toHaveURL(/\/validate\/[\w-]+$/, { timeout: 10_000 });

const rows: Row[] = [
  {
    screen: 'guest details (NoAuth)',
    path: '/auth/no_account',
    fields: () => [
      { label: 'Prénom', text: 'Camille' },
      { label: 'Nom', text: 'Durand-Lefèvre' },
      { label: 'Téléphone', text: somePhone() },
    ],
    submit: 'Continuer',
    sent: toValidate,
  },
  {
    screen: 'sign-in',
    path: '/auth/login',
    fields: (account) => [
      { label: 'Email', text: account.email },
      { label: 'Mot de passe', text: account.password },
    ],
    submit: 'Se connecter',
    sent: toValidate,
  },
  {
    screen: 'registration',
    path: '/auth/register',
    fields: () => [
      { label: 'Prénom', text: 'Léa' },
      { label: 'Nom', text: 'Bernard' },
      { label: 'Téléphone', text: somePhone() },
      { label: 'Email', text: uniqueEmail('early') },
      { label: /^Mot de passe/, text: 'un-mot-de-passe-bien-long' },
    ],
    submit: 'Créer mon compte',
    sent: toValidate,
  },
  {
    screen: 'forgotten password',
    path: '/auth/forgot_password',
    fields: (account) => [{ label: 'Email', text: account.email }],
    submit: 'Envoyer le lien',
    sent: (page) => expect(page.getByText("Si un compte utilise cet email, un lien pour réinitialiser le mot de passe vient d'y être envoyé.")).toBeVisible(),
  },
];

test.describe("what a diner types before the form's island has hydrated", () => {
  for (const row of rows) {
    test(`${row.screen}: every character typed at once after the form appears is kept and sent`, async ({ page, context, request }) => {
      const account = await registerThroughApi(request, 'early');
      await signInBrowser(context, await createDraft(request), null);
      // A slow phone: the island's code arrives only once the diner has typed everything (held, not timed).
      let typed!: () => void;
      const allTyped = new Promise<void>((resolve) => (typed = resolve));
      await page.route('**/_astro/*.js', async (route) => {
        await allTyped;
        await route.continue();
      });
      // Only until the answer starts: the page's load (and DOMContentLoaded) waits for the module scripts held above.
      await page.goto(row.path, { waitUntil: 'commit' });
      const submit = page.getByRole('button', { name: row.submit });
      const fields = row.fields(account).map((field) => ({
        ...field,
        box: page
          .getByRole('textbox', { name: field.label, exact: true })
          .or(page.getByLabel(field.label, { exact: true }))
          .first(),
      }));
      await fields[0]!.box.waitFor();
      // Typed before the island runs (its submit button is disabled until then).
      await expect(submit).toBeDisabled();
      for (const field of fields) await field.box.pressSequentially(field.text);
      await expect(submit).toBeDisabled();
      typed();

      await expect(submit).toBeEnabled({ timeout: 10_000 });
      for (const field of fields) await expect(field.box).toHaveValue(field.text);
      await submit.click();
      await row.sent(page);
    });
  }
});
