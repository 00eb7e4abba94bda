/**
 * A staff member listed by two merchants: after sign-in /pro asks which book to open, by mouse or keyboard, and each
 * book holds its own merchant's bookings only, the other's absent from its day and its search.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { localDate, merchantDefinition, slotsOf, tabTo } from './booking-home-support.ts';
import { expect, islandsHydrated, test } from './fixture.ts';
import { createDraft, guestSession, postJson, validateThroughApi, type E2EDraft } from './tracking-support.ts';

/** Trattoria Nonna's demo staff member, whom the test lists at a second merchant too (no other test signs Marco in). */
const MARCO = { email: 'marco@trattoria-nonna.example', password: 'saltimbocca-roma' };
const NONNA = { slug: 'trattoria-nonna', name: 'Trattoria Nonna' };
const SECOND = { slug: 'e2e-seconde-salle', name: 'La Seconde Salle' };

/** Lists Marco at a second merchant through the admin API (the staff book needs no rebuilt page: one shell serves every merchant). */
async function importSecondMerchant(request: APIRequestContext, adminToken: string): Promise<void> {
  const definition = { ...merchantDefinition(SECOND.slug, true), name: SECOND.name, staff: [MARCO] };
  const response = await request.put(`/api/admin/merchants/${SECOND.slug}`, { data: definition, headers: { authorization: `Bearer ${adminToken}` } });
  expect(response.ok(), await response.text()).toBe(true);
}

/** A validated booking at `slug` on `day` (merchant-local), at its first free time. */
async function bookingOn(request: APIRequestContext, slug: string, day: string): Promise<E2EDraft> {
  const slot = (await slotsOf(request, slug, day, 'all', 2)).find((candidate) => candidate.available);
  expect(slot, `a free time at ${slug} on ${day}`).toBeDefined();
  const created = await postJson<{ token: string }>(request, '/api/booking/create', {
    merchant_slug: slug,
    datetime: slot!.timestamp,
    booking_zone_id: 'all',
    client_count: 2,
  });
  const draft = { slug, token: created.body.token, timestamp: slot!.timestamp };
  await validateThroughApi(request, draft, await guestSession(request, draft.token));
  return draft;
}

const refOf = async (request: APIRequestContext, draft: E2EDraft) =>
  (await postJson<{ booking: { ref: string } }>(request, '/api/booking/get', { token: draft.token, merchant_slug: draft.slug })).body.booking.ref;

/** The card of one booking in the book, found by its reference. */
const card = (page: Page, ref: string) => page.getByRole('article').filter({ hasText: `Réf. ${ref}` });

/** Waits until the book of `merchant` is open on `day`, live. */
async function bookOpen(page: Page, merchant: { slug: string; name: string }, day: string): Promise<void> {
  await page.goto(`/pro/${merchant.slug}?day=${day}`);
  await expect(page.getByRole('heading', { level: 1, name: merchant.name })).toBeVisible();
  await expect(page.locator('[data-live="subscribed"]')).toHaveCount(1, { timeout: 10_000 });
}

test('a staff member of two merchants picks one at /pro with the keyboard; each book shows its own bookings and not the other\u2019s', async ({
  browser,
  baseURL,
  request,
  server,
}) => {
  test.setTimeout(90_000);
  await importSecondMerchant(request, server.adminToken);
  // One booking at each merchant on the same day.
  const atNonna = await createDraft(request, NONNA.slug);
  await validateThroughApi(request, atNonna, await guestSession(request, atNonna.token));
  const day = localDate(atNonna.timestamp * 1000, 'Europe/Rome');
  const atSecond = await bookingOn(request, SECOND.slug, day);
  const nonnaRef = await refOf(request, atNonna);
  const secondRef = await refOf(request, atSecond);

  const context = await browser.newContext({ baseURL, locale: 'fr-FR', serviceWorkers: 'block' });
  const page = await context.newPage();
  await page.goto('/pro');
  await islandsHydrated(page);
  await page.getByRole('textbox', { name: 'E-mail' }).fill(MARCO.email);
  await page.getByLabel('Mot de passe').fill(MARCO.password);
  await page.getByRole('button', { name: 'Se connecter' }).click();

  // The picker lists both merchants; Tab reaches the second one and Enter opens its book.
  await expect(page.getByRole('heading', { level: 1, name: 'Quel restaurant ouvrir ?' })).toBeVisible();
  const picker = page.getByRole('list');
  await expect(picker.getByRole('link')).toHaveCount(2);
  await expect(picker.getByRole('link', { name: NONNA.name })).toHaveAttribute('href', `/pro/${NONNA.slug}`);
  await expect(picker.getByRole('link', { name: SECOND.name })).toHaveAttribute('href', `/pro/${SECOND.slug}`);
  await tabTo(page, ({ text }) => text === SECOND.name);
  await page.keyboard.press('Enter');
  await page.waitForURL(`**/pro/${SECOND.slug}`);
  await expect(page.getByRole('heading', { level: 1, name: SECOND.name })).toBeVisible();

  // Its book on that day: its own booking, not Nonna's; its search does not find Nonna's either.
  await bookOpen(page, SECOND, day);
  await expect(card(page, secondRef)).toBeVisible();
  await expect(card(page, nonnaRef)).toHaveCount(0);
  await page.getByRole('searchbox', { name: 'Rechercher une réservation' }).fill(nonnaRef);
  await page.getByRole('button', { name: 'Rechercher' }).click();
  await expect(page.getByText('Aucune réservation trouvée.')).toBeVisible();

  // Back to the picker, by the mouse this time: Nonna's book is the other way round.
  await page.getByRole('link', { name: 'Changer de restaurant' }).click();
  await page.waitForURL('**/pro');
  await page.getByRole('link', { name: NONNA.name }).click();
  await page.waitForURL(`**/pro/${NONNA.slug}`);
  await bookOpen(page, NONNA, day);
  await expect(card(page, nonnaRef)).toBeVisible();
  await expect(card(page, secondRef)).toHaveCount(0);
  await page.getByRole('searchbox', { name: 'Rechercher une réservation' }).fill(secondRef);
  await page.getByRole('button', { name: 'Rechercher' }).click();
  await expect(page.getByText('Aucune réservation trouvée.')).toBeVisible();
  await context.close();
});
