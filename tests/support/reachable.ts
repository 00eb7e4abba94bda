/** Whether a service (PostgreSQL, Redis) accepts TCP connections at a URL's host and port, within a second. */
import { connect } from 'node:net';

/** Resolves true when something accepts a TCP connection at the URL's host and port (`defaultPort` when it names none). */
export function reachable(url: string, defaultPort = 6379): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = connect({ host: hostname, port: Number(port || defaultPort) });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(1000, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}
