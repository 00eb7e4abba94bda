/** A stored merchant written back as a definition (the contract's shape), for `merchant export`. */
import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { DEFAULT_BOOKING_HORIZON_DAYS } from '../domain/availability.ts';
import { DEFAULT_REMINDER_HOURS } from '../domain/merchant-definition.ts';
import type { MerchantRow } from '../db/merchant-store.ts';
import { diningTables, staff, zones } from '../db/schema.ts';

/** The definition of a stored merchant; staff carry their password hash, never a password. */
export async function exportMerchant(db: Database, merchant: MerchantRow) {
  const zoneRows = await db
    .select()
    .from(zones)
    .where(and(eq(zones.merchantId, merchant.id), eq(zones.active, true)))
    .orderBy(asc(zones.position));
  const tableRows = await db
    .select()
    .from(diningTables)
    .where(and(eq(diningTables.merchantId, merchant.id), eq(diningTables.active, true)))
    .orderBy(asc(diningTables.name));
  const staffRows = await db.select().from(staff).where(eq(staff.merchantId, merchant.id)).orderBy(asc(staff.email));
  const {
    responseWindowMinutes,
    bookingHorizonDays = DEFAULT_BOOKING_HORIZON_DAYS,
    reminderHours = [...DEFAULT_REMINDER_HOURS],
    notifications,
    ...settings
  } = merchant.settings;
  return {
    slug: merchant.slug,
    name: merchant.name,
    timezone: merchant.timezone,
    address: merchant.address,
    phone: merchant.phone,
    url: merchant.url,
    description: merchant.description,
    bookingDescription: merchant.bookingDescription,
    ...(merchant.logoPath ? { logo: merchant.logoPath } : {}),
    ...(merchant.bannerPath ? { banner: merchant.bannerPath } : {}),
    theme: { primary: merchant.themePrimary, background: merchant.themeBackground },
    bookingEnabled: merchant.bookingEnabled,
    settings: { ...settings, responseWindowMinutes, bookingHorizonDays, reminderHours },
    shifts: merchant.shifts,
    closedDays: merchant.closedDays,
    zones: zoneRows.map((zone) => ({
      name: zone.name,
      ...(zone.imagePath ? { image: zone.imagePath } : {}),
      tables: tableRows.filter((table) => table.zoneId === zone.id).map((table) => ({ name: table.name, minSeats: table.minSeats, maxSeats: table.maxSeats })),
    })),
    staff: staffRows.map((member) => ({ email: member.email, passwordHash: member.passwordHash })),
    ...(notifications ? { notifications } : {}),
  };
}
