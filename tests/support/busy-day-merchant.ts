/**
 * A merchant with a full day: `count` pending or confirmed bookings on one day (100 tables at four sittings), each by
 * its own diner with a phone, a third of them regulars with finished visits and no-shows here and a guest profile
 * staff keep on them (tags, allergies, a note), written straight
 * into the database; its staff member signs in with the password returned (`npm run bench:api`, the staff day view).
 */
import { sql } from 'drizzle-orm';
import type { DatabaseHandle } from '../../src/server/db/database.ts';
import { importMerchant } from '../../src/server/services/merchant-import.ts';
import { fixtureMerchant } from '../proof/fixture-merchant.ts';
import { rowsOf } from './other-merchants-bookings.ts';

const TABLES = 100;
const SITTINGS = ['12:00', '13:30', '19:00', '20:30'];
/** Past visits of each regular, on as many past days. */
const PAST_VISITS = 6;

/** The busy merchant's slug, staff account and day (merchant-local). */
export interface BusyDay {
  slug: string;
  email: string;
  password: string;
  day: string;
}

/** Imports the busy merchant and seeds its day (default: the database's tomorrow). */
export async function seedBusyDay(
  handle: DatabaseHandle,
  { count = 400, mediaDir, day }: { count?: number; mediaDir: string; day?: string },
): Promise<BusyDay> {
  const slug = 'busy-bistro';
  const email = 'host@busy-bistro.example';
  const password = 'a busy evening at the pass';
  const base = fixtureMerchant({ slug, tables: TABLES, maxCoversPerSlot: 10_000 });
  const definition = {
    ...base,
    name: 'Busy Bistro',
    settings: { ...base.settings, slotIntervalMinutes: 30 },
    shifts: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({
      day: weekday,
      slots: [
        { start: '12:00', end: '15:00' },
        { start: '19:00', end: '22:00' },
      ],
    })),
    staff: [{ email, password }],
  };
  const { merchant } = await importMerchant(handle.db, definition, { mediaDir });
  day ??= ((await rowsOf(handle.db.execute(sql`select (current_date + 1)::text as day`))) as Array<{ day: string }>)[0]!.day;
  // One diner per booking of the day, each with a phone of its own.
  await handle.db.execute(sql`
    insert into users (firstname, lastname, phone, anonymous, onboarding)
    select 'Guest', 'Busy ' || n, '+3361' || lpad(n::text, 7, '0'), true, false from generate_series(1, ${count}) n
  `);
  await handle.db.execute(sql`
    insert into bookings (merchant_id, zone_id, table_id, user_id, token, manage_key, ref, status, starts_at, ends_at, local_date, client_count, comment, holds_table, validated_at)
    select ${merchant.id}::uuid, dt.zone_id, dt.id, u.id, md5(random()::text || n::text), md5(random()::text || 'manage' || n::text),
      'B' || lpad(n::text, 7, '0'), case when n % 4 = 0 then 10 else 20 end, at, at + interval '90 minutes', ${day}, 2,
      case when n % 5 = 0 then 'Une chaise haute, merci' else '' end, true, now()
    from (
      select t.id, t.zone_id, s.at, row_number() over (order by s.at, t.name) as n
      from dining_tables t
      cross join (select (${day}::date::text || ' ' || sitting)::timestamp at time zone 'Europe/Paris' as at from unnest(${`{${SITTINGS.join(',')}}`}::text[]) sitting) s
      where t.merchant_id = ${merchant.id}::uuid
    ) dt
    join users u on u.phone = '+3361' || lpad(dt.n::text, 7, '0')
    where dt.n <= ${count}
  `);
  // A third are regulars: finished visits on past days (no table held), one in six a no-show.
  await handle.db.execute(sql`
    insert into bookings (merchant_id, zone_id, table_id, user_id, token, manage_key, ref, status, starts_at, ends_at, local_date, client_count, holds_table, validated_at, no_show_at)
    select b.merchant_id, b.zone_id, b.table_id, b.user_id, md5(random()::text || b.ref || v), md5(random()::text || 'manage' || b.ref || v),
      'P' || substr(b.ref, 2) || v, 30, b.starts_at - make_interval(days => v * 7), b.ends_at - make_interval(days => v * 7),
      ((b.starts_at - make_interval(days => v * 7)) at time zone 'Europe/Paris')::date::text, 2, false, now(),
      case when v = 1 then b.starts_at - make_interval(days => v * 7) end
    from bookings b, generate_series(1, ${PAST_VISITS}) v
    where b.merchant_id = ${merchant.id}::uuid and b.local_date = ${day} and substr(b.ref, 2)::int % 3 = 0
  `);
  // Staff keep a profile on each regular (the day view reads them in its one statement): VIP, allergies, a note.
  await handle.db.execute(sql`
    insert into guest_profiles (merchant_id, guest_key, vip, regular, seating, allergens, note)
    select ${merchant.id}::uuid, 'phone:' || u.phone, substr(b.ref, 2)::int % 2 = 0, true, 'Près de la fenêtre',
      case when substr(b.ref, 2)::int % 4 = 0 then '["peanuts","sesame"]'::jsonb else '[]'::jsonb end, 'Aime le vin nature'
    from bookings b join users u on u.id = b.user_id
    where b.merchant_id = ${merchant.id}::uuid and b.local_date = ${day} and substr(b.ref, 2)::int % 3 = 0
  `);
  await handle.db.execute(sql`analyze guest_profiles`);
  await handle.db.execute(sql`analyze bookings`);
  await handle.db.execute(sql`analyze users`);
  return { slug, email, password, day };
}
