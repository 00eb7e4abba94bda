/** Signed-in diners written straight into a database before a server process starts on it. */
import { hashToken, randomToken } from '../../src/server/auth/tokens.ts';
import type { DatabaseHandle } from '../../src/server/db/database.ts';
import { accessTokens, users } from '../../src/server/db/schema.ts';

/** A diner with a phone of their own and a bearer. */
export interface SeededDiner {
  userId: string;
  bearer: string;
}

const CHUNK = 500;

/**
 * Creates `count` diners with a phone, each with a session valid `ttlSeconds` from the real clock,
 * stored as sessions.ts's createSession stores them (in bulk: benches need thousands).
 */
export async function seedDiners(handle: DatabaseHandle, count: number, { ttlSeconds = 24 * 3600, tag = 'seed' } = {}): Promise<SeededDiner[]> {
  const diners: SeededDiner[] = [];
  const expiresAt = new Date(Date.now() + ttlSeconds * 1000);
  for (let start = 0; start < count; start += CHUNK) {
    const size = Math.min(CHUNK, count - start);
    const rows = await handle.db
      .insert(users)
      .values(
        Array.from({ length: size }, (_, index) => ({
          firstname: 'Camille',
          lastname: `Diner${start + index}`,
          email: `${tag}-${start + index}-${process.pid}@example.test`,
          // A phone each: one phone may hold one booking per merchant and time, and a few a day.
          phone: `+336${String(10_000_000 + start + index)}`,
        })),
      )
      .returning({ id: users.id });
    const sessions = rows.map(({ id }) => ({ userId: id, bearer: randomToken() }));
    await handle.db.insert(accessTokens).values(sessions.map(({ userId, bearer }) => ({ userId, tokenHash: hashToken(bearer), expiresAt })));
    diners.push(...sessions);
  }
  return diners;
}
