/** The mail the e2e server writes to its outbox (DATA_DIR/outbox/*.eml), read as a diner's mail client would: the plain-text part. */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { E2E_DATA_DIR_ENV } from './e2e-env.ts';

/** One mail: its subject and its plain text, decoded. */
export interface OutboxMail {
  subject: string;
  text: string;
}

/** Undoes quoted-printable (soft line breaks, =XX bytes as UTF-8). */
function decodeQuotedPrintable(body: string): string {
  const joined = body.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const hex = joined.slice(i + 1, i + 3);
    if (joined[i] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else bytes.push(...Buffer.from(joined[i]!, 'utf8'));
  }
  return Buffer.from(bytes).toString('utf8');
}

/** The decoded body of the first text/plain part of a MIME message (or of the message itself). */
function plainText(raw: string): string {
  const parts = raw.split(/\r?\n--[^\r\n]+\r?\n/);
  for (const part of parts) {
    const split = part.search(/\r?\n\r?\n/);
    const headers = part.slice(0, split);
    if (!/content-type:\s*text\/plain/i.test(headers)) continue;
    const body = part
      .slice(split)
      .replace(/^\r?\n\r?\n/, '')
      .split(/\r?\n--/)[0]!;
    if (/content-transfer-encoding:\s*quoted-printable/i.test(headers)) return decodeQuotedPrintable(body);
    if (/content-transfer-encoding:\s*base64/i.test(headers)) return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
    return body;
  }
  return '';
}

/** The subject header, with RFC 2047 encoded words decoded. */
function subjectOf(raw: string): string {
  const match = /^Subject: (.*(?:\r?\n[ \t].*)*)/im.exec(raw);
  const folded = (match?.[1] ?? '').replace(/\r?\n[ \t]/g, ' ');
  return folded.replace(/=\?utf-8\?([bq])\?([^?]*)\?=\s*/gi, (_all, kind: string, text: string) =>
    kind.toLowerCase() === 'b' ? Buffer.from(text, 'base64').toString('utf8') : decodeQuotedPrintable(text.replace(/_/g, ' ')),
  );
}

/** Every mail sent to `address` so far, oldest first. */
export async function mailTo(address: string): Promise<OutboxMail[]> {
  const dataDir = process.env[E2E_DATA_DIR_ENV];
  if (!dataDir) throw new Error(`${E2E_DATA_DIR_ENV} is not set: run the e2e tests with -c tests/e2e/playwright.config.ts`);
  const dir = path.join(dataDir, 'outbox');
  const names = (await readdir(dir).catch(() => [] as string[])).filter((name) => name.endsWith('.eml')).sort();
  const raws = await Promise.all(names.map((name) => readFile(path.join(dir, name), 'utf8')));
  return raws
    .filter((raw) => new RegExp(`^To: .*${address.replace(/[.+]/g, '\\$&')}`, 'im').test(raw))
    .map((raw) => ({ subject: subjectOf(raw), text: plainText(raw) }));
}

/** Waits (messages leave from the scheduler, after the answer) for a mail to `address` whose text matches `pattern`; returns the match. */
export async function waitForMail(address: string, pattern: RegExp, timeoutMs = 15_000): Promise<RegExpMatchArray> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    for (const mail of (await mailTo(address)).reverse()) {
      const found = mail.text.match(pattern);
      if (found) return found;
    }
    if (Date.now() > deadline) throw new Error(`no mail to ${address} matching ${pattern} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
