import type { WebSocketRoute } from '@playwright/test';
import { expect, mainThreadIdle, test } from './fixture.ts';
import { createDraft, guestSession, restaurantAction, validateThroughApi } from './tracking-support.ts';

/** A validated (status 10) booking's tracking page address. */
async function pendingTrackingPath(request: Parameters<typeof createDraft>[0]): Promise<{ token: string; path: string }> {
  const draft = await createDraft(request);
  await validateThroughApi(request, draft, await guestSession(request, draft.token));
  return { token: draft.token, path: `/${draft.slug}/booking_complete/${draft.token}` };
}

test.describe("a restaurant answer in the tracking page's first second", () => {
  test('the page turns to confirmed when the restaurant confirms after it first shows the booking, before its live channel is subscribed', async ({
    page,
    request,
    server,
  }) => {
    const booking = await pendingTrackingPath(request);
    // The live channel's first socket is held until the answer is sent: the update is published before the page listens.
    let letThrough: () => void = () => {};
    const answered = new Promise<void>((resolve) => (letThrough = resolve));
    await page.routeWebSocket(/\/app\//, async (socket) => {
      await answered;
      socket.connectToServer();
    });
    await page.goto(booking.path);
    // The first view (before the island) or the island: whichever shows the booking first.
    await page.getByText('En attente', { exact: true }).waitFor();
    await expect(page.locator('[data-live="subscribed"]')).toHaveCount(0);
    await restaurantAction(request, server.adminToken, booking.token, 'confirm');
    letThrough();
    await expect(page.getByText('Confirmée', { exact: true })).toBeVisible({ timeout: 10_000 });
    await expect(page.getByText('En attente', { exact: true })).toHaveCount(0);
  });

  test("the page stays confirmed when its first read of the booking, sent before the answer, arrives after the answer's update", async ({
    page,
    request,
    server,
  }) => {
    const booking = await pendingTrackingPath(request);
    // The page's first read is answered by the server at once, and that (pending) answer held until the test lets it go.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let reads = 0;
    let delivered = false;
    await page.route('**/api/booking/get', async (route) => {
      reads += 1;
      if (reads > 1) return route.continue();
      const stale = await route.fetch();
      await held;
      await route.fulfill({ response: stale }).catch(() => {});
      delivered = true;
    });
    await page.goto(booking.path);
    await expect(page.locator('[data-live="subscribed"]')).toHaveCount(1);
    await restaurantAction(request, server.adminToken, booking.token, 'confirm');
    // The update's read shows the answer while the first read is still on its way.
    await expect(page.getByText('Confirmée', { exact: true })).toBeVisible({ timeout: 10_000 });
    release();
    await expect.poll(() => delivered).toBe(true);
    await mainThreadIdle(page);
    await expect(page.getByText('Confirmée', { exact: true })).toBeVisible();
    await expect(page.getByText('En attente', { exact: true })).toHaveCount(0);
  });

  test('an answer sent while the live connection is down shows once it is back', async ({ page, request, server }) => {
    const booking = await pendingTrackingPath(request);
    // The live channel's sockets pass through the test, which can cut one and hold the next until it lets it through.
    const sockets: WebSocketRoute[] = [];
    let letThrough: () => void = () => {};
    const reconnection = new Promise<void>((resolve) => (letThrough = resolve));
    await page.routeWebSocket(/\/app\//, async (socket) => {
      sockets.push(socket);
      if (sockets.length > 1) await reconnection;
      socket.connectToServer();
    });
    await page.goto(booking.path);
    await expect(page.locator('[data-live="subscribed"]')).toHaveCount(1);
    await expect(page.getByText('En attente', { exact: true })).toBeVisible();

    // 4200: the Pusher protocol's "reconnect at once"; pusher-js dials again, and the test holds that socket.
    await sockets[0]!.close({ code: 4200, reason: 'cut by the test' });
    await expect.poll(() => sockets.length).toBe(2);
    await restaurantAction(request, server.adminToken, booking.token, 'confirm');
    letThrough();
    await expect(page.getByText('Confirmée', { exact: true })).toBeVisible({ timeout: 10_000 });
  });
});
