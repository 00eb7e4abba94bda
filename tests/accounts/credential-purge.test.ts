import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { EXPIRED_CREDENTIAL_GRACE_MS, purgeExpiredCredentials } from '../../src/server/auth/credential-purge.ts';
import { createSession } from '../../src/server/auth/sessions.ts';
import { hashToken } from '../../src/server/auth/tokens.ts';
import { accessTokens } from '../../src/server/db/schema.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ demo: false });
}, 60_000);
afterAll(() => t.close());

const stored = async (token: string) =>
  (await t.database.db.select().from(accessTokens).where(eq(accessTokens.tokenHash, hashToken(token)))).length;

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
});
