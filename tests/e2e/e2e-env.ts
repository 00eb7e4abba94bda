/** What the e2e global setup hands to the tests. */

/** The environment variable holding the running server's base URL. */
export const E2E_URL_ENV = 'COUVERT_E2E_URL';

/** The environment variable holding the folder of the site the global setup built (a second server may serve it too). */
export const E2E_SITE_DIR_ENV = 'COUVERT_E2E_SITE_DIR';

/** The environment variable holding the server's data folder (its outbox: DATA_DIR/outbox/sms holds the text messages). */
export const E2E_DATA_DIR_ENV = 'COUVERT_E2E_DATA_DIR';

/** The admin token the e2e server accepts. */
export const E2E_ADMIN_TOKEN = 'e2e-admin-token-0123456789abcdef';

/** The running server's base URL (set by the global setup before any worker starts). */
export function e2eBaseUrl(): string {
  const url = process.env[E2E_URL_ENV];
  if (!url) throw new Error(`${E2E_URL_ENV} is not set: run the e2e tests with -c tests/e2e/playwright.config.ts`);
  return url;
}

/** People who can sign in at the Google stand-in, by the login typed into its form (any password). */
export const E2E_GOOGLE_PEOPLE = {
  alice: { email: 'alice.martin@gmail.test', emailVerified: true, givenName: 'Alice', familyName: 'Martin' },
} as const;

/** The person the Facebook stand-in considers signed in. */
export const E2E_FACEBOOK_PERSON = { id: 'fb-e2e-1', email: 'bruno.petit@facebook.test', first_name: 'Bruno', last_name: 'Petit' };

/** The environment variable that runs the specs through `npm run start:cluster` (nginx, two API processes) instead. */
export const E2E_CLUSTER_ENV = 'E2E_CLUSTER';

/** True when this run goes through the cluster (`npm run test:e2e:cluster`). */
export function e2eCluster(): boolean {
  return process.env[E2E_CLUSTER_ENV] === '1';
}
