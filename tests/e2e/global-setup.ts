/**
 * Starts the real server once for every e2e test (node src/server/main.ts, site built once) and stops it afterwards.
 * With E2E_CLUSTER=1 (and DATABASE_URL, REDIS_URL) it starts the reference deployment instead (`npm run start:cluster`:
 * nginx in front of two API processes) on a fresh PostgreSQL database and Redis prefix, and every spec runs against nginx.
 */
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { STAMP_FILE } from '../../scripts/site-stamp.ts';
import { listenFakeFacebook } from '../support/fake-facebook.ts';
import { listenOidcGoogle } from '../support/oidc-google.ts';
import { startClusterProcess } from '../support/cluster-process.ts';
import { startServerProcess, type ServerProcess } from '../support/server-process.ts';
import { createPostgresDatabase } from '../support/test-database.ts';
import { E2E_ADMIN_TOKEN, E2E_DATA_DIR_ENV, E2E_FACEBOOK_PERSON, E2E_GOOGLE_PEOPLE, E2E_SITE_DIR_ENV, E2E_URL_ENV, e2eCluster } from './e2e-env.ts';

/** How long the first build of the site may take on a slow machine. */
const BUILD_TIMEOUT_MS = 300_000;

/** What a cluster run needs beyond the embedded one; throws saying what to set. */
function clusterServices(): { databaseUrl: string; redisUrl: string } {
  const { DATABASE_URL: databaseUrl, REDIS_URL: redisUrl } = process.env;
  if (!databaseUrl || !redisUrl) throw new Error('E2E_CLUSTER=1 runs the specs through npm run start:cluster: set DATABASE_URL and REDIS_URL.');
  return { databaseUrl, redisUrl };
}

/**
 * `npm run start:cluster` with two API processes on a fresh database and Redis prefix (rate-limit counts and live
 * events of other runs on the same Redis stay apart); the first process builds the site, the second finds it built.
 */
async function startCluster(env: Record<string, string>): Promise<{ server: ServerProcess; dropDatabase(): Promise<void> }> {
  const { databaseUrl, redisUrl } = clusterServices();
  const database = await createPostgresDatabase(databaseUrl);
  try {
    const server = await startClusterProcess(
      {
        ...env,
        BUILD_SITE: 'auto',
        API_PROCESSES: '2',
        DATABASE_URL: database.url,
        REDIS_URL: redisUrl,
        REDIS_PREFIX: `couvert-e2e-${randomBytes(6).toString('hex')}`,
        PUSHER_SECRET: randomBytes(32).toString('base64'),
        // The limits main.ts gets from startServerProcess in the embedded run: one address makes every request here.
        DRAFT_LIMIT_PER_ADDRESS: '1000000',
        DRAFT_LIMIT_PER_DEVICE: '1000000',
        DRAFT_LIMIT_PER_EVENING: '1000000',
        PHONE_LIMIT_PER_DAY: '1000000',
        SIGNIN_LIMIT_PER_ADDRESS: '1000000',
        SIGNIN_LIMIT_PER_EMAIL_AND_ADDRESS: '1000000',
      },
      { timeoutMs: BUILD_TIMEOUT_MS },
    );
    return { server, dropDatabase: () => database.drop() };
  } catch (error) {
    await database.drop();
    throw error;
  }
}

/** Starts the server (or the cluster) on fresh data and site folders and waits for its site; returns the teardown. */
export default async function globalSetup(): Promise<() => Promise<void>> {
  if (e2eCluster()) clusterServices();
  const dataDir = await mkdtemp(path.join(tmpdir(), 'couvert-e2e-data-'));
  // The site is a link to its build's folder beside it (scripts/site-swap.ts): both live in a folder of their own.
  const siteRoot = await mkdtemp(path.join(tmpdir(), 'couvert-e2e-site-'));
  const siteDir = path.join(siteRoot, 'site');
  // The social sign-ins go to local stand-ins: a real OpenID Connect provider for Google, a small OAuth 2.0 server for Facebook.
  const google = await listenOidcGoogle();
  const facebook = await listenFakeFacebook();
  for (const [login, person] of Object.entries(E2E_GOOGLE_PEOPLE)) google.people.set(login, person);
  facebook.person = E2E_FACEBOOK_PERSON;
  const removeFolders = async () => {
    await google.close();
    await facebook.close();
    await rm(dataDir, { recursive: true, force: true });
    await rm(siteRoot, { recursive: true, force: true });
  };
  const env = {
    DATA_DIR: dataDir,
    SITE_DIR: siteDir,
    ADMIN_TOKEN: E2E_ADMIN_TOKEN,
    BUILD_SITE: 'always',
    LOG_LEVEL: 'warn',
    GOOGLE_ISSUER: google.issuer,
    GOOGLE_CLIENT_ID: google.clientId,
    GOOGLE_CLIENT_SECRET: google.clientSecret,
    FACEBOOK_CLIENT_ID: facebook.clientId,
    FACEBOOK_CLIENT_SECRET: facebook.clientSecret,
    FACEBOOK_AUTHORIZATION_URL: facebook.authorizationUrl,
    FACEBOOK_TOKEN_URL: facebook.tokenUrl,
    FACEBOOK_USERINFO_URL: facebook.userinfoUrl,
  };
  let server: ServerProcess;
  let dropDatabase = async () => {};
  try {
    if (e2eCluster()) ({ server, dropDatabase } = await startCluster(env));
    // A loaded machine (several builds at once) takes over a minute to migrate and import before it answers.
    else server = await startServerProcess(env, { timeoutMs: BUILD_TIMEOUT_MS });
  } catch (error) {
    await removeFolders();
    throw error;
  }
  // The callbacks are on the server's address, known only now (the providers discover lazily, on the first sign-in).
  google.start(`${server.url}/login/google/callback`);
  facebook.start(`${server.url}/login/facebook/callback`);

  // main.ts answers before its site build ends: wait for the build stamp, which is written last.
  const deadline = Date.now() + BUILD_TIMEOUT_MS;
  while (!existsSync(path.join(siteDir, STAMP_FILE))) {
    // The server keeps serving the old (here: no) site when a build fails, and says so.
    const failed = server.output().includes('site build failed');
    if (failed || Date.now() > deadline) {
      await server.stop();
      await dropDatabase();
      await removeFolders();
      const why = failed ? 'the site build failed' : `the site was not built within ${BUILD_TIMEOUT_MS / 1000} s`;
      throw new Error(`${why}:\n${server.output()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }

  process.env[E2E_URL_ENV] = server.url;
  process.env[E2E_SITE_DIR_ENV] = siteDir;
  process.env[E2E_DATA_DIR_ENV] = dataDir;
  return async () => {
    await server.stop();
    await dropDatabase();
    await removeFolders();
  };
}
