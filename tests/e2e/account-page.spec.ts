import { expect, islandsHydrated, test } from './fixture.ts';
import { expectNoSeriousAxeViolation, uniqueEmail } from './auth-support.ts';
import { merchantInfo, registerAccount, tabTo } from './booking-home-support.ts';
import { chooseOnHome, openDays } from './guest-booking-support.ts';
import { postJson } from './tracking-support.ts';

const SLUG = 'sakura-ramen';
const PASSWORD = 'un-mot-de-passe-bien-long';

test.describe('the account: sign in, my bookings, sign out', () => {
  test('a diner registers from the booking home, books, finds the booking on the account page, signs out, and signs in again from an empty browser', async ({
    page,
    request,
    browser,
    server,
  }) => {
    // Four pages, a registration, a booking and two sign-ins: on a busy machine (CI runs the unit suites beside it) more than 30 s.
    test.slow();
    const info = await merchantInfo(request, SLUG);
    // A day of its own, weeks ahead: other runs' bookings fill the first days.
    const [date] = openDays(info, 20 + Math.floor(Math.random() * 40), 1);
    const email = uniqueEmail('compte');

    // Signed out, the booking home offers "Se connecter", which comes back here after registering.
    await page.goto(`/${SLUG}`);
    await islandsHydrated(page);
    const signIn = page.getByRole('link', { name: 'Se connecter' });
    await expect(signIn).toBeVisible();
    await signIn.click();
    await expect(page).toHaveURL(/\/auth$/);
    await page.getByRole('link', { name: 'Me connecter avec mon compte' }).click();
    await page.getByRole('link', { name: 'Créer un compte' }).click();
    await islandsHydrated(page);
    await page.getByRole('textbox', { name: 'Prénom' }).fill('Noé');
    await page.getByRole('textbox', { name: 'Nom', exact: true }).fill('Lambert');
    await page.getByRole('textbox', { name: 'Téléphone' }).fill(`06 2${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`);
    await page.getByRole('textbox', { name: 'Email' }).fill(email);
    await page.getByLabel(/^Mot de passe/).fill(PASSWORD);
    await page.getByRole('button', { name: 'Créer mon compte' }).click();
    await expect(page).toHaveURL(new RegExp(`/${SLUG}$`));
    await islandsHydrated(page);
    const myBookings = page.getByRole('link', { name: 'Mes réservations' });
    await expect(myBookings).toBeVisible();
    await expect(page.getByRole('link', { name: 'Se connecter' })).toHaveCount(0);

    // Books as the account: straight to Validate, then the tracking page.
    await chooseOnHome(page, date!, null);
    await page.getByRole('button', { name: 'Continuer' }).click();
    await expect(page).toHaveURL(new RegExp(`/${SLUG}/validate/[A-Za-z0-9_-]+$`));
    const token = new URL(page.url()).pathname.split('/').pop()!;
    await page.getByRole('switch', { name: /J'accepte les conditions générales/ }).check();
    await page.getByRole('button', { name: 'Valider ma réservation' }).first().click();
    await expect(page).toHaveURL(new RegExp(`/${SLUG}/booking_complete/${token}$`));
    // The tracking page's bar leads to the account too.
    await expect(page.getByRole('banner').getByRole('link', { name: 'Mes réservations' })).toHaveAttribute('href', '/account');

    // The account page lists it among the coming bookings; the keyboard opens it.
    await page.goto(`/${SLUG}`);
    await islandsHydrated(page);
    await page.getByRole('link', { name: 'Mes réservations' }).click();
    await expect(page).toHaveURL(/\/account$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Mes réservations' })).toBeVisible();
    const coming = page.getByRole('region', { name: 'À venir' });
    const card = coming.getByRole('link', { name: /Sakura Ramen/ });
    await expect(card).toHaveCount(1);
    await expect(card).toContainText('2 personnes');
    await expect(card).toContainText('Confirmée');
    await expect(card).toHaveAttribute('href', `/${SLUG}/booking_complete/${token}`);
    await expectNoSeriousAxeViolation(page);
    await tabTo(page, (element) => element.role === 'a' && element.text.includes('Sakura Ramen') && element.text.includes('personnes'));
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/${SLUG}/booking_complete/${token}$`));

    // Signing out revokes the session: the link says "Se connecter" again and the old bearer is refused.
    await page.goto('/account');
    const bearer = await page.evaluate(() => localStorage.getItem('bearer'));
    expect(bearer).toBeTruthy();
    await page.getByRole('button', { name: 'Se déconnecter' }).click();
    await expect(page).toHaveURL(new RegExp(`/${SLUG}$`));
    await islandsHydrated(page);
    await expect(page.getByRole('link', { name: 'Se connecter' })).toBeVisible();
    expect(await page.evaluate(() => [localStorage.getItem('bearer'), localStorage.getItem('refresh_token')])).toEqual([null, null]);
    expect((await postJson(request, '/api/booking/user/get', {}, { bearer: bearer!, allowFailure: true })).status).toBe(401);

    // Signed out, the account page sends to sign in.
    await page.goto('/account');
    await expect(page).toHaveURL(/\/auth$/);

    // From an empty browser straight at /auth/login: the account page, not "this restaurant does not exist".
    const fresh = await browser.newContext({ baseURL: server.url });
    try {
      const other = await fresh.newPage();
      await other.goto('/auth/login');
      await islandsHydrated(other);
      await other.getByRole('textbox', { name: 'Email' }).fill(email);
      await other.getByRole('textbox', { name: 'Mot de passe' }).fill(PASSWORD);
      await other.getByRole('button', { name: 'Se connecter' }).click();
      await expect(other).toHaveURL(/\/account$/);
      await expect(other.getByRole('region', { name: 'À venir' }).getByRole('link', { name: /Sakura Ramen/ })).toHaveCount(1);
    } finally {
      await fresh.close();
    }
  });
});

test('the account page hydrates without error in the diner’s language, in the provider’s colours rather than the last restaurant’s', async ({
  page,
  context,
  request,
}) => {
  const bearer = await registerAccount(request);
  await context.addInitScript((stored) => {
    localStorage.setItem('bearer', stored);
    localStorage.setItem('currentLang', 'en');
    localStorage.setItem('current_merchant', 'sakura-ramen');
  }, bearer);
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));

  await page.goto('/account');
  const built = await page.evaluate(() => [document.body.getAttribute('style'), document.querySelector('meta[name="theme-color"]')?.getAttribute('content')]);
  await islandsHydrated(page);
  await expect(page.getByRole('heading', { level: 1, name: 'My bookings' })).toBeVisible();
  // The way back to the last restaurant is there (its data loaded), its colours are not.
  await expect(page.getByRole('link', { name: 'Back to Sakura Ramen' })).toBeVisible();
  expect(await page.evaluate(() => [document.body.getAttribute('style'), document.querySelector('meta[name="theme-color"]')?.getAttribute('content')])).toEqual(
    built,
  );
  expect(errors).toEqual([]);
});
