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
  ADMIN_TOKEN: optional,
  HOLD_MINUTES: z.coerce.number().int().min(1).max(120).default(10),
  SITE_DIR: z.string().default('./dist'),
  SITE_URL: optional,
  BUILD_SITE: z.enum(['auto', 'always', 'never']).default('auto'),
  IMPORT_DEMO: z.enum(['auto', 'never']).default('auto'),
  PUSHER_APP_ID: z.string().default('couvert'),
  PUSHER_KEY: z.string().default('couvert-key'),
  PUSHER_SECRET: z.string().default('couvert-embedded-secret'),
  PUSHER_CLUSTER: z.string().default('eu'),
  PUSHER_HOST: optional,
  PUSHER_PORT: z.coerce.number().int().optional(),
  PUSHER_USE_TLS: z.enum(['true', 'false']).default('true'),
  PUSHER_EXTERNAL: z.enum(['true', 'false']).default('false'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

/** The validated configuration the server runs with. */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  redisUrl?: string;
  adminToken?: string;
  holdMinutes: number;
  siteDir: string;
  siteUrl?: string;
  buildSite: 'auto' | 'always' | 'never';
  importDemo: 'auto' | 'never';
  pusher: {
    appId: string;
    key: string;
    secret: string;
    cluster: string;
    /** Send events to an external Pusher-compatible service instead of serving the protocol ourselves. */
    external?: { host?: string; port?: number; useTLS: boolean };
  };
  logLevel: string;
}

/** Reads and validates the configuration; throws a readable message naming the bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n  ${lines.join('\n  ')}`);
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    adminToken: e.ADMIN_TOKEN,
    holdMinutes: e.HOLD_MINUTES,
    siteDir: path.resolve(e.SITE_DIR),
    siteUrl: e.SITE_URL,
    buildSite: e.BUILD_SITE,
    importDemo: e.IMPORT_DEMO,
    pusher: {
      appId: e.PUSHER_APP_ID,
      key: e.PUSHER_KEY,
      secret: e.PUSHER_SECRET,
      cluster: e.PUSHER_CLUSTER,
      external:
        e.PUSHER_EXTERNAL === 'true'
          ? { host: e.PUSHER_HOST, port: e.PUSHER_PORT, useTLS: e.PUSHER_USE_TLS === 'true' }
          : undefined,
    },
    logLevel: e.LOG_LEVEL,
  };
}
