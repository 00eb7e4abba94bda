/** A raw HTTP GET for tests of encodings and headers: unlike fetch, it sends no Accept-Encoding unless told and never decodes. */
import { request } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';

/** What came back, as sent. */
export interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** GETs `url` with exactly `headers`. */
export function rawGet(url: string, headers: Record<string, string> = {}): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const sent = request(url, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
    });
    sent.on('error', reject);
    sent.end();
  });
}

/** The text of a body sent with `encoding` (br, gzip or none). */
export function decodeBody(body: Buffer, encoding: string | string[] | undefined): string {
  if (encoding === 'br') return brotliDecompressSync(body).toString();
  if (encoding === 'gzip') return gunzipSync(body).toString();
  return body.toString();
}
