/** Real pusher-js clients on a test server, private channels authorised by its POST /broadcasting/auth; all disconnected after each test. */
import { afterEach } from 'vitest';
import { connectClient, type Pusher } from '../realtime/support.ts';
import type { TestServer } from './test-server.ts';

/** Registers the clean-up and returns a maker of clients that sign private channels with `bearer` (none: anonymous). */
export function usePusherClients(t: Pick<TestServer, 'url'>, key: string): (bearer?: string) => Pusher {
  const clients: Pusher[] = [];
  afterEach(() => {
    for (const client of clients.splice(0)) client.disconnect();
  });
  return (bearer) => {
    const pusher = connectClient(Number(new URL(t.url).port), key, {
      channelAuthorization: {
        customHandler: ({ socketId, channelName }, callback) => {
          void (async () => {
            const response = await fetch(`${t.url}/broadcasting/auth`, {
              method: 'POST',
              headers: { 'content-type': 'application/x-www-form-urlencoded', ...(bearer ? { authorization: `Bearer ${bearer}` } : {}) },
              body: new URLSearchParams({ socket_id: socketId, channel_name: channelName }).toString(),
            });
            if (!response.ok) return callback(new Error(`auth answered ${response.status}`), null);
            callback(null, await response.json());
          })();
        },
      },
    } as Parameters<typeof connectClient>[2]);
    clients.push(pusher);
    return pusher;
  };
}
