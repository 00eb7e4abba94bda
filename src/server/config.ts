/** Server configuration, read once from environment variables (each has a default: see README). */
import path from 'node:path';
import { z } from 'zod';

const optional = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .optional();

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(4321),
  HOST: z.string().default('127.0.0.1'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: optional,
  REDIS_URL: optional,
  // Names every Redis key and pub/sub topic of this deployment: two deployments (or test runs) on one Redis stay apart.
  REDIS_PREFIX: z
    .string()
    .regex(/^[\w.-]+$/, 'letters, digits, _ . or -')
    .default('couvert'),
  ADMIN_TOKEN: optional,
  HOLD_MINUTES: z.coerce.number().int().min(1).max(120).default(10),
  JOB_LEASE_SECONDS: z.coerce.number().int().min(1).default(300),
  JOB_POLL_MS: z.coerce.number().int().min(10).default(5000),
  SITE_DIR: z.string().default('./dist'),
  SITE_URL: optional,
  BUILD_SITE: z.enum(['auto', 'always', 'never']).default('auto'),
  IMPORT_DEMO: z.enum(['auto', 'never']).default('auto'),
  PUSHER_APP_ID: z.string().default('couvert'),
  PUSHER_KEY: z.string().default('couvert-key'),
  PUSHER_SECRET: optional,
  PUSHER_CLUSTER: z.string().default('eu'),
  PUSHER_HOST: optional,
  PUSHER_PORT: z.coerce.number().int().optional(),
  PUSHER_USE_TLS: z.enum(['true', 'false']).default('true'),
  PUSHER_EXTERNAL: z.enum(['true', 'false']).default('false'),
  REALTIME_CONNECTIONS_PER_ADDRESS: z.coerce.number().int().min(1).default(50),
  REALTIME_CHANNELS_PER_CONNECTION: z.coerce.number().int().min(1).default(20),
  TRUST_PROXY: z.string().default('false'),
  // Abuse limits of the booking calls (docs/security.md).
  DRAFT_LIMIT_PER_ADDRESS: z.coerce.number().int().min(1).default(20),
  DRAFT_LIMIT_PER_DEVICE: z.coerce.number().int().min(1).default(6),
  DRAFT_LIMIT_PER_EVENING: z.coerce.number().int().min(1).default(60),
  PHONE_LIMIT_PER_DAY: z.coerce.number().int().min(1).default(3),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOG_FORMAT: z.enum(['auto', 'json', 'pretty']).default('auto'),
  // Accounts and sign-in (docs/accounts.md).
  PUBLIC_URL: optional,
  PROVIDER_NAME: z.string().default('Couvert'),
  OAUTH_CLIENT_ID: z.string().min(1).default('couvert-web'),
  OAUTH_CLIENT_SECRET: z.string().min(1).default('couvert-web-secret'),
  ACCESS_TOKEN_TTL: z.coerce
    .number()
    .int()
    .min(60)
    .max(30 * 24 * 3600)
    .default(3600),
  REFRESH_TOKEN_TTL: z.coerce
    .number()
    .int()
    .min(3600)
    .max(365 * 24 * 3600)
    .default(30 * 24 * 3600),
  SMTP_URL: optional,
  MAIL_FROM: z.string().default('Couvert <no-reply@localhost>'),
  SIGNIN_LIMIT_PER_EMAIL: z.coerce.number().int().min(1).default(10),
  SIGNIN_LIMIT_PER_EMAIL_AND_ADDRESS: z.coerce.number().int().min(1).default(10),
  SIGNIN_LIMIT_PER_ADDRESS: z.coerce.number().int().min(1).default(50),
  RESET_LIMIT_PER_EMAIL: z.coerce.number().int().min(1).default(3),
  RESET_LIMIT_PER_ADDRESS: z.coerce.number().int().min(1).default(20),
  GOOGLE_CLIENT_ID: optional,
  GOOGLE_CLIENT_SECRET: optional,
  GOOGLE_ISSUER: z.url().default('https://accounts.google.com'),
  FACEBOOK_CLIENT_ID: optional,
  FACEBOOK_CLIENT_SECRET: optional,
  FACEBOOK_AUTHORIZATION_URL: z.url().default('https://www.facebook.com/v19.0/dialog/oauth'),
  FACEBOOK_TOKEN_URL: z.url().default('https://graph.facebook.com/v19.0/oauth/access_token'),
  FACEBOOK_USERINFO_URL: z.url().default('https://graph.facebook.com/v19.0/me?fields=id,email,first_name,last_name'),
  APPLE_LOGIN: z.enum(['true', 'false']).default('false'),
  VONAGE_API_KEY: optional,
  VONAGE_API_SECRET: optional,
  VONAGE_SMS_FROM: optional,
  VONAGE_API_HOST: z.url().default('https://api.nexmo.com'),
});

/** The validated configuration the server runs with. */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  redisUrl?: string;
  /** Prefix of the rate-limit keys (`{prefix}-rate:`) and the live events' topic (`{prefix}:realtime`) in Redis. */
  redisPrefix: string;
  adminToken?: string;
  holdMinutes: number;
  /** The job worker: how long a claimed job is its worker's before another takes it over, and the longest wait between looks. */
  jobs: { leaseMs: number; pollMs: number };
  siteDir: string;
  siteUrl?: string;
  buildSite: 'auto' | 'always' | 'never';
  importDemo: 'auto' | 'never';
  pusher: {
    appId: string;
    key: string;
    /** Unset: generated per data folder at start (src/server/realtime/pusher-secret.ts). */
    secret?: string;
    cluster: string;
    /** Send events to an external Pusher-compatible service instead of serving the protocol ourselves. */
    external?: { host?: string; port?: number; useTLS: boolean };
    /** Embedded server: live connections one client address may hold, and channels one connection may join. */
    connectionsPerAddress: number;
    channelsPerConnection: number;
  };
  /** Which proxies' X-Forwarded-For to believe (client addresses drive the sign-in rate limits). */
  trustProxy: boolean | string;
  logLevel: string;
  /** LOG_FORMAT: `auto` (readable on a terminal, JSON when piped), `json` or `pretty`. */
  logFormat: 'auto' | 'json' | 'pretty';
  /** New drafts per window of HOLD_MINUTES, and coming bookings per unconfirmed phone and day (docs/security.md). */
  limits: { drafts: { perAddress: number; perDevice: number; perEvening: number }; phones: { unconfirmedPerDay: number } };
  accounts: {
    /** This server's public address (mailed links, social callbacks); default: the listening address. */
    publicUrl?: string;
    providerName: string;
    oauthClient: { id: string; secret: string };
    accessTtlSeconds: number;
    refreshTtlSeconds: number;
    smtpUrl?: string;
    mailFrom: string;
    limits: {
      signInPerEmail: number;
      signInPerEmailAndAddress: number;
      signInPerAddress: number;
      resetPerEmail: number;
      resetPerAddress: number;
    };
    google?: { issuer: string; clientId: string; clientSecret: string };
    facebook?: { clientId: string; clientSecret: string; authorizationUrl: string; tokenUrl: string; userinfoUrl: string };
    apple: boolean;
  };
  /** Text messages through Vonage when its key, secret and sender are set; else the outbox (DATA_DIR/outbox/sms). */
  vonage?: { apiKey: string; apiSecret: string; from: string; apiHost: string };
}

/** Reads and validates the configuration; throws a readable message naming the bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n  ${lines.join('\n  ')}`);
  }
  const e = parsed.data;
  const vonageSet = [e.VONAGE_API_KEY, e.VONAGE_API_SECRET, e.VONAGE_SMS_FROM].filter(Boolean).length;
  if (vonageSet > 0 && vonageSet < 3)
    throw new Error('Invalid configuration:\n  VONAGE_API_KEY, VONAGE_API_SECRET and VONAGE_SMS_FROM go together: set all three or none');
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    redisPrefix: e.REDIS_PREFIX,
    adminToken: e.ADMIN_TOKEN,
    holdMinutes: e.HOLD_MINUTES,
    jobs: { leaseMs: e.JOB_LEASE_SECONDS * 1000, pollMs: e.JOB_POLL_MS },
    siteDir: path.resolve(e.SITE_DIR),
    siteUrl: e.SITE_URL,
    buildSite: e.BUILD_SITE,
    importDemo: e.IMPORT_DEMO,
    pusher: {
      appId: e.PUSHER_APP_ID,
      key: e.PUSHER_KEY,
      secret: e.PUSHER_SECRET,
      cluster: e.PUSHER_CLUSTER,
      external: e.PUSHER_EXTERNAL === 'true' ? { host: e.PUSHER_HOST, port: e.PUSHER_PORT, useTLS: e.PUSHER_USE_TLS === 'true' } : undefined,
      connectionsPerAddress: e.REALTIME_CONNECTIONS_PER_ADDRESS,
      channelsPerConnection: e.REALTIME_CHANNELS_PER_CONNECTION,
    },
    trustProxy: e.TRUST_PROXY === 'true' ? true : e.TRUST_PROXY === 'false' ? false : e.TRUST_PROXY,
    logLevel: e.LOG_LEVEL,
    logFormat: e.LOG_FORMAT,
    limits: {
      drafts: { perAddress: e.DRAFT_LIMIT_PER_ADDRESS, perDevice: e.DRAFT_LIMIT_PER_DEVICE, perEvening: e.DRAFT_LIMIT_PER_EVENING },
      phones: { unconfirmedPerDay: e.PHONE_LIMIT_PER_DAY },
    },
    accounts: {
      publicUrl: e.PUBLIC_URL?.replace(/\/+$/, ''),
      providerName: e.PROVIDER_NAME,
      oauthClient: { id: e.OAUTH_CLIENT_ID, secret: e.OAUTH_CLIENT_SECRET },
      accessTtlSeconds: e.ACCESS_TOKEN_TTL,
      refreshTtlSeconds: e.REFRESH_TOKEN_TTL,
      smtpUrl: e.SMTP_URL,
      mailFrom: e.MAIL_FROM,
      limits: {
        signInPerEmail: e.SIGNIN_LIMIT_PER_EMAIL,
        signInPerEmailAndAddress: e.SIGNIN_LIMIT_PER_EMAIL_AND_ADDRESS,
        signInPerAddress: e.SIGNIN_LIMIT_PER_ADDRESS,
        resetPerEmail: e.RESET_LIMIT_PER_EMAIL,
        resetPerAddress: e.RESET_LIMIT_PER_ADDRESS,
      },
      google:
        e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET
          ? { issuer: e.GOOGLE_ISSUER, clientId: e.GOOGLE_CLIENT_ID, clientSecret: e.GOOGLE_CLIENT_SECRET }
          : undefined,
      facebook:
        e.FACEBOOK_CLIENT_ID && e.FACEBOOK_CLIENT_SECRET
          ? {
              clientId: e.FACEBOOK_CLIENT_ID,
              clientSecret: e.FACEBOOK_CLIENT_SECRET,
              authorizationUrl: e.FACEBOOK_AUTHORIZATION_URL,
              tokenUrl: e.FACEBOOK_TOKEN_URL,
              userinfoUrl: e.FACEBOOK_USERINFO_URL,
            }
          : undefined,
      apple: e.APPLE_LOGIN === 'true',
    },
    vonage:
      e.VONAGE_API_KEY && e.VONAGE_API_SECRET && e.VONAGE_SMS_FROM
        ? { apiKey: e.VONAGE_API_KEY, apiSecret: e.VONAGE_API_SECRET, from: e.VONAGE_SMS_FROM, apiHost: e.VONAGE_API_HOST }
        : undefined,
  };
}
