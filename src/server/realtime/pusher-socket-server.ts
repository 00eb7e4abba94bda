import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { randomInt } from 'node:crypto';
import { WebSocket, WebSocketServer, type RawData } from 'ws';
import { isValidChannelName, verifyChannelSignature } from './channel-auth.ts';
import type { EventBus, RealtimeMessage } from './event-bus.ts';
import {
  PusherErrorCode,
  encodeChannelEvent,
  encodeConnectionEstablished,
  encodeConnectionEvent,
  encodeError,
  frameDataObject,
  parseClientFrame,
} from './pusher-protocol.ts';
import { consoleRealtimeLogger, type RealtimeLogger } from './realtime-logger.ts';
import { createRevocationMemory, parseStaffGrant, parseStaffRevocation, STAFF_REVOCATION_CHANNEL, type StaffGrant } from './staff-grants.ts';

/** Settings of the embedded Pusher-protocol WebSocket server. */
export type PusherSocketServerOptions = {
  appKey: string;
  appSecret: string;
  bus: EventBus;
  /** Seconds of client silence before the server sends pusher:ping (also announced to clients). */
  activityTimeoutSeconds?: number;
  /** Seconds the server waits for any reply to its ping before closing with 4201. */
  pongTimeoutSeconds?: number;
  maxConnections?: number;
  /** Connections one client address may hold at once (default 50); more are refused with 4100, which pusher-js retries with back-off. */
  maxConnectionsPerAddress?: number;
  /** Channels one connection may subscribe to (default 20); more get pusher:subscription_error with status 429. */
  maxChannelsPerConnection?: number;
  /** The client address of an upgrade request (default: the socket's peer; behind a proxy, what it forwards). */
  clientAddress?: (req: IncomingMessage) => string;
  logger?: RealtimeLogger;
};

/** The embedded server, fed by an http server's 'upgrade' events. */
export type PusherSocketServer = {
  /** Takes over the upgrade when the path is /app/:key and returns true; returns false (untouched) otherwise. */
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): boolean;
  /** Number of established (handshaken) connections. */
  connectionCount(): number;
  close(): Promise<void>;
};

type Connection = {
  id: string;
  ws: WebSocket;
  address: string;
  channels: Set<string>;
  /** The staff grants its private channels were signed for (channel_data), by channel. */
  grants: Map<string, StaffGrant>;
  lastActivityAt: number;
  pingSentAt: number | null;
};

const APP_PATH = /^\/app\/([^/]+)$/;
const SUPPORTED_PROTOCOLS = new Set([5, 6, 7]);
/** Pusher's limit for one client message. */
const MAX_MESSAGE_BYTES = 10 * 1024;
/** Hard frame cap enforced by ws itself (closes with 1009); between the two limits we answer with pusher:error. */
const MAX_FRAME_BYTES = 64 * 1024;
/** A client that lets this much output pile up is too slow to keep. */
const MAX_BUFFERED_BYTES = 1024 * 1024;
const SHUTDOWN_GRACE_MS = 1000;
/** Default caps: a diner's page holds one connection and one or two channels. */
const DEFAULT_CONNECTIONS_PER_ADDRESS = 50;
const DEFAULT_CHANNELS_PER_CONNECTION = 20;
/** Pusher's close code for a connection that is not (or no longer) authorised: pusher-js does not reconnect. */
const UNAUTHORIZED_CLOSE = 4009;

/** Byte length of a ws message, whatever its buffer form. */
function rawDataLength(data: RawData): number {
  return Array.isArray(data) ? data.reduce((sum, chunk) => sum + chunk.byteLength, 0) : data.byteLength;
}

/** Text of a ws message, whatever its buffer form. */
function rawDataText(data: RawData): string {
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  return Buffer.from(data instanceof ArrayBuffer ? new Uint8Array(data) : data).toString('utf8');
}

/** Pusher WebSocket protocol 7 server (public and private channels) on top of `ws` in noServer mode. */
export function createPusherSocketServer(options: PusherSocketServerOptions): PusherSocketServer {
  const activityTimeoutSeconds = options.activityTimeoutSeconds ?? 120;
  const activityTimeoutMs = activityTimeoutSeconds * 1000;
  const pongTimeoutMs = (options.pongTimeoutSeconds ?? 30) * 1000;
  const maxChannels = options.maxChannelsPerConnection ?? DEFAULT_CHANNELS_PER_CONNECTION;
  const maxPerAddress = options.maxConnectionsPerAddress ?? DEFAULT_CONNECTIONS_PER_ADDRESS;
  const clientAddress = options.clientAddress ?? ((req: IncomingMessage) => req.socket.remoteAddress ?? '');
  const logger = options.logger ?? consoleRealtimeLogger;
  const credentials = { key: options.appKey, secret: options.appSecret };

  const wss = new WebSocketServer({ noServer: true, clientTracking: false, maxPayload: MAX_FRAME_BYTES });
  const connections = new Map<string, Connection>();
  // Open connections per client address.
  const perAddress = new Map<string, number>();
  const channels = new Map<string, Set<Connection>>();
  // Every socket we upgraded, refused ones included, so close() can end them all.
  const sockets = new Set<WebSocket>();
  const revoked = createRevocationMemory();
  let closed = false;

  function send(conn: Connection, frame: string): void {
    if (conn.ws.readyState !== WebSocket.OPEN) return;
    if (conn.ws.bufferedAmount > MAX_BUFFERED_BYTES) {
      logger.warn({ socketId: conn.id }, 'realtime client too slow, dropping it');
      conn.ws.terminate();
      return;
    }
    conn.ws.send(frame);
  }

  function sendError(conn: Connection, code: number | null, message: string): void {
    send(conn, encodeError(code, message));
  }

  function sendSubscriptionError(conn: Connection, channel: string, type: string, error: string, status: number): void {
    send(conn, encodeChannelEvent(channel, 'pusher:subscription_error', { type, error, status }));
  }

  function forget(conn: Connection): void {
    if (!connections.delete(conn.id)) return;
    const left = (perAddress.get(conn.address) ?? 1) - 1;
    if (left > 0) perAddress.set(conn.address, left);
    else perAddress.delete(conn.address);
    for (const channel of conn.channels) leave(conn, channel);
  }

  function leave(conn: Connection, channel: string): void {
    conn.channels.delete(channel);
    conn.grants.delete(channel);
    const members = channels.get(channel);
    if (!members) return;
    members.delete(conn);
    if (members.size === 0) channels.delete(channel);
  }

  function subscribe(conn: Connection, data: unknown): void {
    const request = frameDataObject(data);
    const channel = request?.channel;
    if (!isValidChannelName(channel)) {
      if (typeof channel === 'string') sendSubscriptionError(conn, channel, 'InvalidChannel', 'Invalid channel name', 400);
      else sendError(conn, PusherErrorCode.generic, 'pusher:subscribe needs data.channel');
      return;
    }
    if (conn.channels.has(channel)) {
      send(conn, encodeChannelEvent(channel, 'pusher_internal:subscription_succeeded', {}));
      return;
    }
    if (conn.channels.size >= maxChannels) {
      sendSubscriptionError(conn, channel, 'LimitReached', `At most ${maxChannels} channels per connection`, 429);
      return;
    }
    // Presence needs a member registry shared by every process; we do not have one, so refuse rather than lie.
    if (channel.startsWith('presence-')) {
      sendSubscriptionError(conn, channel, 'UnsupportedChannel', 'Presence channels are not enabled', 403);
      return;
    }
    if (channel.startsWith('private-encrypted-')) {
      sendSubscriptionError(conn, channel, 'UnsupportedChannel', 'Encrypted channels are not enabled', 403);
      return;
    }
    const channelData = channel.startsWith('private-') && typeof request?.channel_data === 'string' ? request.channel_data : undefined;
    if (channel.startsWith('private-') && !verifyChannelSignature(credentials, conn.id, channel, request?.auth, channelData)) {
      sendSubscriptionError(conn, channel, 'AuthError', 'Invalid signature', 401);
      return;
    }
    const grant = parseStaffGrant(channelData);
    // Signed before its session or staff row was revoked: the signature still checks out, the grant does not.
    if (grant && revoked.revokes(grant)) {
      sendSubscriptionError(conn, channel, 'AuthError', 'Revoked', 401);
      return;
    }
    if (grant) conn.grants.set(channel, grant);
    let members = channels.get(channel);
    if (!members) {
      members = new Set();
      channels.set(channel, members);
    }
    members.add(conn);
    conn.channels.add(channel);
    send(conn, encodeChannelEvent(channel, 'pusher_internal:subscription_succeeded', {}));
  }

  function unsubscribe(conn: Connection, data: unknown): void {
    const channel = frameDataObject(data)?.channel;
    if (typeof channel === 'string') leave(conn, channel);
  }

  function onMessage(conn: Connection, data: RawData, isBinary: boolean): void {
    conn.lastActivityAt = Date.now();
    conn.pingSentAt = null;
    if (isBinary) return sendError(conn, PusherErrorCode.generic, 'Binary frames are not supported');
    if (rawDataLength(data) > MAX_MESSAGE_BYTES) {
      return sendError(conn, PusherErrorCode.generic, `Message exceeds ${MAX_MESSAGE_BYTES} bytes`);
    }
    const frame = parseClientFrame(rawDataText(data));
    if (!frame) return sendError(conn, PusherErrorCode.generic, 'Invalid message: expected JSON with an event');
    switch (frame.event) {
      case 'pusher:ping':
        return send(conn, encodeConnectionEvent('pusher:pong', {}));
      case 'pusher:pong':
        return;
      case 'pusher:subscribe':
        return subscribe(conn, frame.data);
      case 'pusher:unsubscribe':
        return unsubscribe(conn, frame.data);
    }
    if (frame.event.startsWith('client-')) {
      return sendError(conn, PusherErrorCode.clientEventRejected, 'Client events are not enabled');
    }
    sendError(conn, PusherErrorCode.generic, `Unsupported event: ${frame.event.slice(0, 64)}`);
  }

  function refuse(ws: WebSocket, code: number, message: string): void {
    ws.send(encodeError(code, message));
    // The close reason stays ASCII and short: ws throws on reasons over 123 bytes.
    ws.close(code, `pusher error ${code}`);
  }

  function accept(ws: WebSocket, key: string, protocol: number, address: string): void {
    sockets.add(ws);
    ws.on('error', (error) => logger.debug?.({ err: error }, 'realtime socket error'));
    ws.on('close', () => sockets.delete(ws));
    if (key !== options.appKey) {
      return refuse(ws, PusherErrorCode.appKeyUnknown, `App key ${key.slice(0, 64)} not in this cluster`);
    }
    if (!SUPPORTED_PROTOCOLS.has(protocol)) {
      return refuse(ws, PusherErrorCode.unsupportedProtocol, `Unsupported protocol version ${protocol}`);
    }
    if (options.maxConnections !== undefined && connections.size >= options.maxConnections) {
      return refuse(ws, PusherErrorCode.overCapacity, 'Over capacity');
    }
    if ((perAddress.get(address) ?? 0) >= maxPerAddress) {
      logger.warn({ address }, 'realtime connection refused: too many from one address');
      return refuse(ws, PusherErrorCode.overCapacity, `At most ${maxPerAddress} connections per client address`);
    }
    perAddress.set(address, (perAddress.get(address) ?? 0) + 1);
    let id: string;
    do id = `${randomInt(1, 2 ** 31)}.${randomInt(1, 2 ** 31)}`;
    while (connections.has(id));
    const conn: Connection = { id, ws, address, channels: new Set(), grants: new Map(), lastActivityAt: Date.now(), pingSentAt: null };
    connections.set(id, conn);
    ws.on('close', () => forget(conn));
    ws.on('message', (data, isBinary) => {
      try {
        onMessage(conn, data, isBinary);
      } catch (error) {
        logger.error({ err: error, socketId: id }, 'realtime message handling failed');
      }
    });
    send(conn, encodeConnectionEstablished(id, activityTimeoutSeconds));
  }

  /** Ends, at once, every connection holding a channel signed for a revoked session or staff row. */
  function revoke(data: unknown): void {
    const message = parseStaffRevocation(data);
    if (!message) return;
    revoked.remember(message);
    for (const conn of [...connections.values()]) {
      if (![...conn.grants.values()].some((grant) => revoked.revokes(grant, message))) continue;
      forget(conn);
      conn.ws.close(UNAUTHORIZED_CLOSE, 'Unauthorized');
      setTimeout(() => conn.ws.terminate(), SHUTDOWN_GRACE_MS).unref();
    }
  }

  function deliver(msg: RealtimeMessage): void {
    if (closed) return;
    if (msg.channel === STAFF_REVOCATION_CHANNEL) return revoke(msg.data);
    const members = channels.get(msg.channel);
    if (!members || members.size === 0) return;
    let frame: string;
    try {
      frame = encodeChannelEvent(msg.channel, msg.event, msg.data);
    } catch (error) {
      logger.error({ err: error, channel: msg.channel, event: msg.event }, 'realtime event data is not serialisable');
      return;
    }
    for (const conn of members) send(conn, frame);
  }

  function checkLiveness(): void {
    const now = Date.now();
    for (const conn of connections.values()) {
      if (conn.pingSentAt !== null) {
        if (now - conn.pingSentAt < pongTimeoutMs) continue;
        forget(conn);
        conn.ws.close(PusherErrorCode.pongNotReceived, 'Pong reply not received');
        // A dead peer never completes the close handshake.
        setTimeout(() => conn.ws.terminate(), SHUTDOWN_GRACE_MS).unref();
      } else if (now - conn.lastActivityAt >= activityTimeoutMs) {
        conn.pingSentAt = now;
        send(conn, encodeConnectionEvent('pusher:ping', {}));
      }
    }
  }

  options.bus.subscribe(deliver);
  const tickMs = Math.min(5000, Math.max(50, Math.min(activityTimeoutMs, pongTimeoutMs) / 4));
  const livenessTimer = setInterval(checkLiveness, tickMs);
  livenessTimer.unref();

  return {
    handleUpgrade(req, socket, head) {
      let url: URL;
      try {
        url = new URL(req.url ?? '/', 'http://localhost');
      } catch {
        return false;
      }
      const match = APP_PATH.exec(url.pathname);
      if (!match?.[1]) return false;
      if (closed) {
        socket.destroy();
        return true;
      }
      let key: string;
      try {
        key = decodeURIComponent(match[1]);
      } catch {
        key = match[1];
      }
      const protocol = Number(url.searchParams.get('protocol'));
      const address = clientAddress(req);
      wss.handleUpgrade(req, socket, head, (ws) => {
        try {
          accept(ws, key, protocol, address);
        } catch (error) {
          logger.error({ err: error }, 'realtime connection setup failed');
          ws.terminate();
        }
      });
      return true;
    },
    connectionCount() {
      return connections.size;
    },
    async close() {
      if (closed) return;
      closed = true;
      clearInterval(livenessTimer);
      const pending = [...sockets].map(
        (ws) =>
          new Promise<void>((resolve) => {
            if (ws.readyState === WebSocket.CLOSED) return resolve();
            ws.once('close', () => resolve());
            ws.close(1001, 'Server shutting down');
          }),
      );
      let graceTimer: NodeJS.Timeout | undefined;
      const grace = new Promise<void>((resolve) => {
        graceTimer = setTimeout(resolve, SHUTDOWN_GRACE_MS);
      });
      await Promise.race([Promise.all(pending), grace]);
      clearTimeout(graceTimer);
      for (const ws of sockets) ws.terminate();
      connections.clear();
      channels.clear();
      perAddress.clear();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
}
