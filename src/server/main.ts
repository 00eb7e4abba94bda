/** `npm start`: the whole product on one port, on embedded defaults unless configured otherwise. */
import path from 'node:path';
import { accountOptionsFrom } from './auth/account-options-from-config.ts';
import { loadConfig } from './config.ts';
import { lockDataDir } from './db/data-dir-lock.ts';
import { openDatabase } from './db/database.ts';
import { listMerchants } from './db/merchant-store.ts';
import { createRealtime } from './realtime/realtime.ts';
import { resolvePusherSecret } from './realtime/pusher-secret.ts';
import { createServer } from './server.ts';
import { createSmsSender } from './mail/sms.ts';
import { demoStaffAccounts, importDemoMerchants } from './services/demo-merchants.ts';
import { createSiteBuilder } from './services/site-builder.ts';
import { listenLocalAdmin } from './local-admin.ts';
import { planPeriodicJobs } from './jobs/periodic-jobs.ts';
import { startTableUpkeep } from './db/table-upkeep.ts';
import { prettyLog, prettyLogStream } from './log-format.ts';

async function main(): Promise<void> {
  // A signal during start-up is held until the database is open and consistent, then honoured (twice: at once).
  let stop: ((signal: string) => Promise<void>) | undefined;
  let requested: string | undefined;
  const onSignal = (signal: string) => {
    if (stop) void stop(signal);
    else if (requested) process.exit(130);
    else requested = signal;
  };
  process.on('SIGINT', () => onSignal('SIGINT'));
  process.on('SIGTERM', () => onSignal('SIGTERM'));

  const config = loadConfig();
  const release = config.databaseUrl ? async () => {} : await lockDataDir(config.dataDir);
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  await database.migrate();

  // The documented default secret would let any client sign its own private subscriptions: never use a known one.
  const pusherSecret = await resolvePusherSecret({
    configured: config.pusher.secret,
    dataDir: config.dataDir,
    redisUrl: config.redisUrl,
    external: config.pusher.external !== undefined,
  });
  const realtime = createRealtime({
    appId: config.pusher.appId,
    key: config.pusher.key,
    secret: pusherSecret,
    cluster: config.pusher.cluster,
    redisUrl: config.redisUrl,
    redisTopic: `${config.redisPrefix}:realtime`,
    maxConnectionsPerAddress: config.pusher.connectionsPerAddress,
    maxChannelsPerConnection: config.pusher.channelsPerConnection,
    trustProxy: config.trustProxy,
    external: config.pusher.external
      ? { appId: config.pusher.appId, key: config.pusher.key, secret: pusherSecret, cluster: config.pusher.cluster, ...config.pusher.external }
      : undefined,
  });

  const baseUrl = `http://${config.host === '0.0.0.0' ? '127.0.0.1' : config.host}:${config.port}`;
  // The database's lock: among processes on one PostgreSQL database (sharing SITE_DIR), one builds or updates at a time.
  const site = createSiteBuilder({ apiUrl: baseUrl, siteDir: config.siteDir, dataDir: config.dataDir, exclusively: database.exclusively });
  const mediaDir = path.join(config.dataDir, 'media');
  // Mail lands in DATA_DIR/outbox unless SMTP_URL is set; its lines go to the server log once it exists.
  const accounts = accountOptionsFrom(config, baseUrl, (line) => app.log.info(line));
  const { app, jobs } = await createServer({
    accounts,
    limits: config.limits,
    rateLimitRedisUrl: config.redisUrl,
    rateLimitNameSpace: `${config.redisPrefix}-rate:`,
    db: database.db,
    realtime,
    holdMinutes: config.holdMinutes,
    jobs: config.jobs,
    adminToken: config.adminToken,
    mediaDir,
    siteDir: config.siteDir,
    logLevel: config.logLevel,
    // Readable lines on a terminal, between the banner's; JSON when piped (LOG_FORMAT chooses otherwise).
    ...(prettyLog(config.logFormat, process.stdout.isTTY) ? { logStream: prettyLogStream(process.stdout) } : {}),
    trustProxy: config.trustProxy,
    sms: createSmsSender({ vonage: config.vonage, outboxDir: path.join(config.dataDir, 'outbox', 'sms'), log: (line) => app.log.info(line) }),
    siteUrl: config.siteUrl ?? baseUrl,
    // BUILD_SITE=never: the site is someone else's to build (a static host's CI), at start and after imports alike.
    onMerchantChange:
      config.buildSite === 'never'
        ? (slug) => app.log.info(`merchant ${slug} changed: site not rebuilt (BUILD_SITE=never); run npm run build`)
        : (slug) => site.merchantChanged(slug),
  });

  if (config.importDemo === 'auto' && (await listMerchants(database.db)).length === 0) {
    const slugs = await importDemoMerchants(database.db, mediaDir);
    app.log.info(`imported demo merchants: ${slugs.join(', ')}`);
    // So a new user can confirm as the restaurant at once; only on the start that imported them.
    app.log.info(`staff sign in at ${baseUrl}/pro (or POST ${baseUrl}/api/pro/auth/login {"email","password"}); demo staff accounts:`);
    for (const account of await demoStaffAccounts()) app.log.info(`  ${account.slug}: ${account.email} / ${account.password}`);
  }

  await app.listen({ port: config.port, host: config.host });
  const localAdmin = await listenLocalAdmin(app, config.dataDir);
  // The sweep and the purge are recurring jobs in the database, like messages and reminders: one run each, whatever
  // the number of processes, and none lost to a restart.
  await planPeriodicJobs(database.db, new Date());
  await jobs.start();
  // PostgreSQL runs its own autovacuum; embedded PGlite has none.
  const upkeep = database.kind === 'pglite' ? startTableUpkeep(database.db, { onError: (error) => app.log.error(error, 'table upkeep failed') }) : undefined;

  let stopping = false;
  stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info(`${signal}: shutting down`);
    await jobs.stop();
    await upkeep?.stop();
    await site.stop();
    await localAdmin.close();
    // Live sockets first: app.close() waits for open connections.
    await realtime.close();
    accounts.mailer?.close();
    await app.close();
    await database.close();
    await release();
    process.exit(0);
  };
  if (requested) return stop(requested);

  if (config.buildSite !== 'never') {
    await site.build({ onlyIfStale: config.buildSite === 'auto' });
  }
  if (stopping) return;
  const merchants = await listMerchants(database.db);
  console.log(`\nCouvert is running on ${baseUrl} (${database.kind}${config.redisUrl ? ' + Redis' : ''})`);
  for (const merchant of merchants) console.log(`  ${merchant.name.padEnd(28)} ${baseUrl}/${merchant.slug}`);
  console.log(`  Restaurant staff sign-in     ${baseUrl}/pro`);
  console.log(`  API documentation            ${baseUrl}/api/docs\n`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
