import { connect } from 'node:net';

/** Redis URL the Redis tests use. */
export const TEST_REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

/** True when REDIS_URL is set or something accepts TCP connections on 127.0.0.1:6379. */
export async function redisAvailable(): Promise<boolean> {
  if (process.env.REDIS_URL) return true;
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port: 6379 });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(500, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}
