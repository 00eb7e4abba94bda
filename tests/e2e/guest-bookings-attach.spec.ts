import { expect, islandsHydrated, test } from './fixture.ts';
import { expectNoSeriousAxeViolation, uniqueEmail } from './auth-support.ts';
import { merchantInfo } from './booking-home-support.ts';
import { chooseOnHome, newGuest, openDays } from './guest-booking-support.ts';
import { waitForMail } from './mail-outbox-support.ts';

const SLUG = 'sakura-ramen';

test.describe('an account finds the bookings it made as a guest', () => {
  test('a guest books with an email, registers with it (a phone the widget accepts, the server too), proves the email with the mailed code and sees the booking on the account page', async ({
    page: guestPage,
    request,
    browser,
    server,
  }) => {
    const info = await merchantInfo(request, SLUG);
    const [date] = openDays(info, 20 + Math.floor(Math.random() * 40), 1);
    const email = uniqueEmail('ancien-invite');
    const guest = newGuest('Inès', 'Moreau');

    // As a guest, with a confirmation by email.
    let page = guestPage;
    await page.goto(`/${SLUG}`);
    await chooseOnHome(page, date!, null);
    await page.getByRole('button', { name: 'Continuer' }).click();
    await expect(page).toHaveURL(/\/auth\/no_account$/);
    await islandsHydrated(page);
    await page.getByRole('textbox', { name: 'Prénom' }).fill(guest.firstname);
    await page.getByRole('textbox', { name: 'Nom', exact: true }).fill(guest.lastname);
    await page.getByRole('textbox', { name: 'Téléphone' }).fill(guest.phone);
    await page.getByRole('checkbox', { name: 'Recevoir une confirmation par email' }).check();
    await page.getByRole('textbox', { name: 'Email' }).fill(email);
    await page.getByRole('button', { name: 'Continuer' }).click();
    await expect(page).toHaveURL(new RegExp(`/${SLUG}/validate/[A-Za-z0-9_-]+$`));
    const token = new URL(page.url()).pathname.split('/').pop()!;
    await page.getByRole('switch', { name: /J'accepte les conditions générales/ }).check();
    await page.getByRole('button', { name: 'Valider ma réservation' }).first().click();
    await expect(page).toHaveURL(new RegExp(`/${SLUG}/booking_complete/${token}$`));

    // Later, on another device, an account with the same email. A French number no French line has is refused with
    // the real reason...
    const device = await browser.newContext({ baseURL: server.url });
    page = await device.newPage();
    await page.goto('/auth/register');
    await islandsHydrated(page);
    await page.getByRole('textbox', { name: 'Prénom' }).fill('Inès');
    await page.getByRole('textbox', { name: 'Nom', exact: true }).fill('Moreau');
    const phone = page.getByRole('textbox', { name: 'Téléphone' });
    await phone.fill('07 00 00 00 00');
    await page.getByRole('textbox', { name: 'Email' }).fill(email);
    await page.getByLabel(/^Mot de passe/).fill('un-mot-de-passe-bien-long');
    await page.getByRole('button', { name: 'Créer mon compte' }).click();
    await expect(page.getByText('Aucun numéro de ce pays ne s’écrit ainsi')).toBeVisible();
    // ...and one written nationally with dashes, which the widget accepts, the server accepts too.
    await phone.fill(guest.phone.replace(/ /g, '-'));
    await page.getByRole('button', { name: 'Créer mon compte' }).click();
    await expect(page).not.toHaveURL(/\/auth\/register$/);

    // The account page offers the earlier booking; the code mailed to the email attaches it.
    await page.goto('/account');
    await islandsHydrated(page);
    const offer = page.getByRole('region', { name: 'Réservations faites sans compte' });
    await expect(offer).toBeVisible();
    await expect(page.getByRole('region', { name: 'À venir' }).getByRole('link')).toHaveCount(0);
    await expectNoSeriousAxeViolation(page);
    await offer.getByRole('button', { name: /Recevoir un code par email/ }).click();
    const code = offer.getByRole('textbox', { name: 'Code reçu (6 chiffres)' });
    await expect(code).toBeFocused();
    await expectNoSeriousAxeViolation(page);
    const [, mailed] = await waitForMail(email, /valable 10 minutes :\s*(\d{6})/);
    await code.fill(mailed!);
    await offer.getByRole('button', { name: 'Ajouter à mon compte' }).click();
    await expect(page.getByRole('status').filter({ hasText: '1 réservation a été ajoutée à votre compte.' })).toBeVisible();
    const coming = page.getByRole('region', { name: 'À venir' });
    await expect(coming.locator(`a[href$="/${SLUG}/booking_complete/${token}"]`)).toBeVisible();
    await device.close();
  });
});
