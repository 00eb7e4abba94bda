import { expect, islandsHydrated, test } from './fixture.ts';
import { createDraft, guestSession, postJson, signInBrowser, validateThroughApi, type E2EDraft } from './tracking-support.ts';

test.describe('one booking per phone, restaurant and time', () => {
  test('a guest whose phone already holds that time sees why Validate refuses, at the top, and stays there', async ({ page, context, request }) => {
    const phone = `+3365${String(Math.floor(Math.random() * 10_000_000)).padStart(7, '0')}`;
    const first = await createDraft(request);
    await validateThroughApi(request, first, await guestSession(request, first.token, { phone }));

    // Another guest (another browser) with the same phone, at the same restaurant and time.
    const created = await postJson<{ token: string }>(request, '/api/booking/create', {
      merchant_slug: first.slug,
      datetime: first.timestamp,
      booking_zone_id: 'all',
      client_count: 2,
    });
    const second: E2EDraft = { slug: first.slug, token: created.body.token, timestamp: first.timestamp };
    await signInBrowser(context, second, await guestSession(request, second.token, { phone }));
    await page.goto(`/${second.slug}/validate/${second.token}`);
    await islandsHydrated(page);

    await page.getByRole('switch', { name: /J'accepte les conditions générales/ }).check();
    await page.getByRole('button', { name: 'Valider ma réservation' }).first().click();
    await expect(page.getByText('Vous avez déjà une réservation à cette date et à cette heure : une seule réservation à la fois.')).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/validate/${second.token}$`));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });
});
