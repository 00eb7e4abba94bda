/** A stored merchant written back as a definition (the contract's shape), for `merchant export`. */
import type { Database } from '../db/database.ts';
import { DEFAULT_BOOKING_HORIZON_DAYS } from '../domain/availability.ts';
import { DEFAULT_REMINDER_HOURS } from '../domain/merchant-definition.ts';
import type { MerchantRow } from '../db/merchant-store.ts';
import { merchantExportRows } from '../db/merchant-export-reads.ts';
import { DEFAULT_TABLE_PRIORITY } from '../../shared/definition-bounds.ts';

/** The definition of a stored merchant; staff carry their password hash, never a password. */
export async function exportMerchant(db: Database, merchant: MerchantRow) {
  const { zoneRows, tableRows, staffRows } = await merchantExportRows(db, merchant.id);
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
    // No url is stored as '': written back as no url, since the import takes only an http(s) URL there.
    ...(merchant.url ? { url: merchant.url } : {}),
    description: merchant.description,
    bookingDescription: merchant.bookingDescription,
    ...(merchant.logoPath ? { logo: merchant.logoPath } : {}),
    ...(merchant.bannerPath ? { banner: merchant.bannerPath } : {}),
    theme: { primary: merchant.themePrimary, background: merchant.themeBackground },
    bookingEnabled: merchant.bookingEnabled,
    settings: { ...settings, responseWindowMinutes, bookingHorizonDays, reminderHours },
    shifts: merchant.shifts,
    closedDays: merchant.closedDays,
    ...(merchant.specialDays.length > 0 ? { specialDays: merchant.specialDays } : {}),
    zones: zoneRows.map((zone) => ({
      name: zone.name,
      ...(zone.imagePath ? { image: zone.imagePath } : {}),
      tables: tableRows
        .filter((table) => table.zoneId === zone.id)
        .map((table) => ({
          name: table.name,
          minSeats: table.minSeats,
          maxSeats: table.maxSeats,
          // The defaults are left out, as a definition usually leaves them.
          ...(table.online ? {} : { online: false }),
          ...(table.priority === DEFAULT_TABLE_PRIORITY ? {} : { priority: table.priority }),
          ...(table.plan ? { plan: table.plan } : {}),
        })),
      ...(zone.combinations.length > 0 ? { combinations: zone.combinations } : {}),
    })),
    staff: staffRows.map((member) => ({ email: member.email, role: member.role, passwordHash: member.passwordHash })),
    ...(notifications ? { notifications } : {}),
  };
}

/** The definition as staff read it and its change records keep it: the export's shape, staff as `{ email, role }` only. */
export async function editableDefinitionOf(db: Database, merchant: MerchantRow): Promise<Record<string, unknown>> {
  const { staff, ...rest } = await exportMerchant(db, merchant);
  return { ...rest, staff: staff.map(({ email, role }) => ({ email, role })) };
}
