import { expect, islandsHydrated, test } from './fixture.ts';
import { frenchLongDate, merchantInfo, openDayAhead } from './booking-home-support.ts';
import { restaurantAction } from './tracking-support.ts';

const SLUG = 'le-petit-zinc';

test('a guest books from an empty browser to the tracking page, which turns green when the restaurant confirms', async ({ page, request, server }) => {
  const date = openDayAhead(await merchantInfo(request, SLUG), 12);

  // BookingHome: date, guests, zone, time, Continue.
  await page.goto(`/${SLUG}`);
  await islandsHydrated(page);
  await page.getByRole('button', { name: 'Autre date' }).click();
  const calendar = page.getByRole('dialog', { name: 'Choisissez une date' });
  const day = calendar.getByRole('button', { name: frenchLongDate(date), exact: true });
  for (let i = 0; i < 3 && !(await day.isVisible()); i += 1) await calendar.getByRole('button', { name: 'Mois suivant' }).click();
  await day.click();
  await page.getByRole('group', { name: 'Nombre de convives' }).getByRole('radio', { name: '2 personnes' }).click();
  await page.getByRole('group', { name: 'Espace', exact: true }).getByRole('radio', { name: 'Terrasse' }).click();
  await page.getByRole('group', { name: 'Horaire' }).getByRole('radio', { disabled: false }).first().click();
  await page.getByRole('button', { name: 'Continuer' }).click();

  // NoAuth: the guest's details.
  await expect(page).toHaveURL(/\/auth\/no_account$/);
  // An empty submit answers only once the form is live (hydrated): what is typed after it stays.
  await page.getByRole('button', { name: 'Continuer' }).click();
  await expect(page.getByText('Ce champ est obligatoire.').first()).toBeVisible();
  await page.getByRole('textbox', { name: 'Prénom' }).fill('Camille');
  await page.getByRole('textbox', { name: 'Nom', exact: true }).fill('Durand');
  await page.getByRole('textbox', { name: 'Téléphone' }).fill('06 12 34 56 78');
  await page.getByRole('button', { name: 'Continuer' }).click();

  // Validate: the recap, the terms, the button.
  await expect(page).toHaveURL(new RegExp(`/${SLUG}/validate/[A-Za-z0-9_-]+$`));
  const token = new URL(page.url()).pathname.split('/').pop()!;
  await expect(page.getByRole('heading', { level: 1, name: 'À valider' })).toBeVisible();
  await expect(page.getByText('Camille Durand')).toBeVisible();
  await expect(page.getByText("Pas d'email")).toBeVisible();
  await page.getByRole('switch', { name: /J'accepte les conditions générales/ }).check();
  await page.getByRole('button', { name: 'Valider ma réservation' }).first().click();

  // BookingComplete: pending, then confirmed live.
  await expect(page).toHaveURL(new RegExp(`/${SLUG}/booking_complete/${token}$`));
  await expect(page.getByText('En attente')).toBeVisible();
  await expect(page.locator('[data-live="subscribed"]')).toHaveCount(1);
  await restaurantAction(request, server.adminToken, token, 'confirm');
  await expect(page.getByText('Confirmée')).toBeVisible({ timeout: 10_000 });
  await expect(page.locator('.trk-dot')).toHaveClass(/trk-dot-green/);
});
