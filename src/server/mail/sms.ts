/** Text messages: the outbox implementation of SmsSender (DATA_DIR/outbox/sms/*.txt), and the choice between it and Vonage. */
import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { SmsSender } from './sms-sender.ts';
import { createVonageSmsSender, type VonageSmsOptions } from './vonage-sms.ts';

export type { SmsSender } from './sms-sender.ts';

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
