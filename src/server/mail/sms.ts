/** Text messages: the outbox implementation of SmsSender (DATA_DIR/outbox/sms/*.txt), and the choice between it and Vonage. */
import { randomBytes } from 'node:crypto';
import { outboxFolder } from './outbox-folder.ts';
import type { SmsSender } from './sms-sender.ts';
import { createVonageSmsSender, type VonageSmsOptions } from './vonage-sms.ts';

export type { SmsSender } from './sms-sender.ts';

/** An SmsSender that writes each message as a text file in `dir` (no SMS gateway is configured). */
export function createOutboxSmsSender(dir: string, log: (line: string) => void = () => {}): SmsSender {
  const write = outboxFolder(dir);
  return {
    async send(to, text) {
      const name = `${new Date().toISOString().replaceAll(':', '-').replace('.', '-')}-${randomBytes(4).toString('hex')}.txt`;
      const file = await write(name, `To: ${to}\n\n${text}\n`);
      log(`sms to ${to} written to ${file}`);
    },
  };
}

/** The configured sender: Vonage when its credentials are set, else the outbox folder. */
export function createSmsSender(options: { vonage?: VonageSmsOptions; outboxDir: string; log?: (line: string) => void }): SmsSender {
  return options.vonage ? createVonageSmsSender(options.vonage) : createOutboxSmsSender(options.outboxDir, options.log);
}
