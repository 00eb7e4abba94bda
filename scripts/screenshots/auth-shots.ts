/** The sign-in screens' pictures (login, register, forgotten password, no account, onboarding). */
import type { Page } from 'playwright-core';
import { currentBooking, makePictureBooking } from './picture-booking.ts';
import { type Shot } from './shot.ts';

/** Fakes the login methods answer so the pictures show the social buttons (the picture server configures no provider). */
async function withSocialButtons(page: Page): Promise<void> {
  await page.route('**/api/mobile/login_methods', (route) =>
    route.fulfill({ json: { success: true, methods: { facebook: true, google: true, apple: false } } }),
  );
  await page.reload({ waitUntil: 'networkidle' });
  await page.getByRole('button', { name: 'Continuer avec Google' }).waitFor();
}

/** Waits until the screen's island runs (its submit button is enabled then). */
async function formReady(page: Page, submit: string): Promise<void> {
  await page.waitForFunction(
    (name) =>
      [...document.querySelectorAll('button[type="submit"]')].some((button) => button.textContent?.includes(name) && !(button as HTMLButtonElement).disabled),
    submit,
  );
}

/** The sign-in screens (/auth...). */
export const AUTH_SHOTS: Shot[] = [
  { name: 'auth', path: '/auth', setup: withSocialButtons },
  {
    name: 'auth-login',
    path: '/auth/login',
    setup: async (page) => formReady(page, 'Se connecter'),
  },
  {
    name: 'auth-login-error',
    path: '/auth/login',
    setup: async (page) => {
      await formReady(page, 'Se connecter');
      await page.getByRole('textbox', { name: 'Email' }).fill('camille.durand@example.org');
      await page.getByLabel('Mot de passe').fill('pas-le-bon');
      await page.getByRole('button', { name: 'Se connecter' }).click();
      await page.getByText("Le mot de passe est erroné ou le compte n'existe pas.").waitFor();
    },
  },
  {
    name: 'auth-register',
    path: '/auth/register',
    setup: async (page) => {
      await formReady(page, 'Créer mon compte');
      await page.getByRole('textbox', { name: 'Prénom' }).fill('Camille');
      await page.getByRole('textbox', { name: 'Email' }).fill('camille@');
      await page.getByRole('button', { name: 'Créer mon compte' }).click();
      await page.getByText('Email invalide').waitFor();
    },
  },
  {
    name: 'auth-forgot-password',
    path: '/auth/forgot_password',
    setup: async (page) => {
      await formReady(page, 'Envoyer le lien');
      // A new address each run: resets are rate-limited per email.
      await page.getByRole('textbox', { name: 'Email' }).fill(`camille.${Date.now().toString(36)}@example.org`);
      await page.getByRole('button', { name: 'Envoyer le lien' }).click();
      await page.getByText('Si un compte utilise cet email').waitFor();
    },
  },
  {
    name: 'auth-no-account',
    path: '/auth/no_account',
    setup: async (page) => {
      await formReady(page, 'Continuer');
      await page.getByRole('textbox', { name: 'Prénom' }).fill('Camille');
      await page.getByRole('checkbox', { name: 'Recevoir une confirmation par email' }).check();
      await page.getByRole('button', { name: 'Continuer' }).click();
      await page.getByText('Ce champ est obligatoire.').first().waitFor();
    },
  },
  {
    // A draft just made on the booking home: NoAuth recaps it under its hold's countdown.
    name: 'auth-no-account-recap',
    path: async ({ baseUrl }) => (await makePictureBooking(baseUrl, false), '/robots.txt'),
    setup: async (page) => {
      const token = currentBooking().token;
      await page.evaluate((booking) => {
        localStorage.setItem('current_merchant', 'le-petit-zinc');
        localStorage.setItem('token_le-petit-zinc', booking);
      }, token);
      await page.goto('/auth/no_account', { waitUntil: 'networkidle' });
      await page.getByRole('region', { name: 'Votre réservation' }).waitFor();
    },
  },
  {
    // Someone with only a booking's token sends details for it: the code went to the booking's diner.
    name: 'auth-no-account-code',
    path: async ({ baseUrl }) => (await makePictureBooking(baseUrl, true), '/robots.txt'),
    setup: async (page) => {
      const current = currentBooking();
      await page.evaluate((token) => {
        localStorage.setItem('current_merchant', 'le-petit-zinc');
        localStorage.setItem('token_le-petit-zinc', token);
      }, current.token);
      await page.goto('/auth/no_account', { waitUntil: 'networkidle' });
      await formReady(page, 'Continuer');
      await page.getByRole('textbox', { name: 'Prénom' }).fill('Eve');
      await page.getByRole('textbox', { name: 'Nom', exact: true }).fill('Martin');
      await page.getByRole('textbox', { name: 'Téléphone' }).fill('06 98 76 54 32');
      await page.getByRole('button', { name: 'Continuer' }).click();
      await page.getByRole('heading', { name: "Confirmez que c'est bien vous" }).waitFor();
    },
  },
  {
    name: 'auth-no-account-countries',
    path: '/auth/no_account',
    fullPage: false,
    setup: async (page) => {
      await formReady(page, 'Continuer');
      await page.getByRole('combobox', { name: /^Pays/ }).click();
      await page.keyboard.type('bel');
      await page.getByRole('option', { name: /Belgique/, selected: true }).waitFor();
    },
  },
  {
    name: 'auth-onboarding',
    // A plain file of the site first: the session must be stored before Onboarding loads.
    path: async ({ baseUrl }) => (await makePictureBooking(baseUrl, false), '/robots.txt'),
    setup: async (page) => {
      const current = currentBooking();
      const { token, bearer } = current;
      await page.evaluate(
        ({ stored, booking }) => {
          localStorage.setItem('bearer', stored);
          localStorage.setItem('current_merchant', 'le-petit-zinc');
          localStorage.setItem('token_le-petit-zinc', booking);
        },
        { stored: bearer, booking: token },
      );
      await page.goto('/auth/onboarding', { waitUntil: 'networkidle' });
      await page.getByRole('textbox', { name: 'Prénom' }).waitFor();
    },
  },
];
