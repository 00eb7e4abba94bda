/** The secret that signs private-channel subscriptions: PUSHER_SECRET when set, else one generated for the data folder. */
import { randomBytes } from 'node:crypto';
import { chmod, link, mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** Where the generated secret is kept in a data folder. */
export const pusherSecretFile = (dataDir: string): string => path.join(dataDir, 'pusher-secret');

/** What decides the secret. */
export interface PusherSecretSource {
  /** PUSHER_SECRET, when set. */
  configured?: string;
  dataDir: string;
  /** Set when processes share live events through Redis: they must share the secret too. */
  redisUrl?: string;
  /** Events go to an external Pusher service, whose own secret must be configured. */
  external: boolean;
}

/**
 * The secret to sign with. Unset, it is generated on first start (256 random bits) and kept in DATA_DIR/pusher-secret,
 * readable by its owner only; processes sharing the folder share it. Processes that share events through Redis
 * (usually on several machines, each with its own folder) and an external Pusher service need it configured.
 */
export async function resolvePusherSecret(source: PusherSecretSource): Promise<string> {
  if (source.configured) return source.configured;
  if (source.external) throw new Error('PUSHER_SECRET must be set with PUSHER_EXTERNAL=true: it is the secret of your Pusher app.');
  if (source.redisUrl) {
    throw new Error(
      'PUSHER_SECRET must be set when REDIS_URL is: every process must sign private channels with the same secret ' +
        '(for example the output of `openssl rand -base64 32`, the same for every process).',
    );
  }
  const file = pusherSecretFile(source.dataDir);
  const existing = await readSecret(file);
  if (existing) return existing;
  await mkdir(source.dataDir, { recursive: true });
  // Written aside, then linked into place: a process starting at the same time never reads a half-written secret,
  // and the first one to link wins.
  const draft = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  await writeFile(draft, `${randomBytes(32).toString('base64url')}\n`, { mode: 0o600 });
  try {
    await link(draft, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    await rm(draft, { force: true });
  }
  const secret = await readSecret(file);
  if (!secret) throw new Error(`${file} holds no secret: remove it and start again, or set PUSHER_SECRET.`);
  return secret;
}

async function readSecret(file: string): Promise<string | undefined> {
  const text = await readFile(file, 'utf8').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return undefined;
    throw error;
  });
  if (text === undefined) return undefined;
  // A copy of the folder may have widened it: the secret is for its owner only.
  if (((await stat(file)).mode & 0o077) !== 0) await chmod(file, 0o600);
  const secret = text.trim();
  return secret.length >= 32 ? secret : undefined;
}
