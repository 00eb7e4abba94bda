/**
 * An SmsSender through Vonage's Messages API (https://developer.vonage.com/api/messages): POST {apiHost}/v1/messages
 * with the account's key and secret as Basic authentication. Written against the documented REST call because the
 * official SDK (@vonage/messages, whose `apiHost` option is this one) is not installed yet; see docs/messages.md.
 */
import { isGsm7 } from './sms-segments.ts';
import type { SmsSender } from './sms.ts';

/** Vonage's default API host; `https://api-eu.nexmo.com` keeps the traffic in the EU region. */
export const VONAGE_API_HOST = 'https://api.nexmo.com';

/** How the sender reaches Vonage. */
export interface VonageSmsOptions {
  apiKey: string;
  apiSecret: string;
  /** The sender: an alphanumeric name (up to 11 characters) or a number, as the destination country allows. */
  from: string;
  /** Default VONAGE_API_HOST; tests point it at a local stand-in. */
  apiHost?: string;
  /** How long one call may take before it counts as failed (and the job retries). */
  timeoutMs?: number;
}

/** A send Vonage refused or did not answer: the job that sent it retries. */
export class SmsGatewayError extends Error {
  /** The HTTP status, when Vonage answered. */
  readonly status: number | undefined;

  constructor(message: string, status?: number) {
    super(message);
    this.name = 'SmsGatewayError';
    this.status = status;
  }
}

/** Sends each message as one Messages API call; throws SmsGatewayError unless Vonage accepted it (202). */
export function createVonageSmsSender(options: VonageSmsOptions): SmsSender {
  const url = `${(options.apiHost ?? VONAGE_API_HOST).replace(/\/+$/, '')}/v1/messages`;
  const authorization = `Basic ${Buffer.from(`${options.apiKey}:${options.apiSecret}`).toString('base64')}`;
  return {
    async send(to, text) {
      const body = {
        message_type: 'text',
        channel: 'sms',
        // Vonage takes international numbers without the leading +.
        to: to.replace(/^\+/, ''),
        from: options.from,
        text,
        // Said outright rather than left to 'auto', so a text we fitted into one GSM-7 segment goes as one.
        sms: { encoding_type: isGsm7(text) ? 'text' : 'unicode' },
      };
      let response: Response;
      try {
        response = await fetch(url, {
          method: 'POST',
          headers: { authorization, 'content-type': 'application/json', accept: 'application/json' },
          body: JSON.stringify(body),
          signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
        });
      } catch (error) {
        throw new SmsGatewayError(`Vonage unreachable: ${error instanceof Error ? error.message : String(error)}`);
      }
      const answer = (await response.json().catch(() => ({}))) as { message_uuid?: unknown; title?: unknown; detail?: unknown };
      if (response.status !== 202 || typeof answer.message_uuid !== 'string') {
        // The problem's title and detail say what was wrong; never the message text (it may carry a manage link).
        const why = [answer.title, answer.detail].filter((part) => typeof part === 'string').join(': ');
        throw new SmsGatewayError(`Vonage refused the SMS (${response.status})${why ? `: ${why}` : ''}`, response.status);
      }
    },
  };
}
