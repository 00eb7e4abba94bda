import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { loadConfig } from '../../src/server/config.ts';
import { createVonageSmsSender, SmsGatewayError } from '../../src/server/mail/vonage-sms.ts';
import { startVonageStandIn, type VonageStandIn } from '../support/vonage-stand-in.ts';

const credentials = { apiKey: 'abcd1234', apiSecret: 'Sup3rS3cret' };
let vonage: VonageStandIn;

beforeAll(async () => {
  vonage = await startVonageStandIn(credentials);
});
afterAll(() => vonage.close());

describe('text messages through Vonage', () => {
  test('a message is posted as the Messages API expects: Basic auth, sms channel, number without +, GSM-7 encoding', async () => {
    const sender = createVonageSmsSender({ ...credentials, from: 'Couvert', apiHost: vonage.url });
    await sender.send('+33612345678', 'Le Petit Zinc: réservation confirmée le mer. 25/11 20:00, 4 pers.');
    const call = vonage.calls.at(-1)!;
    expect(call).toMatchObject({ method: 'POST', path: '/v1/messages' });
    expect(call.headers['content-type']).toBe('application/json');
    expect(call.body).toEqual({
      message_type: 'text',
      channel: 'sms',
      to: '33612345678',
      from: 'Couvert',
      text: 'Le Petit Zinc: réservation confirmée le mer. 25/11 20:00, 4 pers.',
      sms: { encoding_type: 'text' },
    });
  });

  test('a text GSM-7 cannot hold goes as unicode', async () => {
    const sender = createVonageSmsSender({ ...credentials, from: 'Couvert', apiHost: vonage.url });
    await sender.send('+81312345678', 'Sakura 桜: confirmed');
    expect(vonage.calls.at(-1)!.body).toMatchObject({ to: '81312345678', sms: { encoding_type: 'unicode' } });
  });

  test.each([
    [429, 'Rate Limit Hit'],
    [500, 'Internal Error'],
    [503, 'Service Unavailable'],
  ])('Vonage answering %i fails the send with an error, so its job retries', async (status, title) => {
    const sender = createVonageSmsSender({ ...credentials, from: 'Couvert', apiHost: vonage.url });
    vonage.failWith(status, title);
    try {
      const failure = await sender.send('+33612345678', 'secret manage link #manage=KEY').catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(SmsGatewayError);
      expect(failure).toMatchObject({ status, message: expect.stringContaining(title) });
      // The message text (which may hold a manage link) never goes into the error, hence never into a log.
      expect((failure as Error).message).not.toContain('KEY');
      // Nor the SDK's own error, which holds the request and its Basic authentication header.
      const basic = Buffer.from(`${credentials.apiKey}:${credentials.apiSecret}`).toString('base64');
      expect(JSON.stringify({ ...(failure as object), message: (failure as Error).message })).not.toMatch(new RegExp(`${credentials.apiSecret}|${basic}`));
      expect(Object.keys(failure as object).sort()).toEqual(['name', 'status']);
    } finally {
      vonage.failWith(undefined);
    }
  });

  test('wrong credentials fail the send with 401', async () => {
    const sender = createVonageSmsSender({ ...credentials, apiSecret: 'wrong', from: 'Couvert', apiHost: vonage.url });
    await expect(sender.send('+33612345678', 'x')).rejects.toMatchObject({ name: 'SmsGatewayError', status: 401 });
  });

  test('an unreachable gateway fails the send', async () => {
    const closed = await startVonageStandIn(credentials);
    await closed.close();
    const sender = createVonageSmsSender({ ...credentials, from: 'Couvert', apiHost: closed.url, timeoutMs: 2000 });
    await expect(sender.send('+33612345678', 'x')).rejects.toBeInstanceOf(SmsGatewayError);
  });
});

describe('configuring Vonage', () => {
  test('the three variables together turn it on; none leaves the outbox; some alone stop the start', () => {
    const all = { VONAGE_API_KEY: 'k', VONAGE_API_SECRET: 's', VONAGE_SMS_FROM: 'Couvert' };
    expect(loadConfig(all).vonage).toEqual({ apiKey: 'k', apiSecret: 's', from: 'Couvert', apiHost: 'https://api.nexmo.com' });
    expect(loadConfig({ ...all, VONAGE_API_HOST: 'https://api-eu.nexmo.com' }).vonage?.apiHost).toBe('https://api-eu.nexmo.com');
    expect(loadConfig({}).vonage).toBeUndefined();
    expect(() => loadConfig({ VONAGE_API_KEY: 'k' })).toThrow(/set all three or none/);
  });
});
