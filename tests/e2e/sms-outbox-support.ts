/** The text messages the e2e server writes to its outbox (DATA_DIR/outbox/sms/*.txt, "To: +33…" then the text), read as a diner's phone would. */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { E2E_DATA_DIR_ENV } from './e2e-env.ts';

/** A phone as typed on NoAuth ("06 21 23 45 67") in the E.164 form the server sends to (+33621234567). */
export function frenchE164(typed: string): string {
  const digits = typed.replace(/\D/g, '');
  return digits.startsWith('0') ? `+33${digits.slice(1)}` : `+${digits}`;
}

/** Every message sent to `phone` (E.164) so far, oldest first. */
export async function smsTo(phone: string): Promise<string[]> {
  const dataDir = process.env[E2E_DATA_DIR_ENV];
  if (!dataDir) throw new Error(`${E2E_DATA_DIR_ENV} is not set: run the e2e tests with -c tests/e2e/playwright.config.ts`);
  const dir = path.join(dataDir, 'outbox', 'sms');
  const names = await readdir(dir).catch(() => [] as string[]);
  const texts = await Promise.all(names.sort().map((name) => readFile(path.join(dir, name), 'utf8')));
  return texts.filter((text) => text.startsWith(`To: ${phone}\n`)).map((text) => text.slice(text.indexOf('\n\n') + 2));
}

/** Waits (the server sends after answering) for a message to `phone` that matches `pattern`; returns the match. */
export async function waitForSms(phone: string, pattern: RegExp, timeoutMs = 10_000): Promise<RegExpMatchArray> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    for (const text of (await smsTo(phone)).reverse()) {
      const found = text.match(pattern);
      if (found) return found;
    }
    if (Date.now() > deadline) throw new Error(`no text message to ${phone} matching ${pattern} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The manage link of a booking in the first message to `phone`: the short address `{site}/b/{token}#manage={key}`. */
export async function manageLinkSentTo(phone: string, token: string): Promise<string> {
  const [link] = await waitForSms(phone, new RegExp(`https?://\\S+/b/${token}#manage=[A-Za-z0-9_-]+`));
  return link;
}
