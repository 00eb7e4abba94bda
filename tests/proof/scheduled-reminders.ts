/** The proofs' scheduled reminders: confirmed bookings of diners with a phone each, and their reminder jobs due soon. */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { DatabaseHandle } from '../../src/server/db/database.ts';
import { enqueueJob } from '../../src/server/db/job-store.ts';
import { bookings, diningTables, merchants, users } from '../../src/server/db/schema.ts';
import { MessageJob } from '../../src/server/jobs/booking-message-plan.ts';
import { importMerchant } from '../../src/server/services/merchant-import.ts';
import { fixtureMerchant } from './fixture-merchant.ts';

/**
 * Seeds `count` confirmed bookings of one merchant, one a day from next week on at 19:30 (nobody's table overlaps), each of
 * a diner with a phone of their own and no email, and a 24-hour reminder job for each due at `dueAt`; returns the phones.
 */
export async function scheduleReminders(handle: DatabaseHandle, count: number, dueAt: Date, mediaDir: string): Promise<string[]> {
  const { db } = handle;
  const slug = `reminders-${Date.now().toString(36)}`;
  await importMerchant(db, fixtureMerchant({ slug, tables: 1, maxCoversPerSlot: 100 }), { mediaDir });
  const [merchant] = await db.select().from(merchants).where(eq(merchants.slug, slug));
  const [table] = await db.select().from(diningTables).where(eq(diningTables.merchantId, merchant!.id));
  const phones: string[] = [];
  for (let i = 0; i < count; i++) {
    const phone = `+3369${String(1_000_000 + i).padStart(7, '0')}`;
    const [user] = await db
      .insert(users)
      .values({ firstname: 'Rappel', lastname: `N${i}`, phone })
      .returning();
    const startsAt = new Date(Date.UTC(2030, 0, 1 + i, 18, 30));
    const [booking] = await db
      .insert(bookings)
      .values({
        merchantId: merchant!.id,
        zoneId: table!.zoneId,
        tableId: table!.id,
        userId: user!.id,
        token: `reminder-token-${slug}-${i}`.padEnd(32, 'x'),
        manageKey: `reminder-key-${slug}-${i}`.padEnd(32, 'x'),
        ref: `R${String(i).padStart(5, '0')}`,
        status: 20,
        startsAt,
        endsAt: new Date(startsAt.getTime() + 90 * 60_000),
        localDate: startsAt.toISOString().slice(0, 10),
        clientCount: 2,
        holdsTable: true,
        validatedAt: new Date(),
        lang: 'fr',
      })
      .returning();
    await enqueueJob(db, {
      kind: MessageJob.Reminder,
      payload: { bookingId: booking!.id, hours: 24, startsAt: startsAt.toISOString(), revision: booking!.revision },
      runAt: dueAt,
      uniqueKey: `reminder:${booking!.id}:24h:${startsAt.toISOString()}`,
    });
    phones.push(phone);
  }
  return phones;
}

/** How many text messages each phone received in an SMS outbox folder (`To: {phone}` heads each file). */
export async function textsByPhone(...dirs: string[]): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  for (const dir of dirs) {
    const files = await readdir(dir).catch(() => [] as string[]);
    for (const file of files) {
      const to = (await readFile(path.join(dir, file), 'utf8')).match(/^To: (\S+)/)?.[1];
      if (to) counts.set(to, (counts.get(to) ?? 0) + 1);
    }
  }
  return counts;
}
