import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createMailer } from '../../src/server/mail/mailer.ts';
import { createOutboxSmsSender } from '../../src/server/mail/sms.ts';
import { mimePart, subjectOf } from '../support/smtp-inbox.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'couvert-outbox-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

/** A mailer log keeping its lines; `logged` settles at the first (the mailer logs once a message is written or given up). */
function recordingLog(): { lines: string[]; log: (line: string) => void; logged: Promise<void> } {
  const lines: string[] = [];
  const { promise: logged, resolve } = Promise.withResolvers<void>();
  return { lines, log: (line) => (lines.push(line), resolve()), logged };
}

/** The .eml files of an outbox folder, oldest first. */
async function emlFiles(folder: string): Promise<string[]> {
  return (await readdir(folder)).filter((file) => file.endsWith('.eml')).sort();
}

describe('without SMTP_URL, mail goes to an outbox folder of .eml files and the log says where, never what', () => {
  test('the mailer writes a complete message and logs its file, without the link it carries', async () => {
    const { lines, log, logged } = recordingLog();
    const outbox = path.join(dir, 'direct');
    const mailer = createMailer({ outboxDir: outbox, from: 'Couvert <no-reply@couvert.test>', log });
    await mailer.send({ to: 'diner@example.test', subject: 'Hello – test', text: 'Open https://x.test/a', html: '<p>Open</p>' });
    await logged;
    const [file] = await emlFiles(outbox);
    const raw = await readFile(path.join(outbox, file!), 'utf8');
    expect(raw).toMatch(/^From: Couvert <no-reply@couvert\.test>$/m);
    expect(raw).toMatch(/^To: diner@example\.test$/m);
    expect(subjectOf(raw)).toBe('Hello – test');
    expect(mimePart(raw, 'text/plain')).toContain('Open https://x.test/a');
    expect(lines).toEqual([`mail to diner@example.test written to ${path.join(outbox, file!)}`]);
  });

  test('forgot_password through a server lands in the outbox, and no log line holds the reset token', async () => {
    const outbox = path.join(dir, 'server');
    const { lines, log, logged } = recordingLog();
    const t: TestServer = await startTestServer({
      demo: false,
      accounts: { mailer: createMailer({ outboxDir: outbox, from: 'Couvert <no-reply@couvert.test>', log }) },
    });
    try {
      await t.post('/api/front/user/register', {
        firstname: 'Olga',
        lastname: 'Box',
        email: 'olga@example.test',
        phone: '+33612345678',
        password: 'a long and rare passphrase',
      });
      expect((await t.post('/api/user/forgot_password', { email: 'olga@example.test', return_url: `${t.publicUrl}/auth/login`, lang: 'it' })).status).toBe(200);
      await logged;
      const [file] = await emlFiles(outbox);
      const raw = await readFile(path.join(outbox, file!), 'utf8');
      expect(subjectOf(raw)).toBe('Reimposta la tua password – Couvert');
      const token = /reset_password\?token=([A-Za-z0-9_-]{43})/.exec(mimePart(raw, 'text/plain'))?.[1];
      expect(token).toBeDefined();
      expect(lines).toEqual([`mail to olga@example.test written to ${path.join(outbox, file!)}`]);
      expect(lines.join('\n')).not.toContain(token);
    } finally {
      await t.close();
    }
  }, 60_000);
});

test('without an outbox either, the line about an unsent reset mail holds no token', async () => {
  const { lines, log, logged } = recordingLog();
  const t = await startTestServer({ demo: false, accounts: { mailer: createMailer({ from: 'Couvert <no-reply@couvert.test>', log }) } });
  try {
    await t.post('/api/front/user/register', {
      firstname: 'Nina',
      lastname: 'Log',
      email: 'nina@example.test',
      phone: '+33612345678',
      password: 'a long and rare passphrase',
    });
    expect((await t.post('/api/user/forgot_password', { email: 'nina@example.test', return_url: `${t.publicUrl}/auth/login`, lang: 'en' })).status).toBe(200);
    await logged;
    expect(lines).toEqual(['mail to nina@example.test not sent (no SMTP_URL nor outbox): Reset your password – Couvert']);
  } finally {
    await t.close();
  }
}, 60_000);

describe('text messages go to DATA_DIR/outbox/sms as text files', () => {
  test('one file per message, with its recipient', async () => {
    const smsDir = path.join(dir, 'sms');
    const sms = createOutboxSmsSender(smsDir);
    await sms.send('+33612345678', 'Your table for 2 is booked.');
    const files = await readdir(smsDir);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/\.txt$/);
    expect(await readFile(path.join(smsDir, files[0]!), 'utf8')).toBe('To: +33612345678\n\nYour table for 2 is booked.\n');
  });
});
