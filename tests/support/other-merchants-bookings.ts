/**
 * A crowded provider: other merchants with many coming bookings, written straight into the database, so a
 * merchant's reads can be measured and explained beside them (`npm run bench:api`, the hold-read proof).
 */
import { sql } from 'drizzle-orm';
import type { DatabaseHandle } from '../../src/server/db/database.ts';
import { importMerchant } from '../../src/server/services/merchant-import.ts';
import { fixtureMerchant } from '../proof/fixture-merchant.ts';

const TABLES = 20;
// Four 90-minute sittings a day, none overlapping on one table (the exclusion constraint forbids it).
const SITTINGS = ['12:00', '13:30', '19:00', '20:30'];

/** The rows of db.execute, whichever the driver (postgres.js answers an array, PGlite an object holding it). */
export async function rowsOf(result: Promise<unknown>): Promise<unknown[]> {
  const answered = (await result) as unknown[] | { rows: unknown[] };
  return Array.isArray(answered) ? answered : answered.rows;
}

function crowdedMerchant(slug: string) {
  const base = fixtureMerchant({ slug, tables: TABLES, maxCoversPerSlot: 1000 });
  const hours = [
    { start: '12:00', end: '15:00' },
    { start: '19:00', end: '22:00' },
  ];
  return {
    ...base,
    name: `Crowded ${slug}`,
    address: { address: '1 rue de la Foule', address2: '', zip: '75011', city: 'Paris' },
    // Longer lunches and half-hour slots: the four sittings below fit each table without overlap.
    settings: { ...base.settings, slotIntervalMinutes: 30 },
    shifts: [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, slots: hours })),
  };
}

/**
 * Imports `merchants` merchants of 20 tables and gives them `count` bookings in all, pending or confirmed,
 * every table taken at four sittings a day from `firstDay` on (default: the database's tomorrow), for as
 * many days as that needs.
 */
export async function seedOtherMerchantsBookings(
  handle: DatabaseHandle,
  count: number,
  { merchants = 25, mediaDir, firstDay }: { merchants?: number; mediaDir: string; firstDay?: string },
): Promise<void> {
  const ids: string[] = [];
  for (let i = 0; i < merchants; i++) {
    const { merchant } = await importMerchant(handle.db, crowdedMerchant(`crowded-${i + 1}`), { mediaDir });
    ids.push(merchant.id);
  }
  const perDay = merchants * TABLES * SITTINGS.length;
  const days = Math.ceil(count / perDay);
  firstDay ??= ((await rowsOf(handle.db.execute(sql`select (current_date + 1)::text as day`))) as Array<{ day: string }>)[0]!.day;
  await handle.db.execute(sql`
    insert into bookings (merchant_id, zone_id, table_id, token, manage_key, ref, status, starts_at, ends_at, local_date, client_count, holds_table, validated_at)
    select merchant_id, zone_id, table_id, md5(random()::text || n::text), md5(random()::text || 'manage' || n::text), 'X' || lpad(n::text, 7, '0'),
      case when n % 3 = 0 then 10 else 20 end, at, at + interval '90 minutes', (at at time zone 'Europe/Paris')::date::text, 2, true, now()
    from (
      select z.merchant_id, dt.zone_id, dt.id as table_id, s.at, row_number() over () as n
      from dining_tables dt
      join zones z on z.id = dt.zone_id
      cross join (
        select ((${firstDay}::date + d - 1)::text || ' ' || sitting)::timestamp at time zone 'Europe/Paris' as at
        from generate_series(1, ${days}) d, unnest(${`{${SITTINGS.join(',')}}`}::text[]) sitting
      ) s
      where z.merchant_id in (${sql.join(
        ids.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})
      limit ${count}
    ) planned
  `);
  await handle.db.execute(sql`analyze bookings`);
}
