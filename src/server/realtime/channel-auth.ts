import { createHmac, timingSafeEqual } from 'node:crypto';

/** The app key/secret pair that signs channel subscriptions. */
export type ChannelAuthCredentials = { key: string; secret: string };

/** What an auth endpoint returns to pusher-js for a private or presence channel. */
export type ChannelAuthorization = { auth: string; channel_data?: string };

const SOCKET_ID = /^\d+\.\d+$/;
// Pusher's documented channel alphabet and length limit.
const CHANNEL_NAME = /^[A-Za-z0-9_\-=@,.;]+$/;
const MAX_CHANNEL_NAME_LENGTH = 164;

/** True when the value has Pusher's socket id shape, e.g. "123.456". */
export function isValidSocketId(socketId: unknown): socketId is string {
  return typeof socketId === 'string' && SOCKET_ID.test(socketId);
}

/** True when the value is a channel name Pusher accepts (allowed characters, 1..164 long). */
export function isValidChannelName(channelName: unknown): channelName is string {
  return typeof channelName === 'string' && channelName.length <= MAX_CHANNEL_NAME_LENGTH && CHANNEL_NAME.test(channelName);
}

/** Hex HMAC-SHA256 of `socket_id:channel_name[:channel_data]`, the string Pusher signs. */
function channelSignature(secret: string, socketId: string, channelName: string, channelData?: string): string {
  const parts = channelData === undefined ? [socketId, channelName] : [socketId, channelName, channelData];
  return createHmac('sha256', secret).update(parts.join(':')).digest('hex');
}

/** Signs a channel subscription exactly as Pusher does; throws on a malformed socket id or channel name. */
export function signChannel(credentials: ChannelAuthCredentials, socketId: string, channelName: string, channelData?: string): ChannelAuthorization {
  if (!isValidSocketId(socketId)) throw new Error(`Invalid socket id: '${socketId}'`);
  if (!isValidChannelName(channelName)) throw new Error(`Invalid channel name: '${channelName}'`);
  const signature = channelSignature(credentials.secret, socketId, channelName, channelData);
  const auth = `${credentials.key}:${signature}`;
  return channelData === undefined ? { auth } : { auth, channel_data: channelData };
}

/** True when `auth` ("key:signature") is the valid signature of this subscription; never throws. */
export function verifyChannelSignature(
  credentials: ChannelAuthCredentials,
  socketId: string,
  channelName: string,
  auth: unknown,
  channelData?: string,
): boolean {
  if (typeof auth !== 'string' || !isValidSocketId(socketId) || !isValidChannelName(channelName)) return false;
  const separator = auth.indexOf(':');
  if (separator < 0 || auth.slice(0, separator) !== credentials.key) return false;
  const given = Buffer.from(auth.slice(separator + 1), 'utf8');
  const expected = Buffer.from(channelSignature(credentials.secret, socketId, channelName, channelData), 'utf8');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
