import { createHmac } from 'node:crypto';
import { describe, test, expect } from 'vitest';
import PusherServer from 'pusher';
import { isValidChannelName, isValidSocketId, signChannel, verifyChannelSignature } from '../../src/server/realtime/channel-auth.ts';

// Example credentials from Pusher's channel authorization docs.
const credentials = { key: '278d425bdf160c739803', secret: '7ad3773142a6692b25b8' };
const presenceData = JSON.stringify({ user_id: 10, user_info: { name: 'Mr. Channels' } });

function independentSignature(text: string): string {
  return createHmac('sha256', credentials.secret).update(text).digest('hex');
}

describe('signChannel', () => {
  test('matches the private-channel vector published by Pusher', () => {
    expect(signChannel(credentials, '1234.1234', 'private-foobar')).toEqual({
      auth: '278d425bdf160c739803:58df8b0c36d6982b82c3ecf6b4662e34fe8c25bba48f5369f135bf843651c3a4',
    });
  });

  test.each([
    ['a private channel', '1234.1234', 'private-foobar', undefined, '1234.1234:private-foobar'],
    ['a presence channel with channel data', '98.7', 'presence-room', presenceData, `98.7:presence-room:${presenceData}`],
    ['a public booking channel', '5.6', 'booking.ABC123', undefined, '5.6:booking.ABC123'],
  ])('signs %s as HMAC-SHA256 of socket_id:channel[:data]', (_label, socketId, channel, channelData, signed) => {
    const result = signChannel(credentials, socketId, channel, channelData);
    expect(result.auth).toBe(`${credentials.key}:${independentSignature(signed)}`);
    expect(result.channel_data).toBe(channelData);
  });

  test.each([
    ['private-foobar', undefined],
    ['presence-room', { user_id: '10', user_info: { name: 'Mr. Channels' } }],
  ])('agrees with the pusher SDK authorizeChannel for %s', (channel, presence) => {
    const sdk = new PusherServer({ appId: '1', ...credentials, cluster: 'eu' });
    const expected = sdk.authorizeChannel('1234.1234', channel, presence);
    const ours = signChannel(credentials, '1234.1234', channel, presence ? JSON.stringify(presence) : undefined);
    expect(ours).toEqual(expected);
  });

  test.each([
    ['a socket id without a dot', '12345', 'private-x'],
    ['a socket id with letters', 'a.b', 'private-x'],
    ['a channel with a space', '1.2', 'private x'],
    ['an empty channel', '1.2', ''],
  ])('refuses %s', (_label, socketId, channel) => {
    expect(() => signChannel(credentials, socketId, channel)).toThrow(/Invalid/);
  });
});

describe('verifyChannelSignature', () => {
  const good = signChannel(credentials, '1.2', 'private-orders').auth;
  const presence = signChannel(credentials, '1.2', 'presence-room', presenceData).auth;

  test.each([
    ['its own signature', '1.2', 'private-orders', good, undefined, true],
    ['a presence signature with its channel data', '1.2', 'presence-room', presence, presenceData, true],
    ['a presence signature without its channel data', '1.2', 'presence-room', presence, undefined, false],
    ['another socket id', '1.3', 'private-orders', good, undefined, false],
    ['another channel', '1.2', 'private-other', good, undefined, false],
    ['another key prefix', '1.2', 'private-orders', good.replace(credentials.key, 'otherkey'), undefined, false],
    ['a truncated signature', '1.2', 'private-orders', good.slice(0, -2), undefined, false],
    ['no colon', '1.2', 'private-orders', 'garbage', undefined, false],
    ['a non-string auth', '1.2', 'private-orders', 42, undefined, false],
    ['a malformed socket id', 'x', 'private-orders', good, undefined, false],
  ])('judges %s', (_label, socketId, channel, auth, channelData, expected) => {
    expect(verifyChannelSignature(credentials, socketId, channel, auth, channelData)).toBe(expected);
  });
});

describe('name validation', () => {
  test.each([
    ['booking.abc-DEF_123', true],
    ['private-a=b@c,d.e;f', true],
    ['x'.repeat(164), true],
    ['x'.repeat(165), false],
    ['', false],
    ['has space', false],
    ['#server-to-user-1', false],
    ['slash/path', false],
    ['émoji', false],
  ])('channel name %j is valid: %s', (name, valid) => {
    expect(isValidChannelName(name)).toBe(valid);
  });

  test.each([
    ['123.456', true],
    ['1.2', true],
    ['123', false],
    ['123.456.789', false],
    ['-1.2', false],
    ['1.2 ', false],
    ['', false],
  ])('socket id %j is valid: %s', (socketId, valid) => {
    expect(isValidSocketId(socketId)).toBe(valid);
  });
});
