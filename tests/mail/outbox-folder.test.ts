/** The outbox folder (no SMTP, no SMS gateway): made on the first message, made again if a clean-up removed it. */
import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, expect, test } from 'vitest';
import { createMailer } from '../../src/server/mail/mailer.ts';
import { createOutboxSmsSender } from '../../src/server/mail/sms.ts';

const made: string[] = [];
afterEach(async () => {
  await Promise.all(made.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

async function freshDir(): Promise<string> {
  const root = await mkdtemp(path.join(os.tmpdir(), 'couvert-outbox-'));
  made.push(root);
  return path.join(root, 'outbox', 'sms');
}

test('an SMS is written in a folder made for it, readable by its owner only', async () => {
  const dir = await freshDir();
  await createOutboxSmsSender(dir).send('+33612345678', 'Votre table est confirmée');
  const [file] = await readdir(dir);
  expect(await readFile(path.join(dir, file!), 'utf8')).toBe('To: +33612345678\n\nVotre table est confirmée\n');
  expect((await stat(path.join(dir, file!))).mode & 0o777).toBe(0o600);
});

test('messages keep arriving after the outbox folder is removed between them', async () => {
  const dir = await freshDir();
  const sms = createOutboxSmsSender(dir);
  await sms.send('+33612345678', 'first');
  await rm(dir, { recursive: true });
  await sms.send('+33612345678', 'second');
  const files = await readdir(dir);
  expect(files).toHaveLength(1);
  expect(await readFile(path.join(dir, files[0]!), 'utf8')).toContain('second');
});

test('mail goes to .eml files in its outbox folder, made again when removed', async () => {
  const dir = await freshDir();
  const mailer = createMailer({ outboxDir: dir, from: 'Couvert <no-reply@couvert.example>' });
  const message = { to: 'diner@example.com', subject: 'Réservation', text: 'Bonjour', html: '<p>Bonjour</p>' };
  await mailer.send(message);
  await rm(dir, { recursive: true });
  await mailer.send({ ...message, subject: 'Again' });
  const files = await readdir(dir);
  expect(files).toHaveLength(1);
  expect(files[0]).toMatch(/\.eml$/);
  expect(await readFile(path.join(dir, files[0]!), 'utf8')).toContain('Subject: Again');
  mailer.close();
});
