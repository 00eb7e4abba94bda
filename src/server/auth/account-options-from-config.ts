/** The account options `npm start` runs with, from the configuration: SMTP or the outbox, limits, social providers. */
import path from 'node:path';
import type { Config } from '../config.ts';
import { createMailer } from '../mail/mailer.ts';
import { DEFAULT_LIMITS, type AccountOptions } from './account-settings.ts';

/** Builds the account options; `log` receives a line per message written to the outbox (its file, never its link). */
export function accountOptionsFrom(config: Config, listeningUrl: string, log: (line: string) => void): AccountOptions {
  const a = config.accounts;
  const limit = (policy: { windowSeconds: number }, count: number) => ({ limit: count, windowSeconds: policy.windowSeconds });
  return {
    publicUrl: a.publicUrl ?? listeningUrl,
    siteUrl: config.siteUrl,
    providerName: a.providerName,
    oauthClient: a.oauthClient,
    accessTtlSeconds: a.accessTtlSeconds,
    refreshTtlSeconds: a.refreshTtlSeconds,
    mailer: createMailer({ smtpUrl: a.smtpUrl, outboxDir: path.join(config.dataDir, 'outbox'), from: a.mailFrom, log }),
    limits: {
      signInPerEmail: limit(DEFAULT_LIMITS.signInPerEmail, a.limits.signInPerEmail),
      signInPerEmailAndAddress: limit(DEFAULT_LIMITS.signInPerEmailAndAddress, a.limits.signInPerEmailAndAddress),
      signInPerAddress: limit(DEFAULT_LIMITS.signInPerAddress, a.limits.signInPerAddress),
      resetPerEmail: limit(DEFAULT_LIMITS.resetPerEmail, a.limits.resetPerEmail),
      resetPerAddress: limit(DEFAULT_LIMITS.resetPerAddress, a.limits.resetPerAddress),
      // A manage key is a credential too: guessed from one address as often as passwords.
      manageKeyPerAddress: limit(DEFAULT_LIMITS.manageKeyPerAddress, a.limits.signInPerAddress),
    },
    social: { google: a.google, facebook: a.facebook, apple: a.apple },
  };
}
