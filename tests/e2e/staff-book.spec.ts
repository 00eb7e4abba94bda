/**
 * The restaurant's live book against the one fixture server, in two browser contexts: a diner books and follows the
 * booking on the tracking page while staff, signed in at /pro, see it arrive and act on it, neither reloading.
 */
import type { Browser, BrowserContext, Page, WebSocketRoute } from '@playwright/test';
import { expectNoSeriousAxeViolation } from './auth-support.ts';
import { localDate, slotsOf, tabTo } from './booking-home-support.ts';
import { expect, islandsHydrated, test } from './fixture.ts';
import { CLAIRE, staffBook } from './staff-book-support.ts';
import { createDraft, guestSession, postJson, signInBrowser, trackingPath, validateThroughApi, type E2EDraft } from './tracking-support.ts';

const SLUG = 'le-petit-zinc';
const KENJI = { email: 'kenji@sakura-ramen.example', password: 'tonkotsu-18-heures' };

/** A diner's draft, then their browser on its tracking page once validated (as the diner would after Validate). */
async function dinerPage(browser: Browser, baseURL: string, draft: E2EDraft, bearer: string): Promise<{ page: Page; context: BrowserContext }> {
  const context = await browser.newContext({ baseURL, locale: 'fr-FR', serviceWorkers: 'block' });
  await signInBrowser(context, draft, bearer);
  const page = await context.newPage();
  await page.goto(trackingPath(draft));
  await expect(page.locator('[data-live="subscribed"]')).toHaveCount(1, { timeout: 10_000 });
  return { page, context };
}

const parisDay = (draft: E2EDraft) => localDate(draft.timestamp * 1000, 'Europe/Paris');
const refOf = async (request: Parameters<typeof postJson>[0], draft: E2EDraft) =>
  (await postJson<{ booking: { ref: string } }>(request, '/api/booking/get', { token: draft.token, merchant_slug: draft.slug })).body.booking.ref;

/** The card of one booking in the book, found by its reference. */
const card = (page: Page, ref: string) => page.getByRole('article').filter({ hasText: `Réf. ${ref}` });

test('staff see a diner\u2019s booking arrive live and act on it; the diner\u2019s page follows; other staff see none of it', async ({
  browser,
  baseURL,
  request,
}) => {
  test.setTimeout(120_000);
  // The diner's draft first: the staff book opens on its day.
  const first = await createDraft(request);
  const staff = await staffBook(browser, baseURL!, CLAIRE, SLUG, parisDay(first));

  // The diner validates: the booking appears in the open book, pending, without a reload.
  const firstBearer = await guestSession(request, first.token);
  await validateThroughApi(request, first, firstBearer);
  const firstRef = await refOf(request, first);
  const firstCard = card(staff, firstRef);
  await expect(firstCard).toBeVisible({ timeout: 10_000 });
  await expect(firstCard.getByText('À confirmer', { exact: true })).toBeVisible();
  await expect(staff.getByRole('button', { name: /nouvelle demande/ })).toBeVisible();
  await expect(staff).toHaveTitle(/^\(\d+\) Le Petit Zinc — Réservations$/);

  // Staff confirm: the diner's page turns confirmed (green) without a reload.
  const diner = await dinerPage(browser, baseURL!, first, firstBearer);
  await expect(diner.page.getByText('En attente', { exact: true })).toBeVisible();
  await firstCard.getByRole('button', { name: 'Confirmer' }).click();
  const confirm = staff.getByRole('dialog', { name: 'Confirmer la réservation ?' });
  await confirm.getByRole('button', { name: 'Confirmer' }).click();
  await expect(confirm).toBeHidden();
  await expect(firstCard.getByText('Confirmée', { exact: true })).toBeVisible();
  await expect(diner.page.getByText('Confirmée', { exact: true })).toBeVisible({ timeout: 10_000 });
  await expect(diner.page.locator('.trk-dot-green')).toBeVisible();

  // Staff move it to another time: the diner's page shows the new time.
  const slots = await slotsOf(request, SLUG, parisDay(first), 'all', 2);
  const current = new Date(first.timestamp * 1000).toLocaleTimeString('fr-FR', { timeZone: 'Europe/Paris', hour: '2-digit', minute: '2-digit' });
  const target = slots.find((slot) => slot.available && slot.hour !== current)!;
  await firstCard.getByRole('button', { name: "Plus d'actions" }).click();
  await staff.getByRole('dialog').getByRole('button', { name: 'Déplacer' }).click();
  const move = staff.getByRole('dialog', { name: 'Déplacer la réservation' });
  await move.getByRole('combobox', { name: 'Espace' }).selectOption({ label: 'Tous les espaces' });
  await move.getByRole('combobox', { name: 'Horaire' }).selectOption({ label: target.hour });
  await move.getByRole('button', { name: 'Déplacer' }).click();
  await expect(move).toBeHidden();
  await expect(firstCard.getByText(target.hour, { exact: true })).toBeVisible();
  await expect(diner.page.getByText(target.hour)).toBeVisible({ timeout: 10_000 });

  // Another booking, refused with a message: the diner sees the reason and the message.
  const second = await createDraft(request);
  const secondBearer = await guestSession(request, second.token);
  await validateThroughApi(request, second, secondBearer);
  const refused = await dinerPage(browser, baseURL!, second, secondBearer);
  await staff.goto(`/pro/${SLUG}?day=${parisDay(second)}`);
  const secondCard = card(staff, await refOf(request, second));
  await secondCard.getByRole('button', { name: 'Refuser' }).click();
  const refuse = staff.getByRole('dialog', { name: 'Refuser la réservation ?' });
  await refuse.getByRole('combobox', { name: 'Motif' }).selectOption({ label: 'Complet' });
  await refuse.getByRole('textbox', { name: 'Message au client (facultatif)' }).fill('Désolés, une privatisation ce soir-là.');
  await refuse.getByRole('button', { name: 'Refuser' }).click();
  await expect(refuse).toBeHidden();
  await expect(secondCard.getByText('Annulée par le restaurant', { exact: true })).toBeVisible();
  await expect(refused.page.getByText('Le restaurant est complet à cette heure-là.')).toBeVisible({ timeout: 10_000 });
  await expect(refused.page.getByText('Désolés, une privatisation ce soir-là.')).toBeVisible();

  // A walk-in seated now: taken arrived, the table theirs until staff finish it.
  await staff.goto(`/pro/${SLUG}`);
  await expect(staff.locator('[data-live="subscribed"]')).toHaveCount(1, { timeout: 10_000 });
  await staff.getByRole('button', { name: 'Nouvelle réservation' }).click();
  const create = staff.getByRole('dialog', { name: 'Nouvelle réservation' });
  const walkIn = `Passant${Date.now().toString(36)}`;
  await create.getByRole('textbox', { name: 'Prénom' }).fill(walkIn);
  // Typed as the restaurant dials it: read in the merchant's country.
  const digits = String(Math.floor(Math.random() * 10_000_000)).padStart(7, '0');
  const typedPhone = `06 2${digits[0]} ${digits.slice(1, 3)} ${digits.slice(3, 5)} ${digits.slice(5, 7)}`;
  await create.getByRole('textbox', { name: 'Téléphone' }).fill(typedPhone);
  await create.getByRole('combobox', { name: 'Horaire' }).selectOption({ label: 'Maintenant (client sur place)' });
  await create.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(create).toBeHidden();
  const walkInCard = staff.getByRole('article', { name: walkIn });
  await expect(walkInCard.getByText('Arrivée', { exact: true })).toBeVisible();
  await expect(walkInCard.getByRole('link', { name: typedPhone })).toHaveAttribute('href', `tel:+336${typedPhone.replaceAll(' ', '').slice(2)}`);
  await walkInCard.getByRole('button', { name: 'Terminer' }).click();
  const finish = staff.getByRole('dialog', { name: 'Terminer la réservation ?' });
  await finish.getByRole('button', { name: 'Terminer' }).click();
  await expect(finish).toBeHidden();
  await expect(walkInCard.getByText('Terminée', { exact: true })).toBeVisible();

  // Staff of another merchant: their search finds none of it, and the book of Le Petit Zinc is not theirs.
  const other = await staffBook(browser, baseURL!, KENJI, 'sakura-ramen');
  await other.getByRole('searchbox', { name: 'Rechercher une réservation' }).fill(firstRef);
  await other.getByRole('button', { name: 'Rechercher' }).click();
  await expect(other.getByText('Aucune réservation trouvée.')).toBeVisible();
  await other.goto(`/pro/${SLUG}`);
  await expect(other.getByText("Ce restaurant n'est pas l'un des vôtres.")).toBeVisible();
  await expect(other.getByRole('article')).toHaveCount(0);

  for (const page of [staff, other, diner.page, refused.page]) await page.context().close();
});

test('the staff sign-in page has no serious accessibility violation', async ({ page }) => {
  await page.goto('/pro');
  await islandsHydrated(page);
  await expectNoSeriousAxeViolation(page);
});

test('the book with bookings and its dialogs have no serious accessibility violation at three widths', async ({ browser, baseURL, request }) => {
  // Four full axe scans of a live book: on a busy 2-core machine they take most of the default 30 s.
  test.setTimeout(60_000);
  const draft = await createDraft(request);
  await validateThroughApi(request, draft, await guestSession(request, draft.token));
  const staff = await staffBook(browser, baseURL!, CLAIRE, SLUG, parisDay(draft));
  await expect(card(staff, await refOf(request, draft))).toBeVisible();
  // The host stand's tablet, a phone and a desk.
  for (const width of [390, 768, 1280]) {
    await staff.setViewportSize({ width, height: 900 });
    await expectNoSeriousAxeViolation(staff);
  }
  await card(staff, await refOf(request, draft))
    .getByRole('button', { name: 'Refuser' })
    .click();
  await expect(staff.getByRole('dialog')).toBeVisible();
  await expectNoSeriousAxeViolation(staff);
  await staff.context().close();
});

test('staff confirm a booking with the keyboard alone', async ({ browser, baseURL, request }) => {
  const draft = await createDraft(request);
  await validateThroughApi(request, draft, await guestSession(request, draft.token));
  const ref = await refOf(request, draft);
  const staff = await staffBook(browser, baseURL!, CLAIRE, SLUG, parisDay(draft));

  // Search by reference, then Tab to the booking's Confirm button.
  await staff.getByRole('searchbox', { name: 'Rechercher une réservation' }).focus();
  await staff.keyboard.type(ref);
  await staff.keyboard.press('Enter');
  await expect(card(staff, ref)).toBeVisible();
  await tabTo(staff, ({ text }) => text === 'Confirmer');
  await staff.keyboard.press('Enter');
  const dialog = staff.getByRole('dialog', { name: 'Confirmer la réservation ?' });
  await expect(dialog).toBeVisible();
  await tabTo(staff, ({ text }) => text === 'Confirmer', 10);
  await staff.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(card(staff, ref).getByText('Confirmée', { exact: true })).toBeVisible();
  expect((await postJson<{ booking: { status: number } }>(request, '/api/booking/get', { token: draft.token, merchant_slug: SLUG })).body.booking.status).toBe(
    20,
  );
  await staff.context().close();
});

test('a booking made while the book\u2019s live connection is down shows once it is back', async ({ browser, baseURL, request }) => {
  const draft = await createDraft(request);
  // The live channel's sockets pass through the test, which cuts the book's and holds the next until it lets it through.
  // Only sockets opened after the cut are held: the sign-in lands on today's book, whose socket may open before the
  // book of the draft's day replaces it.
  const sockets: WebSocketRoute[] = [];
  let cut = false;
  let letThrough: () => void = () => {};
  const reconnection = new Promise<void>((resolve) => (letThrough = resolve));
  const staff = await staffBook(browser, baseURL!, CLAIRE, SLUG, parisDay(draft), async (page) => {
    await page.routeWebSocket(/\/app\//, async (socket) => {
      sockets.push(socket);
      if (cut) await reconnection;
      socket.connectToServer();
    });
  });
  const ref = await refOf(request, draft);
  const opened = sockets.length;
  cut = true;
  await sockets.at(-1)!.close({ code: 4200, reason: 'cut by the test' });
  await expect.poll(() => sockets.length).toBeGreaterThan(opened);
  await validateThroughApi(request, draft, await guestSession(request, draft.token));
  await expect(card(staff, ref)).toHaveCount(0);
  letThrough();
  await expect(card(staff, ref)).toBeVisible({ timeout: 10_000 });
  await staff.context().close();
});

test('the book speaks the language chosen in its switch', async ({ browser, baseURL }) => {
  const staff = await staffBook(browser, baseURL!, CLAIRE, SLUG);
  await staff.getByRole('combobox', { name: 'Langue' }).selectOption('en');
  await expect(staff.getByRole('button', { name: 'New booking' })).toBeVisible();
  await expect(staff.getByRole('group', { name: 'Filter by status' })).toBeVisible();
  await expect(staff.getByRole('button', { name: 'Sign out' })).toBeVisible();
  await expect(staff).toHaveTitle(/Le Petit Zinc — Bookings$/);
  await staff.getByRole('button', { name: 'Sign out' }).click();
  await staff.waitForURL('**/pro');
  await expect(staff.getByRole('heading', { name: 'Restaurant sign-in' })).toBeVisible();
  await staff.context().close();
});

test('a new pending booking rings only once the page has been touched', async ({ browser, baseURL, request }) => {
  const before = await createDraft(request);
  const after = await createDraft(request);
  // The browser's audio is the edge of the world here: a stand-in AudioContext counts the notes started.
  const staff = await staffBook(browser, baseURL!, CLAIRE, SLUG, parisDay(before), async (page) => {
    await page.addInitScript(() => {
      const notes = { started: 0 };
      (globalThis as unknown as { notes: typeof notes }).notes = notes;
      const param = { value: 0, setValueAtTime: () => param, exponentialRampToValueAtTime: () => param };
      const node = { connect: (next: unknown) => next ?? node, frequency: param, gain: param, type: 'sine', start: () => (notes.started += 1), stop: () => {} };
      class StandInAudioContext {
        state = 'suspended';
        currentTime = 0;
        destination = {};
        resume() {
          this.state = 'running';
          return Promise.resolve();
        }
        createOscillator() {
          return { ...node };
        }
        createGain() {
          return { ...node };
        }
      }
      (globalThis as unknown as { AudioContext: unknown }).AudioContext = StandInAudioContext;
    });
  });
  const notes = () => staff.evaluate(() => (globalThis as unknown as { notes: { started: number } }).notes.started);

  // Not touched yet: the badge shows, no sound.
  await validateThroughApi(request, before, await guestSession(request, before.token));
  await expect(staff.getByRole('button', { name: '1 nouvelle demande' })).toBeVisible({ timeout: 10_000 });
  expect(await notes()).toBe(0);

  // Touched (on the next day's page): the next new booking rings, two notes.
  await staff.goto(`/pro/${SLUG}?day=${parisDay(after)}`);
  await expect(staff.locator('[data-live="subscribed"]')).toHaveCount(1, { timeout: 10_000 });
  await staff.getByRole('heading', { level: 1 }).click();
  await validateThroughApi(request, after, await guestSession(request, after.token));
  await expect(staff.getByRole('button', { name: '1 nouvelle demande' })).toBeVisible({ timeout: 10_000 });
  await expect.poll(notes).toBe(2);
  await staff.context().close();
});

test('the book writes times on a 12-hour clock in English on a 12-hour browser, and on 24 hours in French', async ({ browser, baseURL, request }) => {
  const draft = await createDraft(request);
  await validateThroughApi(request, draft, await guestSession(request, draft.token));
  const ref = await refOf(request, draft);
  const { access_token: bearer } = (await postJson<{ access_token: string }>(request, '/api/pro/auth/login', CLAIRE)).body;
  const context = await browser.newContext({ baseURL, locale: 'en-US', serviceWorkers: 'block' });
  await context.addInitScript(
    ({ token, slug }) => {
      localStorage.setItem('staff_bearer', token);
      localStorage.setItem('staff_merchants', JSON.stringify([{ slug, name: 'Le Petit Zinc' }]));
    },
    { token: bearer, slug: SLUG },
  );
  const staff = await context.newPage();
  await staff.goto(`/pro/${SLUG}?day=${parisDay(draft)}`);
  const time = card(staff, ref).locator('.staff-time');
  if ((await staff.getByRole('combobox', { name: /Langue|Language/ }).inputValue()) !== 'en') {
    await staff.getByRole('combobox', { name: 'Langue' }).selectOption('en');
  }
  const english = staff
    .getByRole('article')
    .filter({ hasText: `Ref. ${ref}` })
    .locator('.staff-time');
  await expect(english).toHaveText(/^\d{1,2}:\d{2} (AM|PM)$/);
  await staff.getByRole('combobox', { name: 'Language' }).selectOption('fr');
  await expect(time).toHaveText(/^\d{2}:\d{2}$/);
  await context.close();
});
