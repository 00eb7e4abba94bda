/** Queries on diners: accounts, guests and their external identities (a guest taking a draft: ./guest-draft.ts). */
import { and, eq } from 'drizzle-orm';
import type { Database, Tx } from './database.ts';
import { emitChange } from './change-feed.ts';
import { UNIQUE_VIOLATION, raiseDinerRevisions, sqlStateOf, type BookingRow } from './booking-store.ts';
import { placeholdersOf, preparedStatements, shapeOf } from './prepared-statement.ts';
import { socialIdentities, users } from './schema.ts';

/** A diner row. */
export type UserRow = typeof users.$inferSelect;
/** The values of a new diner. */
export type NewUser = typeof users.$inferInsert;

/** The platform account (not a guest) registered with this lower-cased email. */
export async function findAccountByEmail(db: Database, email: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.email, email), eq(users.anonymous, false)))
    .limit(1);
  return row;
}

/** A diner by id. */
export async function findUserById(db: Database, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

// One statement per set of columns given (a guest's, an account's).
const insertUserShaped = preparedStatements((on, shape) =>
  on
    .insert(users)
    .values(placeholdersOf(shape) as unknown as NewUser)
    .returning()
    .prepare('insert_user'),
);

/** Inserts a diner; undefined when an account already has that email (the unique index said so). */
export async function insertUser(db: Database, values: NewUser): Promise<UserRow | undefined> {
  try {
    const shape = shapeOf(values);
    const [row] = shape === null ? await db.insert(users).values(values).returning() : await insertUserShaped(db, shape).execute(values);
    return row;
  } catch (error) {
    if (sqlStateOf(error) === UNIQUE_VIOLATION) return undefined;
    throw error;
  }
}

/** The details staff take down for a booking of their own (a phone call, a walk-in). */
export interface GuestDetails {
  firstname: string;
  lastname: string;
  phone: string | null;
  email: string | null;
}

/** Inserts the guest diner of a booking staff take, in the booking's transaction; its id. */
export async function insertStaffGuest(tx: Tx, diner: GuestDetails, now: Date): Promise<string> {
  const [guest] = await tx
    .insert(users)
    .values({
      ...diner,
      email: null,
      anonymousEmail: diner.email,
      // The email staff took down is where the diner hears of the booking, as a guest who ticked the option online.
      wantsEmailConfirmation: diner.email !== null,
      anonymous: true,
      onboarding: false,
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: users.id });
  if (!guest) throw new Error('guest insert returned nothing');
  return guest.id;
}

/**
 * Changes a diner's details and, in the same transaction, moves every booking of theirs (drafts aside) to its next
 * revision: the staff book shows the diner's name and phone, and a new revision is how a book catches up and how a
 * shared database's day cache sees the change (staff-book.ts). Undefined when the new email is already an account's.
 */
export async function updateDinerDetails(
  db: Database,
  id: string,
  values: Partial<NewUser>,
  now: Date,
): Promise<{ user: UserRow; bookings: BookingRow[] } | undefined> {
  try {
    const changed = await db.transaction(async (tx) => {
      const [user] = await tx
        .update(users)
        .set({ ...values, updatedAt: now })
        .where(eq(users.id, id))
        .returning();
      // The staff book shows diners' names and phones.
      emitChange(tx, { kind: 'diner' });
      return { user: user!, bookings: await raiseDinerRevisions(tx, id, now) };
    });
    return changed;
  } catch (error) {
    if (sqlStateOf(error) === UNIQUE_VIOLATION) return undefined;
    throw error;
  }
}

/** The diner behind an external identity. */
export async function findUserByIdentity(db: Database, provider: string, subject: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select({ user: users })
    .from(socialIdentities)
    .innerJoin(users, eq(users.id, socialIdentities.userId))
    .where(and(eq(socialIdentities.provider, provider), eq(socialIdentities.subject, subject)))
    .limit(1);
  return row?.user;
}

/** Links an external identity to a diner (a second link of the same identity is ignored). */
export async function linkIdentity(db: Database, values: { userId: string; provider: string; subject: string; email: string | null }): Promise<void> {
  await db.insert(socialIdentities).values(values).onConflictDoNothing();
}
