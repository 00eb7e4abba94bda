/** Text messages: the SmsSender interface, its outbox implementation (DATA_DIR/outbox/sms/*.txt), and the choice between it and Vonage. */
import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createVonageSmsSender, type VonageSmsOptions } from './vonage-sms.ts';

/** Sends a text message to a phone number (E.164). */
export interface SmsSender {
  send(to: string, text: string): Promise<void>;
}

/** An SmsSender that writes each message as a text file in `dir` (no SMS gateway is configured). */
export function createOutboxSmsSender(dir: string, log: (line: string) => void = () => {}): SmsSender {
  return {
    async send(to, text) {
      await mkdir(dir, { recursive: true });
      const file = path.join(dir, `${new Date().toISOString().replaceAll(':', '-').replace('.', '-')}-${randomBytes(4).toString('hex')}.txt`);
      await writeFile(file, `To: ${to}\n\n${text}\n`, { mode: 0o600 });
      log(`sms to ${to} written to ${file}`);
    },
  };
}

/** The configured sender: Vonage when its credentials are set, else the outbox folder. */
export function createSmsSender(options: { vonage?: VonageSmsOptions; outboxDir: string; log?: (line: string) => void }): SmsSender {
  return options.vonage ? createVonageSmsSender(options.vonage) : createOutboxSmsSender(options.outboxDir, options.log);
}
