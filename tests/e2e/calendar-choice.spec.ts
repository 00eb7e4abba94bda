/**
 * "Ajouter à mon agenda" keeps the spec's rule (Google Calendar, or the .ics on iOS) and offers the other way beside it:
 * the .ics file for Apple Calendar or Outlook on a computer, Google Calendar on an iPhone.
 */
import { expect, islandsHydrated, test } from './fixture.ts';
import { pendingBooking, trackingPath } from './tracking-support.ts';

const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';

test('a computer gets Google Calendar and the .ics file, which downloads the booking', async ({ page, request }) => {
  const { draft } = await pendingBooking(request);
  await page.goto(trackingPath(draft));
  await islandsHydrated(page);
  await expect(page.getByRole('link', { name: 'Ajouter à mon agenda' })).toHaveAttribute('href', /^https:\/\/calendar\.google\.com\//);
  const file = page.getByRole('link', { name: 'Fichier agenda .ics' });
  await expect(file).toHaveAttribute('href', new RegExp(`/api/booking/export_ical/${draft.slug}/${draft.token}\\?download=1`));
  const [download] = await Promise.all([page.waitForEvent('download'), file.click()]);
  expect(download.suggestedFilename()).toBe('event.ics');
  const ics = await (await download.createReadStream()).toArray();
  expect(Buffer.concat(ics).toString('utf8')).toMatch(/BEGIN:VEVENT[\s\S]*STATUS:TENTATIVE[\s\S]*END:VEVENT/);
});

test('an iPhone downloads the .ics as the spec says, and is offered Google Calendar too', async ({ browser, baseURL, request }) => {
  const { draft } = await pendingBooking(request);
  const context = await browser.newContext({ baseURL, userAgent: IPHONE, locale: 'fr-FR' });
  const page = await context.newPage();
  await page.goto(trackingPath(draft));
  await islandsHydrated(page);
  await expect(page.getByRole('link', { name: 'Ajouter à mon agenda' })).toHaveAttribute('download', 'event.ics');
  await expect(page.getByRole('link', { name: 'Google Agenda' })).toHaveAttribute('href', /^https:\/\/calendar\.google\.com\//);
  await context.close();
});
