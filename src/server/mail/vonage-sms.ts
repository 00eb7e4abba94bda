/**
 * An SmsSender through Vonage's Messages API with its official SDK (@vonage/messages): the account's key and secret
 * as Basic authentication, `apiHost` pointing at Vonage (or, in tests, at a local stand-in).
 */
import type { Messages, SMS } from '@vonage/messages';
import { isGsm7 } from './sms-segments.ts';
import type { SmsSender } from './sms-sender.ts';

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

/** The SDK (some 300 modules with its dependencies), loaded by the first send: a process that sends no SMS never pays for it. */
async function vonageClient(options: VonageSmsOptions): Promise<{ client: Messages; SMS: typeof SMS }> {
  const [{ Auth }, { Messages, SMS }] = await Promise.all([import('@vonage/auth'), import('@vonage/messages')]);
  const client = new Messages(new Auth({ apiKey: options.apiKey, apiSecret: options.apiSecret }), {
    apiHost: (options.apiHost ?? VONAGE_API_HOST).replace(/\/+$/, ''),
    timeout: options.timeoutMs ?? 10_000,
  });
  return { client, SMS };
}

/** Sends each message as one Messages API call; throws SmsGatewayError unless Vonage accepted it. */
export function createVonageSmsSender(options: VonageSmsOptions): SmsSender {
  let sdk: ReturnType<typeof vonageClient> | undefined;
  return {
    async send(to, text) {
      const { client, SMS } = await (sdk ??= vonageClient(options));
      const message = new SMS({
        // The class sets both itself; its parameter type asks for them all the same.
        channel: 'sms',
        messageType: 'text',
        // Vonage takes international numbers without the leading +.
        to: to.replace(/^\+/, ''),
        from: options.from,
        text,
        // Said outright rather than left to 'auto', so a text we fitted into one GSM-7 segment goes as one.
        sms: { encodingType: isGsm7(text) ? 'text' : 'unicode' },
      });
      let uuid: string | undefined;
      try {
        uuid = (await client.send(message)).messageUUID;
      } catch (error) {
        throw await gatewayError(error);
      }
      if (typeof uuid !== 'string') throw new SmsGatewayError('Vonage accepted the SMS without a message_uuid');
    },
  };
}

/**
 * The SDK's failure as our own error: the HTTP status and the problem's title and detail, never the SDK's error
 * itself, which holds the request (its Basic authentication header) and the message text (it may carry a manage link).
 */
async function gatewayError(error: unknown): Promise<SmsGatewayError> {
  const response = (error as { response?: unknown } | null)?.response;
  if (response instanceof Response) {
    const problem = (await response.json().catch(() => ({}))) as { title?: unknown; detail?: unknown };
    const why = [problem.title, problem.detail].filter((part) => typeof part === 'string').join(': ');
    return new SmsGatewayError(`Vonage refused the SMS (${response.status})${why ? `: ${why}` : ''}`, response.status);
  }
  const name = error instanceof Error ? error.name : 'error';
  return new SmsGatewayError(`Vonage unreachable (${name})`);
}
