/**
 * As diners would meet them: the manage link of the confirmation SMS manages the booking
 * from any browser; the plain link Share sends only follows it; whoever holds only the token cannot take it over on NoAuth.
 */
import { seriousAxeViolations } from './axe.ts';
import { expect, islandsHydrated, test } from './fixture.ts';
import { merchantInfo } from './booking-home-support.ts';
import { bookingSeen, chooseOnHome, continueAsGuestToTracking, newGuest, openDays, phoneGuestBooking } from './guest-booking-support.ts';
import { frenchE164, manageLinkSentTo } from './sms-outbox-support.ts';
import { createDraft, postJson, signInBrowser, trackingPath } from './tracking-support.ts';

const SLUG = 'le-petit-zinc';

/** The booked time of a booking as the API shows it to anyone. */
async function timeOf(request: Parameters<typeof createDraft>[0], token: string): Promise<{ bookingForTimestamp: number }> {
  return (await postJson<{ booking: { bookingForTimestamp: number } }>(request, '/api/booking/get', { token, merchant_slug: SLUG })).body.booking;
}

/** The path and fragment of a link the SMS carries (its host is the server's public address). */
const pathOf = (link: string) => {
  const url = new URL(link);
  return `${url.pathname}${url.hash}`;
};

test('the SMS link opened in a fresh browser manages the booking: the key leaves the address, Cancel works', async ({ page, request, browser, baseURL }) => {
  test.setTimeout(90_000);
  const [day] = openDays(await merchantInfo(request, SLUG), 20, 1);
  const guest = newGuest('Inès', 'Moreau');
  await page.goto(`/${SLUG}`);
  await chooseOnHome(page, day!, 'Terrasse');
  const token = await continueAsGuestToTracking(page, SLUG, guest);
  const link = await manageLinkSentTo(frenchE164(guest.phone), token);

  const other = await browser.newContext({ baseURL });
  const phone = await other.newPage();
  await phone.goto(pathOf(link));
  await islandsHydrated(phone);
  await expect(phone.getByRole('link', { name: 'Modifier', exact: true })).toBeVisible();
  // The key is out of the address as soon as the page's island runs, before anyone can share or bookmark it.
  await expect.poll(() => new URL(phone.url()).hash).toBe('');
  await expect(phone.getByText('Partagée avec vous')).toHaveCount(0);

  await phone.getByRole('button', { name: 'Annuler la réservation' }).click();
  await phone.getByRole('dialog', { name: 'Annuler cette réservation ?' }).getByRole('button', { name: "Confirmer l'annulation" }).click();
  await expect(phone.getByText('Annulée', { exact: true })).toBeVisible();
  await expect(phone.getByText('Votre session a expiré')).toHaveCount(0);
  expect((await bookingSeen(request, SLUG, token)).status).toBe(40);
  await other.close();
});

test('the SMS link opened in a fresh browser changes the time: Edit, another time, Update, and the change is saved', async ({ request, browser, baseURL }) => {
  test.setTimeout(60_000);
  const { draft, phone } = await phoneGuestBooking(request, SLUG);
  const before = await timeOf(request, draft.token);
  const link = await manageLinkSentTo(phone, draft.token);

  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await page.goto(pathOf(link));
  await islandsHydrated(page);
  // The key becomes this booking's session one call after hydration (an Edit tapped before that: cancel-link.spec.ts).
  await page.waitForFunction((token) => localStorage.getItem(`guest_bearer_${token}`) !== null, draft.token);
  await page.getByRole('link', { name: 'Modifier', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/${SLUG}\\?token=${draft.token}$`));
  await islandsHydrated(page);
  const update = page.getByRole('button', { name: 'Modifier', exact: true });
  await expect(update).toBeVisible();
  // Another free time of the same day.
  const times = page.getByRole('group', { name: 'Horaire' }).getByRole('radio', { disabled: false, checked: false });
  const chosen = Number(await times.first().getAttribute('value'));
  expect(chosen).not.toBe(before.bookingForTimestamp);
  await times.first().click();
  await update.click();
  await expect(page).toHaveURL(new RegExp(`/${SLUG}/(booking_complete|validate)/${draft.token}$`));
  expect((await timeOf(request, draft.token)).bookingForTimestamp).toBe(chosen);
  await context.close();
});

test('the plain shared link only follows the booking: no Edit or Cancel, and the API refuses a cancel with it', async ({ request, browser, baseURL }) => {
  const { draft } = await phoneGuestBooking(request, SLUG);
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await page.goto(trackingPath(draft));
  await islandsHydrated(page);
  await expect(page.getByText('Partagée avec vous : seule la personne qui a réservé peut la modifier.')).toBeVisible();
  await expect(page.getByText('En attente')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Ajouter à mon agenda' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Modifier', exact: true })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Annuler la réservation' })).toHaveCount(0);
  expect(await seriousAxeViolations(page)).toEqual([]);

  const cancel = await postJson(request, '/api/booking/cancel', { token: draft.token, merchant_slug: SLUG }, { allowFailure: true });
  expect(cancel.status).toBeGreaterThanOrEqual(400);
  expect((await bookingSeen(request, SLUG, draft.token)).status).toBe(10);

  // A wrong key in the link says so, and the page stays view-only.
  const wrong = await context.newPage();
  await wrong.goto(`${trackingPath(draft)}#manage=not-the-right-key-0123456789abcd`);
  await islandsHydrated(wrong);
  await expect(wrong.getByRole('alert')).toContainText('Ce lien ne permet pas de gérer la réservation');
  await expect(wrong.getByText('Partagée avec vous')).toBeVisible();
  await expect(wrong.getByRole('link', { name: 'Modifier', exact: true })).toHaveCount(0);
  expect(new URL(wrong.url()).hash).toBe('');
  await context.close();
});

test("a stranger on NoAuth with the booking's token is asked for a code, and the diner's details stay", async ({ request, browser, baseURL }) => {
  const { draft, phone, bearer } = await phoneGuestBooking(request, SLUG);
  const context = await browser.newContext({ baseURL });
  await signInBrowser(context, draft, null);
  const page = await context.newPage();
  await page.goto('/auth/no_account');
  await islandsHydrated(page);
  await page.getByRole('textbox', { name: 'Prénom' }).fill('Eve');
  await page.getByRole('textbox', { name: 'Nom', exact: true }).fill('Intruse');
  await page.getByRole('textbox', { name: 'Téléphone' }).fill(newGuest().phone);
  await page.getByRole('button', { name: 'Continuer' }).click();

  await expect(page.getByRole('heading', { name: "Confirmez que c'est bien vous" })).toBeVisible();
  await expect(page.getByText(`Nous avons envoyé un code au`)).toContainText(phone.slice(-2));
  const code = page.getByRole('textbox', { name: /Code reçu/ });
  await expect(code).toBeFocused();
  await expect(code).toHaveAttribute('autocomplete', 'one-time-code');
  await expect(code).toHaveAttribute('inputmode', 'numeric');
  expect(await seriousAxeViolations(page)).toEqual([]);
  // Keyboard only: type, Enter.
  await page.keyboard.type('000000');
  await page.keyboard.press('Enter');
  await expect(page.getByText('Ce code est erroné ou a expiré.')).toBeVisible();
  await expect(page).toHaveURL(/\/auth\/no_account$/);

  const owner = await postJson<{ booking: { bookingClient: { firstname: string; lastname: string } | null } }>(
    request,
    '/api/booking/get',
    { token: draft.token, merchant_slug: SLUG },
    { bearer },
  );
  expect(owner.body.booking.bookingClient).toMatchObject({ firstname: 'Camille', lastname: 'Durand' });
  await context.close();
});

test("the first view, drawn before the island loads, shows the manage link's holder Edit and the plain link's reader none", async ({
  request,
  browser,
  baseURL,
}) => {
  const { draft, phone } = await phoneGuestBooking(request, SLUG);
  const link = await manageLinkSentTo(phone, draft.token);
  for (const [address, edit] of [
    [pathOf(link), 1],
    [trackingPath(draft), 0],
  ] as const) {
    const context = await browser.newContext({ baseURL });
    const page = await context.newPage();
    // The island never loads: what shows is the static page filled by its boot script.
    // Its retry too (?astro-retry=…, a second later), which a glob would let through.
    await page.route(/\/_astro\/BookingComplete\.[\w-]+\.js(\?.*)?$/, (route) => route.abort());
    await page.goto(address);
    await expect(page.getByText('En attente', { exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Modifier', exact: true })).toHaveCount(edit);
    await context.close();
  }
});
