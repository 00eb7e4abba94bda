import { seriousAxeViolations } from './axe.ts';
import { expect, mainThreadIdle, test } from './fixture.ts';
import { pendingBooking, restaurantAction, signInBrowser, trackingPath } from './tracking-support.ts';

test.describe('BookingComplete /{slug}/booking_complete/{token}', () => {
  test('shows the pending booking: status with its dot, reference, notices, the sheet and the merchant', async ({ page, context, request }) => {
    const { draft, bearer } = await pendingBooking(request);
    // The diner's own browser (a shared link's reader sees no Edit and no SMS promise: manage-link.spec.ts).
    await signInBrowser(context, draft, bearer);
    await page.goto(trackingPath(draft));

    await expect(page.getByRole('heading', { level: 1, name: 'Ma réservation' })).toBeVisible();
    await expect(page.getByText('En attente')).toBeVisible();
    await expect(page.locator('.trk-dot')).toHaveClass(/trk-dot-yellow/);
    await expect(page.getByText(/^#[A-Z0-9]+$/)).toBeVisible();
    await expect(page.getByText('Le restaurant vérifie votre réservation.')).toBeVisible();
    await expect(page.getByText(/SMS de confirmation va suivre/)).toBeVisible();
    await expect(page.getByText(/^2 personnes · \S/)).toBeVisible();
    await expect(page.getByRole('link', { name: 'Modifier', exact: true })).toHaveAttribute('href', `/${draft.slug}?token=${draft.token}`);
    // One way to change the booking: the header's Modifier (no second button doing the same).
    await expect(page.getByRole('link', { name: 'Changer' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Itinéraire' })).toHaveAttribute(
      'href',
      'https://www.google.com/maps/search/?api=1&query=Le+Petit+Zinc+27+rue+des+Martyrs+Paris',
    );
    await expect(page.getByRole('link', { name: 'Signaler un problème' })).toHaveAttribute('href', /^mailto:support@couvert\.example\?subject=.*%23/);
    // Not iOS: the calendar action opens the booking's calendarUrl.
    await expect(page.getByRole('link', { name: 'Ajouter à mon agenda' })).toHaveAttribute('href', /^https:\/\/calendar\.google\.com\//);
    await expect(page.getByRole('link', { name: /01 99 00 27 27/ })).toHaveAttribute('href', 'tel:+33199002727');
    await expect(page.getByText("Le restaurant garde votre table 15 minutes après l'heure réservée.")).toBeVisible();
    await expect(page.getByRole('link', { name: 'Propulsé par Couvert' })).toBeVisible();
    // Headless Chromium on Linux has no navigator.share: no share button.
    await expect(page.getByRole('button', { name: 'Partager' })).toHaveCount(0);
  });

  test('the open tracking page turns green when the restaurant confirms, without a reload', async ({ page, request, server }) => {
    const { draft } = await pendingBooking(request);
    await page.goto(trackingPath(draft));
    await expect(page.getByText('En attente')).toBeVisible();
    // Nothing else may change the page: a reload would lose this marker.
    await page.evaluate(() => ((window as unknown as { e2eMarker: boolean }).e2eMarker = true));
    // The live channel must be up before the restaurant acts, else the event is missed.
    await expect(page.locator('[data-live="subscribed"]')).toHaveCount(1);

    await restaurantAction(request, server.adminToken, draft.token, 'confirm');
    await expect(page.getByText('Confirmée')).toBeVisible({ timeout: 10_000 });
    await expect(page.locator('.trk-dot')).toHaveClass(/trk-dot-green/);
    await expect(page.getByText('Le restaurant vérifie votre réservation.')).toHaveCount(0);
    expect(await page.evaluate(() => (window as unknown as { e2eMarker?: boolean }).e2eMarker)).toBe(true);
  });

  test('cancelling asks for confirmation in a modal (Escape closes it), then shows the booking cancelled', async ({ page, context, request }) => {
    const { draft, bearer } = await pendingBooking(request);
    // Only the diner who holds the booking may cancel it: the browser keeps their session.
    await signInBrowser(context, draft, bearer);
    await page.goto(trackingPath(draft));

    const cancel = page.getByRole('button', { name: 'Annuler la réservation' });
    await cancel.click();
    const dialog = page.getByRole('dialog', { name: 'Annuler cette réservation ?' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText('2 personnes')).toBeVisible();
    await expect(dialog.getByText(/^Référence #/)).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Fermer' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(cancel).toBeFocused();

    await cancel.click();
    await dialog.getByRole('button', { name: "Confirmer l'annulation" }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('Annulée', { exact: true })).toBeVisible();
    await expect(page.locator('.trk-dot')).toHaveClass(/trk-dot-red/);
    await expect(page.getByText('Vous avez annulé cette réservation.')).toBeVisible();
    // Cancelled (40): no illustration, no edit, no cancel; the back arrow leads to the booking home.
    await expect(page.locator('.trk-illustration')).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Modifier', exact: true })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Annuler la réservation' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Retour' })).toHaveAttribute('href', `/${draft.slug}`);
  });

  test("a refusal shows the reason and the restaurant's message", async ({ page, request, server }) => {
    const { draft } = await pendingBooking(request);
    await restaurantAction(request, server.adminToken, draft.token, 'refuse', { reason: 'restaurant_full', message: 'Une privatisation ce soir-là, désolés.' });
    await page.goto(trackingPath(draft));
    await expect(page.getByText('Annulée par le restaurant')).toBeVisible();
    await expect(page.getByText('Le restaurant est complet à cette heure-là.')).toBeVisible();
    await expect(page.getByText('Une privatisation ce soir-là, désolés.')).toBeVisible();
    // 25 still shows the illustration (only 40 hides it).
    await expect(page.locator('.trk-illustration')).toBeVisible();
  });

  test('a finished booking (30) has no back arrow and no edit', async ({ page, request, server }) => {
    const { draft } = await pendingBooking(request);
    await restaurantAction(request, server.adminToken, draft.token, 'confirm');
    await restaurantAction(request, server.adminToken, draft.token, 'finish');
    await page.goto(trackingPath(draft));
    await expect(page.getByText('Terminée')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Retour' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Modifier', exact: true })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Changer' })).toHaveCount(0);
  });

  test('an unknown token says the booking does not exist', async ({ page }) => {
    await page.goto('/le-petit-zinc/booking_complete/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA');
    await expect(page.getByRole('alert')).toHaveText("Cette réservation n'existe pas.");
    await expect(page.getByRole('link', { name: 'Retour au restaurant' })).toHaveAttribute('href', '/le-petit-zinc');
  });

  test('follows the language switch of another page: English texts when currentLang is en', async ({ page, request }) => {
    const { draft } = await pendingBooking(request);
    await page.goto(`${trackingPath(draft)}?lang=en`);
    await expect(page.getByRole('heading', { level: 1, name: 'My booking' })).toBeVisible();
    await expect(page.getByText('Pending')).toBeVisible();
    await expect(page.getByText(/^2 people · \S/)).toBeVisible();
  });

  test('talks to its own site only: no analytics without PUBLIC_POSTHOG_KEY, no call to pusher.com in embedded mode', async ({
    page,
    context,
    request,
    baseURL,
  }) => {
    const { draft, bearer } = await pendingBooking(request);
    await signInBrowser(context, draft, bearer);
    const elsewhere: string[] = [];
    page.on('request', (sent) => {
      const url = new URL(sent.url());
      if (url.protocol !== 'data:' && url.origin !== new URL(baseURL!).origin) elsewhere.push(sent.url());
    });
    await page.goto(trackingPath(draft));
    await expect(page.locator('[data-live="subscribed"]')).toHaveCount(1);
    // The first interaction is when analytics would load.
    await page.getByRole('button', { name: 'Annuler la réservation' }).click();
    await page.keyboard.press('Escape');
    await mainThreadIdle(page);
    expect(elsewhere).toEqual([]);
  });

  test('axe finds no serious or critical violation, with the cancel modal closed and open', async ({ page, context, request }) => {
    const { draft, bearer } = await pendingBooking(request);
    await signInBrowser(context, draft, bearer);
    await page.goto(trackingPath(draft));
    await expect(page.getByText('En attente')).toBeVisible();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Annuler la réservation' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    expect(await seriousAxeViolations(page)).toEqual([]);
  });
});

test.describe('the first view, drawn before the island has loaded', () => {
  for (const row of [
    {
      status: 'pending (10)',
      action: null,
      lang: 'fr',
      title: 'Ma réservation',
      label: 'En attente',
      notice: 'Le restaurant vérifie votre réservation.',
      edit: 'Modifier',
      picture: 'pending',
    },
    { status: 'confirmed (20)', action: 'confirm', lang: 'en', title: 'My booking', label: 'Confirmed', notice: null, edit: 'Edit', picture: 'confirmed' },
    {
      status: 'refused (25)',
      action: 'refuse',
      lang: 'fr',
      title: 'Ma réservation',
      label: 'Annulée par le restaurant',
      notice: null,
      edit: null,
      picture: 'refused',
    },
  ] as const) {
    test(`a ${row.status} booking shows its title, status, reference, notice, links and illustration`, async ({ page, context, request, server }) => {
      const { draft, bearer } = await pendingBooking(request);
      // The diner's own browser: the first view's read carries their session (Edit is the owner's).
      await signInBrowser(context, draft, bearer);
      if (row.action) await restaurantAction(request, server.adminToken, draft.token, row.action, row.action === 'refuse' ? { reason: 'restaurant_full' } : {});
      // The island never loads: what shows is the static page filled by its boot script.
      // Astro's island loader tries a failed import again a second later with ?astro-retry=…: that one is refused too
      // (a glob would not match it, and on a busy machine the island then replaced the first view mid-test).
      await page.route(/\/_astro\/BookingComplete\.[\w-]+\.js(\?.*)?$/, (route) => route.abort());
      await page.goto(`${trackingPath(draft)}?lang=${row.lang}`);

      await expect(page.getByRole('heading', { level: 1, name: row.title })).toBeVisible();
      await expect(page.getByText(row.label, { exact: true })).toBeVisible();
      await expect(page.getByText(/^#[A-Z0-9]{4,}$/).filter({ visible: true })).toHaveCount(1);
      await expect(page.locator('.trk-illustration')).toHaveAttribute('src', `/images/status/${row.picture}.svg`);
      await expect(page.locator('.trk-illustration')).toBeVisible();
      if (row.notice) await expect(page.getByText(row.notice)).toBeVisible();
      else await expect(page.locator('.trk-notice:visible')).toHaveCount(0);
      if (row.edit) await expect(page.getByRole('link', { name: row.edit, exact: true })).toHaveAttribute('href', `/${draft.slug}?token=${draft.token}`);
      else await expect(page.getByRole('link', { name: /^(Modifier|Edit)$/ })).toBeHidden();
      // Only the booking's own status is in the page, not the others the templates hold.
      await expect(page.getByText('Terminée', { exact: true })).toHaveCount(0);
      // The call hints carry the merchant's phone as a link, in each language.
      await expect(page.locator('[data-first-unavailable] a[href="tel:+33199002727"]')).toHaveCount(4);
      const callLinks = await page
        .locator('template[data-first-template="hint-call"]')
        .evaluate((template) => (template as HTMLTemplateElement).content.querySelectorAll('a[href="tel:+33199002727"]').length);
      expect(callLinks).toBe(4);
      expect(await seriousAxeViolations(page)).toEqual([]);
    });
  }

  test('the island takes over the booking the first view asked for, reads it once more when its live channel is up, then shows only its own view', async ({
    page,
    request,
  }) => {
    const { draft } = await pendingBooking(request);
    const reads: string[] = [];
    page.on('request', (sent) => {
      if (new URL(sent.url()).pathname === '/api/booking/get') reads.push(sent.url());
    });
    await page.goto(trackingPath(draft));
    await expect(page.locator('[data-live="subscribed"]')).toHaveCount(1);
    await expect(page.locator('[data-first-view]')).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1, name: 'Ma réservation' })).toHaveCount(1);
    // The first view's read, then one once subscribed (an update sent before then would otherwise be lost).
    await expect.poll(() => reads.length).toBe(2);
    await mainThreadIdle(page);
    expect(reads).toHaveLength(2);
  });
});

test.describe('pages already visited, reopened offline', () => {
  test.use({ serviceWorkers: 'allow' });

  test('opens from the cache, shows the booking as last seen and says it is offline; back online, it follows the booking live again', async ({
    page,
    context,
    request,
    server,
  }) => {
    const { draft } = await pendingBooking(request);
    await page.goto(trackingPath(draft));
    await expect(page.getByText('En attente')).toBeVisible();
    // The service worker must control the page before a visit is cached.
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
      if (!navigator.serviceWorker.controller) {
        await new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }));
      }
    });
    await page.reload();
    await expect(page.getByText('En attente')).toBeVisible();
    await expect(page.getByText('Vous êtes hors ligne', { exact: false })).toBeHidden();

    await context.setOffline(true);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Ma réservation' })).toBeVisible();
    await expect(page.getByText('En attente')).toBeVisible();
    await expect(page.getByText(/Vous êtes hors ligne/)).toBeVisible();
    await expect(page.getByText(/Hors ligne : voici votre réservation telle qu'elle était/)).toBeVisible();

    await context.setOffline(false);
    await expect(page.getByText(/Vous êtes hors ligne/)).toBeHidden();
    await expect(page.getByText(/Hors ligne : voici votre réservation/)).toBeHidden();
    // The live channel could not start offline: it starts now, and the restaurant's answer shows without a reload.
    await expect(page.locator('[data-live="subscribed"]')).toHaveCount(1);
    await restaurantAction(request, server.adminToken, draft.token, 'confirm');
    await expect(page.getByText('Confirmée', { exact: true })).toBeVisible({ timeout: 10_000 });
  });

  test('a merchant page already visited opens offline and says so', async ({ page, context }) => {
    await page.goto('/le-petit-zinc');
    await expect(page.getByRole('heading', { level: 1, name: 'Le Petit Zinc' })).toBeVisible();
    const registration = await page.evaluate(async () => {
      const ready = await navigator.serviceWorker.ready;
      if (!navigator.serviceWorker.controller) {
        await new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }));
      }
      return new URL(ready.active?.scriptURL ?? '').pathname;
    });
    // Registered at /sw.js, by the site's own script.
    expect(registration).toBe('/sw.js');
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Le Petit Zinc' })).toBeVisible();

    await context.setOffline(true);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Le Petit Zinc' })).toBeVisible();
    await expect(page.getByRole('heading', { name: "Horaires d'ouverture" })).toBeVisible();
    await expect(page.getByText(/Vous êtes hors ligne/)).toBeVisible();
    await context.setOffline(false);
  });
});
