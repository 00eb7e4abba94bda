/** Pusher protocol error/close codes this server emits (https://pusher.com/docs/channels/library_auth_reference/pusher-websockets-protocol/). */
export const PusherErrorCode = {
  /** 4001: the app key in the URL is unknown; client must not reconnect. */
  appKeyUnknown: 4001,
  /** 4007: the client's protocol version is not supported. */
  unsupportedProtocol: 4007,
  /** 4100: over capacity; client reconnects with back-off. */
  overCapacity: 4100,
  /** 4200: generic error; as a close code the client reconnects immediately. */
  generic: 4200,
  /** 4201: a server ping got no reply in time. */
  pongNotReceived: 4201,
  /** 4301: client event refused. */
  clientEventRejected: 4301,
} as const;

/** A decoded frame sent by a client: `data` is whatever the client put there (object or JSON string). */
export type ClientFrame = { event: string; channel?: string; data: unknown };

/** Server frame for an event on a channel; data travels as a string, like the Pusher HTTP API (strings pass through unchanged). */
export function encodeChannelEvent(channel: string, event: string, data: unknown): string {
  return JSON.stringify({ event, channel, data: typeof data === 'string' ? data : JSON.stringify(data) });
}

/** Server frame for a connection-level event (ping, pong, established); data is JSON-encoded into a string. */
export function encodeConnectionEvent(event: string, data: unknown): string {
  return JSON.stringify({ event, data: JSON.stringify(data) });
}

/** `pusher:error` frame; its data is an object, as Pusher sends it and pusher-js reads it during the handshake. */
export function encodeError(code: number | null, message: string): string {
  return JSON.stringify({ event: 'pusher:error', data: { code, message } });
}

/** `pusher:connection_established` frame announcing the socket id and the activity timeout in seconds. */
export function encodeConnectionEstablished(socketId: string, activityTimeoutSeconds: number): string {
  return encodeConnectionEvent('pusher:connection_established', {
    socket_id: socketId,
    activity_timeout: activityTimeoutSeconds,
  });
}

/** Parses a client text frame; null when it is not JSON or lacks a string `event`. */
export function parseClientFrame(text: string): ClientFrame | null {
  let decoded: unknown;
  try {
    decoded = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof decoded !== 'object' || decoded === null) return null;
  const frame = decoded as Record<string, unknown>;
  if (typeof frame.event !== 'string') return null;
  const channel = typeof frame.channel === 'string' ? frame.channel : undefined;
  return channel === undefined ? { event: frame.event, data: frame.data } : { event: frame.event, channel, data: frame.data };
}

/** Reads a frame's `data` as an object, accepting both an object and a JSON-encoded object. */
export function frameDataObject(data: unknown): Record<string, unknown> | null {
  let value = data;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value);
    } catch {
      return null;
    }
  }
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
}
