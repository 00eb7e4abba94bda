/**
 * A local stand-in of Vonage's Messages API (POST /v1/messages, Basic authentication, 202 with a message_uuid, RFC 7807
 * problems otherwise), so the SMS sender is tested over real HTTP and never reaches the network.
 */
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One call the stand-in received. */
export interface VonageCall {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: unknown;
}

/** The running stand-in. */
export interface VonageStandIn {
  /** Its base URL: the sender's apiHost. */
  url: string;
  calls: VonageCall[];
  /** The next calls fail with this HTTP status and problem (429 throttled, 5xx), until cleared with undefined. */
  failWith(status: number | undefined, title?: string): void;
  close(): Promise<void>;
}

/** Starts the stand-in on a free loopback port, accepting only this key and secret. */
export async function startVonageStandIn(credentials: { apiKey: string; apiSecret: string }): Promise<VonageStandIn> {
  const calls: VonageCall[] = [];
  let failure: { status: number; title: string } | undefined;
  const expected = `Basic ${Buffer.from(`${credentials.apiKey}:${credentials.apiSecret}`).toString('base64')}`;
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      let body: unknown = raw;
      try {
        body = JSON.parse(raw);
      } catch {
        // kept as text: the test then sees what was sent
      }
      calls.push({ method: request.method ?? '', path: request.url ?? '', headers: request.headers, body });
      const problem = (status: number, title: string, detail: string) => {
        response.writeHead(status, { 'content-type': 'application/problem+json' });
        response.end(JSON.stringify({ type: `https://developer.vonage.com/api-errors#${status}`, title, detail, instance: randomUUID() }));
      };
      if (request.method !== 'POST' || request.url !== '/v1/messages') return problem(404, 'Not Found', 'no such endpoint');
      if (request.headers.authorization !== expected) return problem(401, 'Unauthorized', 'You did not provide correct credentials.');
      const message = body as Record<string, unknown>;
      const missing = ['message_type', 'channel', 'to', 'from', 'text'].filter((key) => typeof message[key] !== 'string' || message[key] === '');
      if (missing.length > 0 || message.channel !== 'sms' || !/^[1-9]\d{6,14}$/.test(String(message.to)))
        return problem(422, 'Invalid params', `The value of one or more parameters is invalid: ${missing.join(', ') || 'to'}`);
      if (failure) return problem(failure.status, failure.title, 'stand-in failure');
      response.writeHead(202, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ message_uuid: randomUUID() }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    failWith(status, title = 'Failure') {
      failure = status === undefined ? undefined : { status, title };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
