/**
 * As a diner reads their mail: the confirmation mail's link opens the booking's tracking page, and the
 * reminder's one-tap cancel link cancels once the diner confirms in the modal. Mail is read from the e2e server's
 * outbox folder; the reminder, due a day before the booking, is made due now through the provider's jobs API.
 */
import type { APIRequestContext } from '@playwright/test';
import { expect, islandsHydrated, test } from './fixture.ts';
import { E2E_ADMIN_TOKEN } from './e2e-env.ts';
import { bookingSeen, newGuest } from './guest-booking-support.ts';
import { waitForMail } from './mail-outbox-support.ts';
import { frenchE164 } from './sms-outbox-support.ts';
import { createDraft, postJson, validateThroughApi, type E2EDraft } from './tracking-support.ts';

const SLUG = 'le-petit-zinc';

/** A booking validated by a guest who gave an email address of their own (so they get mail); returns it and the address. */
async function bookedWithEmail(request: APIRequestContext): Promise<{ draft: E2EDraft; email: string }> {
  const draft = await createDraft(request, SLUG, 2);
  const email = `diner-${draft.token.slice(0, 10).toLowerCase()}@example.org`;
  const session = await postJson<{ access_token: string }>(request, '/api/front/user/no_account', {
    firstname: 'Camille',
    lastname: 'Durand',
    phone: frenchE164(newGuest().phone),
    email,
    bookingToken: draft.token,
  });
  await validateThroughApi(request, draft, session.body.access_token);
  return { draft, email };
}

/** The path and fragment of an absolute link (the e2e server's own origin is the test's base URL). */
function pathOf(link: string): string {
  const url = new URL(link);
  return `${url.pathname}${url.search}${url.hash}`;
}

test('the link in the confirmation mail opens the booking’s tracking page in a fresh browser', async ({ request, browser, baseURL }) => {
  const { draft, email } = await bookedWithEmail(request);
  const [link] = await waitForMail(email, new RegExp(`https?://\\S+/booking_complete/${draft.token}[^\\s)>]*`));

  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await page.goto(pathOf(link));
  await islandsHydrated(page);
  const { body } = await postJson<{ booking: { ref: string } }>(request, '/api/booking/get', { token: draft.token, merchant_slug: SLUG });
  await expect(page.getByText(body.booking.ref).first()).toBeVisible();
  await expect(page.getByText('En attente', { exact: true })).toBeVisible();
  await context.close();
});

test('the reminder’s cancel link asks for confirmation, then cancels', async ({ request, browser, baseURL }) => {
  test.setTimeout(60_000);
  const { draft, email } = await bookedWithEmail(request);
  // The reminders wait for their time; the provider's jobs API makes this booking's due now.
  const listed = await request.get('/api/admin/jobs?state=pending&limit=1000', { headers: { authorization: `Bearer ${E2E_ADMIN_TOKEN}` } });
  expect(listed.ok(), await listed.text()).toBe(true);
  const { jobs } = (await listed.json()) as { jobs: Array<{ id: string; kind: string; payload: { startsAt?: string; hours?: number } }> };
  const startsAt = new Date(draft.timestamp * 1000).toISOString();
  const reminders = jobs.filter((job) => job.kind === 'booking_reminder' && job.payload.startsAt === startsAt && job.payload.hours === 24);
  expect(reminders.length).toBeGreaterThan(0);
  for (const job of reminders) {
    const retried = await request.post(`/api/admin/jobs/${job.id}/retry`, { headers: { authorization: `Bearer ${E2E_ADMIN_TOKEN}` } });
    expect(retried.ok(), await retried.text()).toBe(true);
  }
  const [link] = await waitForMail(email, /https?:\/\/\S+#manage=[A-Za-z0-9_-]+&action=cancel/);
  expect(link).toContain(draft.token);

  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await page.goto(pathOf(link));
  await islandsHydrated(page);
  const dialog = page.getByRole('dialog', { name: 'Annuler cette réservation ?' });
  await expect(dialog).toBeVisible();
  // Opening the link cancelled nothing: the diner confirms.
  expect((await bookingSeen(request, SLUG, draft.token)).status).toBe(10);
  await dialog.getByRole('button', { name: "Confirmer l'annulation" }).click();
  await expect(page.getByText('Annulée', { exact: true })).toBeVisible();
  expect((await bookingSeen(request, SLUG, draft.token)).status).toBe(40);
  await context.close();
});
