/** Steps the sign-in e2e tests take: accounts made through the real API, a browser holding a booking, the axe check. */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { APIRequestContext, Page } from '@playwright/test';
import { seriousAxeViolations } from './axe.ts';
import { expect } from './fixture.ts';
import { postJson } from './tracking-support.ts';

/** A platform account made through api/front/user/register. */
export interface E2EAccount {
  email: string;
  password: string;
}

let accounts = 0;

/** A unique email for this run. */
export function uniqueEmail(name: string): string {
  accounts += 1;
  return `${name}.${Date.now().toString(36)}.${accounts}@example.test`;
}

/** Registers an account through the API (as a diner would have before). */
export async function registerThroughApi(request: APIRequestContext, name = 'lea'): Promise<E2EAccount> {
  const account = { email: uniqueEmail(name), password: 'un-mot-de-passe-bien-long' };
  await postJson(request, '/api/front/user/register', {
    firstname: 'Léa',
    lastname: 'Bernard',
    phone: `+3362${String(Math.floor(Math.random() * 10_000_000)).padStart(7, '0')}`,
    ...account,
  });
  return account;
}

/** What the browser stores under the keys of spec section 3. */
export function storedKeys(page: Page): Promise<Record<string, string | null>> {
  return page.evaluate(() => ({
    bearer: localStorage.getItem('bearer'),
    refresh_token: localStorage.getItem('refresh_token'),
    userToken: localStorage.getItem('userToken'),
    current_merchant: localStorage.getItem('current_merchant'),
  }));
}

/** Runs axe on the page and expects no serious or critical violation. */
export async function expectNoSeriousAxeViolation(page: Page): Promise<void> {
  expect(await seriousAxeViolations(page)).toEqual([]);
}

/** A restaurant's own site on another origin (localhost, a real local server) whose page frames `src`; close() when done. */
export async function serveEmbeddingPage(src: string): Promise<{ url: string; close: () => Promise<void> }> {
  const host = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(
      `<!doctype html><html lang="fr"><title>Réserver chez nous</title><iframe src="${src}" title="Réservation" width="420" height="760"></iframe></html>`,
    );
  });
  await new Promise<void>((resolve) => host.listen(0, '127.0.0.1', resolve));
  const { port } = host.address() as AddressInfo;
  return {
    // localhost, not 127.0.0.1: another origin than the site, as an embedding site is.
    url: `http://localhost:${port}/`,
    close: () => new Promise<void>((resolve) => host.close(() => resolve())),
  };
}
