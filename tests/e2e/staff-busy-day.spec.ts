/**
 * A busy day on a tablet (1024 px): a mail's link opens a booking's confirm dialog after sign-in; the calendar marks the
 * day with its bookings, its days large enough to tap; the compact list puts
 * one booking a line and is remembered; the day, search and filters stay in view while scrolling, and so does a new
 * request's banner.
 */
import { localDate, slotsOf } from './booking-home-support.ts';
import { expect, islandsHydrated, test } from './fixture.ts';
import { SALLE } from './staff-book-support.ts';
import { createDraft, guestSession, postJson, validateThroughApi } from './tracking-support.ts';

const SLUG = 'le-petit-zinc';

test('a busy day at 1024 px: the mail\u2019s confirm link, the compact list, the controls and a new request in view', async ({ browser, baseURL, request }) => {
  test.setTimeout(120_000);
  // A diner's pending booking, as the restaurant's new-booking mail links it.
  const draft = await createDraft(request);
  await validateThroughApi(request, draft, await guestSession(request, draft.token));
  const day = localDate(draft.timestamp * 1000, 'Europe/Paris');

  const context = await browser.newContext({ baseURL, locale: 'fr-FR', serviceWorkers: 'block', viewport: { width: 1024, height: 768 } });
  const page = await context.newPage();
  await page.goto(`/pro/${SLUG}?day=${day}&booking=${draft.token}&action=confirm`);
  // Signed out: the sign-in first, then back to the booking with its confirm dialog open.
  await page.waitForURL(/\/pro\?next=/);
  await islandsHydrated(page);
  await page.getByRole('textbox', { name: 'E-mail' }).fill(SALLE.email);
  await page.getByLabel('Mot de passe', { exact: true }).fill(SALLE.password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  const confirm = page.getByRole('dialog', { name: 'Confirmer la réservation ?' });
  await expect(confirm).toBeVisible({ timeout: 10_000 });
  await confirm.getByRole('button', { name: 'Confirmer' }).click();
  await expect(confirm).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`/pro/${SLUG}\\?day=${day}$`));

  // A busy day: bookings taken by phone at every free time of that day, two by two.
  const bearer = await page.evaluate(() => localStorage.getItem('staff_bearer')!);
  const free = (await slotsOf(request, SLUG, day, 'all', 2)).filter((slot) => slot.available);
  for (const [i, slot] of [...free, ...free].slice(0, 24).entries()) {
    await postJson(
      request,
      `/api/pro/${SLUG}/bookings`,
      { datetime: slot.timestamp, party: 2, firstname: `Client${i}`, lastname: 'Affluence' },
      { bearer, allowFailure: true },
    );
  }
  await page.reload();
  await expect(page.locator('[data-live="subscribed"]')).toHaveCount(1, { timeout: 10_000 });
  const cards = page.getByRole('article');
  await expect(cards.nth(12)).toBeVisible();
  const tall = (await cards.first().boundingBox())!.height;

  // The calendar: the diner's look with tablet-size days, the busy day marked with its count.
  await page.getByRole('button', { name: /Choisir un autre jour/ }).click();
  const calendar = page.getByRole('dialog', { name: 'Choisissez une date' });
  const busy = calendar.locator(`[data-date="${day}"]`);
  await expect(busy).toHaveAccessibleName(/\d+ réservations/);
  await expect(busy).toHaveClass(/is-marked/);
  const sizes = await calendar.locator('.cal-day').evaluateAll((days) => days.map((button) => button.getBoundingClientRect()));
  expect(Math.min(...sizes.map((size) => Math.min(size.width, size.height)))).toBeGreaterThanOrEqual(44);
  await page.keyboard.press('Escape');
  await expect(calendar).toBeHidden();

  // The compact list: one line a booking, kept after a reload.
  const toggle = page.getByRole('button', { name: 'Liste compacte' });
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  await page.reload();
  await expect(page.getByRole('button', { name: 'Liste compacte' })).toHaveAttribute('aria-pressed', 'true');
  await expect(cards.nth(12)).toBeVisible();
  const heights = await cards.evaluateAll((articles) => articles.map((article) => article.getBoundingClientRect().height));
  expect(Math.max(...heights)).toBeLessThanOrEqual(60);
  expect(Math.max(...heights)).toBeLessThan(tall / 2);
  const row = page.getByRole('article', { name: 'Client0 Affluence' }).first();
  await expect(row.getByRole('button', { name: "Plus d'actions" })).toBeVisible();

  // Scrolled to the end of the day: the day, the search and the filters are still in view.
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await expect(page.getByRole('navigation', { name: 'Jour affiché' })).toBeInViewport();
  await expect(page.getByRole('searchbox', { name: 'Rechercher une réservation' })).toBeInViewport();
  await expect(page.getByRole('button', { name: /^Toutes/ })).toBeInViewport();

  // A diner's new request meanwhile: its banner shows where staff are, and leads to the pending bookings.
  const another = await createDraft(request);
  await validateThroughApi(request, another, await guestSession(request, another.token));
  const banner = page.getByRole('status').filter({ hasText: 'nouvelle demande de réservation à confirmer' });
  await expect(banner).toBeInViewport({ timeout: 10_000 });
  await banner.getByRole('button', { name: 'Voir les demandes' }).click();
  await expect(page.getByRole('button', { name: /^À confirmer/ })).toHaveAttribute('aria-pressed', 'true');
  await expect(banner).toHaveCount(0);
  await context.close();
});
