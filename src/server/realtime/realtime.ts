import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import proxyAddr from '@fastify/proxy-addr';
import { createBusBroadcaster, createPusherSdkBroadcaster, type Broadcaster, type ExternalPusherConfig } from './broadcaster.ts';
import { signChannel, type ChannelAuthorization } from './channel-auth.ts';
import { createLocalBus, createRedisBus, type EventBus } from './event-bus.ts';
import { createPusherSocketServer, type PusherSocketServer } from './pusher-socket-server.ts';
import { consoleRealtimeLogger, type RealtimeLogger } from './realtime-logger.ts';
import { STAFF_REVOCATION_CHANNEL, STAFF_REVOCATION_EVENT, type StaffRevocationMessage } from './staff-grants.ts';
import type { RealtimeClientConfig } from '../../shared/api/realtime.ts';

/** How live updates are delivered: embedded server (optionally fanned out through Redis) or an external Pusher service. */
export type RealtimeConfig = {
  appId: string;
  key: string;
  secret: string;
  cluster: string;
  /** Embedded mode: share events between processes through this Redis. */
  redisUrl?: string;
  /** Redis pub/sub topic (default 'couvert:realtime'); processes that share events must use the same one. */
  redisTopic?: string;
  /** When set, events go to this external service and no WebSocket server is attached. */
  external?: ExternalPusherConfig;
  /** Embedded mode: where browsers reach the socket server when it is not the page's own host (e.g. behind a proxy). */
  publicWs?: { host: string; port?: number; tls?: boolean };
  activityTimeoutSeconds?: number;
  maxConnections?: number;
  /** Connections one client address may hold (embedded mode; default 50). */
  maxConnectionsPerAddress?: number;
  /** Channels one connection may subscribe to (embedded mode; default 20). */
  maxChannelsPerConnection?: number;
  /** Which proxies' X-Forwarded-For to believe for client addresses, as the HTTP server's TRUST_PROXY. */
  trustProxy?: boolean | string;
  logger?: RealtimeLogger;
};

/** The live-update facility the HTTP server uses. */
export type Realtime = {
  broadcaster: Broadcaster;
  /** Routes WebSocket upgrades on /app/* of this server to the embedded socket server; no-op in external mode. */
  attach(server: Server): void;
  /** Signs a private channel subscription for the auth endpoint; throws on a malformed socket id or channel name. */
  authorize(socketId: string, channel: string, channelData?: string): ChannelAuthorization;
  clientConfig(): RealtimeClientConfig;
  /**
   * Ends the sockets of revoked staff sessions and removed staff rows at once, on every process (through the bus). An
   * external Pusher service cannot be told: there the revoked bearer only stops new subscriptions.
   */
  revokeStaff(revocation: { sessionIds: string[]; staffIds: string[] }): Promise<void>;
  close(): Promise<void>;
};

type UpgradeListener = (req: IncomingMessage, socket: Duplex, head: Buffer) => void;

/** Realtime wired to an external Pusher service through the official SDK. */
function createExternalRealtime(external: ExternalPusherConfig, logger: RealtimeLogger): Realtime {
  const broadcaster = createPusherSdkBroadcaster(external, logger);
  const useTLS = external.useTLS ?? true;
  return {
    broadcaster,
    attach() {},
    authorize(socketId, channel, channelData) {
      return signChannel({ key: external.key, secret: external.secret }, socketId, channel, channelData);
    },
    clientConfig() {
      return {
        key: external.key,
        cluster: external.cluster,
        ...(external.host ? { wsHost: external.host } : {}),
        ...(external.host && external.port !== undefined ? { wsPort: external.port, wssPort: external.port } : {}),
        forceTLS: useTLS,
        enabledTransports: ['ws', 'wss'],
      };
    },
    async revokeStaff() {},
    close: () => broadcaster.close(),
  };
}

/** The client address of an upgrade request, believing X-Forwarded-For from trusted proxies as Fastify does for requests. */
function clientAddressOf(trustProxy: boolean | string | undefined): (req: IncomingMessage) => string {
  if (!trustProxy) return (req) => req.socket.remoteAddress ?? '';
  const trusted = trustProxy === true ? () => true : proxyAddr.compile(trustProxy.split(',').map((value) => value.trim()));
  return (req) => proxyAddr(req, trusted);
}

/** Realtime served by our own Pusher-protocol server on the API's HTTP server. */
function createEmbeddedRealtime(config: RealtimeConfig, logger: RealtimeLogger): Realtime {
  const bus: EventBus = config.redisUrl ? createRedisBus(config.redisUrl, config.redisTopic, logger) : createLocalBus(logger);
  const socketServer: PusherSocketServer = createPusherSocketServer({
    appKey: config.key,
    appSecret: config.secret,
    bus,
    logger,
    ...(config.activityTimeoutSeconds !== undefined ? { activityTimeoutSeconds: config.activityTimeoutSeconds } : {}),
    ...(config.maxConnections !== undefined ? { maxConnections: config.maxConnections } : {}),
    ...(config.maxConnectionsPerAddress !== undefined ? { maxConnectionsPerAddress: config.maxConnectionsPerAddress } : {}),
    ...(config.maxChannelsPerConnection !== undefined ? { maxChannelsPerConnection: config.maxChannelsPerConnection } : {}),
    clientAddress: clientAddressOf(config.trustProxy),
  });
  const broadcaster = createBusBroadcaster(bus, logger);
  const attached = new Map<Server, UpgradeListener>();

  return {
    broadcaster,
    attach(server) {
      if (attached.has(server)) return;
      const listener: UpgradeListener = (req, socket, head) => {
        if (socketServer.handleUpgrade(req, socket, head)) return;
        // Nobody else listens for upgrades: answer instead of leaving the socket hanging.
        if (server.listenerCount('upgrade') === 1) {
          socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
        }
      };
      server.on('upgrade', listener);
      attached.set(server, listener);
    },
    authorize(socketId, channel, channelData) {
      return signChannel({ key: config.key, secret: config.secret }, socketId, channel, channelData);
    },
    clientConfig() {
      const publicWs = config.publicWs;
      return {
        key: config.key,
        cluster: config.cluster,
        ...(publicWs ? { wsHost: publicWs.host } : {}),
        ...(publicWs?.port !== undefined ? { wsPort: publicWs.port, wssPort: publicWs.port } : {}),
        forceTLS: publicWs?.tls ?? false,
        enabledTransports: ['ws', 'wss'],
      };
    },
    async revokeStaff({ sessionIds, staffIds }) {
      if (sessionIds.length === 0 && staffIds.length === 0) return;
      const message: StaffRevocationMessage = { sessionIds, staffIds, at: Date.now() };
      try {
        await bus.publish({ channel: STAFF_REVOCATION_CHANNEL, event: STAFF_REVOCATION_EVENT, data: message });
      } catch (error) {
        logger.error({ err: error }, 'staff revocation publish failed');
      }
    },
    async close() {
      for (const [server, listener] of attached) server.off('upgrade', listener);
      attached.clear();
      await broadcaster.close();
      await socketServer.close();
      await bus.close();
    },
  };
}

/** Picks the delivery mode from the config: external service when `external` is set, embedded otherwise. */
export function createRealtime(config: RealtimeConfig): Realtime {
  const logger = config.logger ?? consoleRealtimeLogger;
  return config.external ? createExternalRealtime(config.external, logger) : createEmbeddedRealtime(config, logger);
}
