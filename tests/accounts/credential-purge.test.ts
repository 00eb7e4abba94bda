import { eq } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
import { EXPIRED_CREDENTIAL_GRACE_MS, purgeExpiredCredentials } from '../../src/server/auth/credential-purge.ts';
import { createSession, createStaffSession } from '../../src/server/auth/sessions.ts';
import { hashToken } from '../../src/server/auth/tokens.ts';
import { accessTokens, staffSessions } from '../../src/server/db/schema.ts';
import { useTestServer } from '../support/use-test-server.ts';

const t = useTestServer({ demo: false });

const stored = async (token: string) =>
  (
    await t.database.db
      .select()
      .from(accessTokens)
      .where(eq(accessTokens.tokenHash, hashToken(token)))
  ).length;

describe('expired credentials are forgotten after a grace period', () => {
  test('a session expired beyond the grace period is deleted; a recent or live one is kept', async () => {
    const { userId } = await t.signIn();
    const now = t.clock.now();
    const old = await createSession(t.database.db, userId, { now: new Date(now.getTime() - EXPIRED_CREDENTIAL_GRACE_MS - 7200_000) });
    const recent = await createSession(t.database.db, userId, { now: new Date(now.getTime() - 7200_000) });
    const live = await createSession(t.database.db, userId, { now });
    expect(await purgeExpiredCredentials(t.database.db, now)).toBeGreaterThanOrEqual(1);
    expect(await stored(old.token)).toBe(0);
    expect(await stored(recent.token)).toBe(1);
    expect(await stored(live.token)).toBe(1);
  });

  test('so is a staff session expired beyond the grace period', async () => {
    const now = t.clock.now();
    const old = await createStaffSession(t.database.db, 'host@example.test', [], {
      now: new Date(now.getTime() - EXPIRED_CREDENTIAL_GRACE_MS - 13 * 3600_000),
    });
    const live = await createStaffSession(t.database.db, 'host@example.test', [], { now });
    await purgeExpiredCredentials(t.database.db, now);
    const left = async (token: string) =>
      (
        await t.database.db
          .select()
          .from(staffSessions)
          .where(eq(staffSessions.tokenHash, hashToken(token)))
      ).length;
    expect(await left(old.token)).toBe(0);
    expect(await left(live.token)).toBe(1);
  });
});
