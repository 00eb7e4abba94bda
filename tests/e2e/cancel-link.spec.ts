/**
 * The reminder's one-tap cancel link (`#manage=KEY&action=cancel`) opens the cancel confirmation from any
 * browser, and cancels only once the diner confirms; and an Edit tapped on the manage link's page before its key became
 * a session opens the booking for Update instead of bouncing back.
 */
import type { APIRequestContext, Browser } from '@playwright/test';
import { seriousAxeViolations } from './axe.ts';
import { expect, islandsHydrated, mainThreadIdle, test } from './fixture.ts';
import { bookingSeen, phoneGuestBooking } from './guest-booking-support.ts';
import { manageLinkSentTo } from './sms-outbox-support.ts';
import { restaurantAction, type E2EDraft } from './tracking-support.ts';

const SLUG = 'le-petit-zinc';

/** A validated booking made through the API by a guest with a phone of their own, and the manage link its SMS carries (path and fragment). */
async function bookingWithLink(request: APIRequestContext): Promise<{ draft: E2EDraft; link: string }> {
  const { draft, phone } = await phoneGuestBooking(request, SLUG);
  const url = new URL(await manageLinkSentTo(phone, draft.token));
  return { draft, link: `${url.pathname}${url.hash}` };
}

/** A fresh browser (nothing stored) opened on an address. */
async function freshPage(browser: Browser, baseURL: string | undefined, address: string) {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await page.goto(address);
  await islandsHydrated(page);
  return { context, page };
}

test('the cancel link opens the confirmation in a fresh browser, the key leaves the address, and confirming cancels', async ({ request, browser, baseURL }) => {
  test.setTimeout(60_000);
  const { draft, link } = await bookingWithLink(request);
  const { context, page } = await freshPage(browser, baseURL, `${link}&action=cancel`);

  const dialog = page.getByRole('dialog', { name: 'Annuler cette réservation ?' });
  await expect(dialog).toBeVisible();
  expect(new URL(page.url()).hash).toBe('');
  expect(page.url()).not.toContain('manage');
  // Opening it cancelled nothing: the diner still confirms.
  expect((await bookingSeen(request, SLUG, draft.token)).status).toBe(10);
  expect(await seriousAxeViolations(page)).toEqual([]);

  await dialog.getByRole('button', { name: "Confirmer l'annulation" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Annulée', { exact: true })).toBeVisible();
  expect((await bookingSeen(request, SLUG, draft.token)).status).toBe(40);
  await context.close();
});

test('Escape closes the confirmation without cancelling; the booking stays manageable', async ({ request, browser, baseURL }) => {
  const { draft, link } = await bookingWithLink(request);
  const { context, page } = await freshPage(browser, baseURL, `${link}&action=cancel`);
  const dialog = page.getByRole('dialog', { name: 'Annuler cette réservation ?' });
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: 'Annuler la réservation' })).toBeVisible();
  await expect(page.getByText('En attente', { exact: true })).toBeVisible();
  expect((await bookingSeen(request, SLUG, draft.token)).status).toBe(10);
  expect(new URL(page.url()).hash).toBe('');
  // A reload (the plain address now) asks nothing again.
  await page.reload();
  await islandsHydrated(page);
  await expect(page.getByText('En attente', { exact: true })).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await context.close();
});

test('a booking that can no longer be cancelled says why instead of opening the confirmation', async ({ request, browser, baseURL, server }) => {
  test.setTimeout(60_000);
  for (const row of [
    { action: 'cancel' as const, says: "Cette réservation est déjà annulée : il n'y a plus rien à annuler." },
    { action: 'finish' as const, says: 'Cette réservation est terminée : elle ne peut plus être annulée.' },
  ]) {
    const { draft, link } = await bookingWithLink(request);
    if (row.action === 'finish') await restaurantAction(request, server.adminToken, draft.token, 'confirm');
    await restaurantAction(request, server.adminToken, draft.token, row.action);
    const { context, page } = await freshPage(browser, baseURL, `${link}&action=cancel`);
    await expect(page.getByRole('alert')).toContainText(row.says);
    await expect(page.getByRole('dialog')).toHaveCount(0);
    expect(new URL(page.url()).hash).toBe('');
    await context.close();
  }
});

test('a refused key with the cancel action says the link cannot manage the booking, and opens nothing', async ({ request, browser, baseURL }) => {
  const { draft } = await bookingWithLink(request);
  const { context, page } = await freshPage(browser, baseURL, `/${SLUG}/booking_complete/${draft.token}#manage=not-the-right-key-0123456789abcd&action=cancel`);
  await expect(page.getByRole('alert')).toContainText('Ce lien ne permet pas de gérer la réservation');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Annuler la réservation' })).toHaveCount(0);
  expect(new URL(page.url()).hash).toBe('');
  expect((await bookingSeen(request, SLUG, draft.token)).status).toBe(10);
  await context.close();
});

test('Edit tapped at once on the manage link, before its key became a session, opens the booking for Update', async ({ request, browser, baseURL }) => {
  test.setTimeout(60_000);
  const { draft, link } = await bookingWithLink(request);
  const context = await browser.newContext({ baseURL });
  // A slow network for the exchange: it is held until the diner has tapped Edit and reached the booking page.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await context.route('**/api/front/user/booking_session', async (route) => {
    await held;
    await route.continue().catch(() => {});
  });
  const page = await context.newPage();
  await page.goto(link);
  const edit = page.getByRole('link', { name: 'Modifier', exact: true });
  await expect(edit).toBeVisible();
  // The race is real: no session for the booking yet when Edit is tapped.
  expect(await page.evaluate((token) => localStorage.getItem(`guest_bearer_${token}`), draft.token)).toBeNull();
  await edit.click();

  await expect(page).toHaveURL(new RegExp(`/${SLUG}\\?token=${draft.token}$`));
  await islandsHydrated(page);
  // The exchange answers only now, after the diner got there.
  release();
  await expect(page.getByRole('button', { name: 'Modifier', exact: true })).toBeVisible();
  // Once the page has handled the answer, it stays there: not sent back to the tracking page.
  await mainThreadIdle(page);
  await expect(page).toHaveURL(new RegExp(`/${SLUG}\\?token=${draft.token}$`));
  expect(await page.evaluate((token) => sessionStorage.getItem(`manage_pending_${token}`), draft.token)).toBeNull();
  await context.close();
});
