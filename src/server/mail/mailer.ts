/** Sends mail with nodemailer: through SMTP when SMTP_URL is set, else into an outbox folder of .eml files. */
import { randomBytes } from 'node:crypto';
import nodemailer from 'nodemailer';
import { outboxFolder } from './outbox-folder.ts';

/** One message, in plain text and HTML, with its attachments (a booking's .ics). */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  attachments?: Array<{ filename: string; content: string; contentType: string }>;
  /** The sender's display name for this message (a restaurant's name on its diners' mail), at MAIL_FROM's address. */
  fromName?: string;
}

/** Sends messages. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): void;
}

/** How the mailer is set up. */
export interface MailerOptions {
  /** smtp://user:pass@host:port or smtps://...; when absent, messages go to `outboxDir`. */
  smtpUrl?: string;
  /** Folder of .eml files written when there is no SMTP server. */
  outboxDir?: string;
  /** The From header. */
  from: string;
  /** Where a line about each outbox message goes: its recipient and file, never its content (links in it are secrets). */
  log?: (line: string) => void;
}

/** A stamp that sorts outbox files by time. */
const stamp = () => new Date().toISOString().replaceAll(':', '-').replace('.', '-');

/** The address of a From header ("Couvert <no-reply@example.com>" or a bare address). */
export function senderAddress(from: string): string {
  return (/<([^<>]*)>\s*$/.exec(from)?.[1] ?? from).trim();
}

/**
 * What nodemailer sends for a message: MAIL_FROM, or its address under the message's own display name, given to
 * nodemailer as an address object so it quotes and encodes the name itself (a hostile name stays a name: no header,
 * no second address). Controls and line breaks in the name become spaces.
 */
function mailOf(from: string, message: MailMessage) {
  const { to, subject, text, html, attachments = [], fromName } = message;
  const name = fromName?.replace(/[\p{Cc}\s]+/gu, ' ').trim();
  return { from: name ? { name, address: senderAddress(from) } : from, to, subject, text, html, attachments };
}

/** Creates the mailer: SMTP, or the outbox folder, or (with neither) memory only, each message logged. */
export function createMailer(options: MailerOptions): Mailer {
  const log = options.log ?? (() => {});
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      async send(message) {
        await transport.sendMail(mailOf(options.from, message));
      },
      close: () => transport.close(),
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  const writeOutbox = options.outboxDir ? outboxFolder(options.outboxDir) : undefined;
  return {
    async send(message) {
      const info = await transport.sendMail(mailOf(options.from, message));
      if (!writeOutbox) {
        log(`mail to ${message.to} not sent (no SMTP_URL nor outbox): ${message.subject}`);
        return;
      }
      const file = await writeOutbox(`${stamp()}-${randomBytes(4).toString('hex')}.eml`, info.message as Buffer);
      log(`mail to ${message.to} written to ${file}`);
    },
    close: () => transport.close(),
  };
}
