/** Reads and writes merchants with their zones, tables and staff. */
import { and, asc, eq, inArray, notInArray } from 'drizzle-orm';
import type { MerchantDefinition } from '../domain/merchant-definition.ts';
import type { MerchantWithFloor } from '../domain/merchant-floor.ts';
import { trustsChangeFeed } from './cache-policy.ts';
import { emitChange } from './change-feed.ts';
import type { Database } from './database.ts';
import { replaceStaff, type StaffMemberWrite, type StaffRevocation } from './staff-rows.ts';
import { DomainError } from '../domain/errors.ts';
import { floorCacheOf } from './floor-cache.ts';
import { closedDaysWith } from '../domain/closings.ts';
import { closingsOf } from './closing-store.ts';
import { findMerchantVersion, findMerchantVersioned } from './prepared-reads.ts';
import { diningTables, merchants, zones } from './schema.ts';

/** A merchant row as stored. */
export type MerchantRow = typeof merchants.$inferSelect;
/** A zone row as stored. */
export type ZoneRow = typeof zones.$inferSelect;
/** A table row as stored. */
export type TableRow = typeof diningTables.$inferSelect;

/** Image paths after import: served paths (/media/...) or absolute https URLs. */
export interface ImportedImages {
  logo: string | null;
  banner: string | null;
  zones: Record<string, string | null>;
}

/** Default minutes a pending booking may wait for the restaurant before the diner is told it is unavailable. */
export const DEFAULT_RESPONSE_WINDOW_MINUTES = 30;

/** Finds a merchant by slug. */
export async function findMerchantBySlug(db: Database, slug: string): Promise<MerchantRow | undefined> {
  const [row] = await db.select().from(merchants).where(eq(merchants.slug, slug)).limit(1);
  return row;
}

/** Finds a merchant by id. */
export async function findMerchantById(db: Database, id: string): Promise<MerchantRow | undefined> {
  const [row] = await db.select().from(merchants).where(eq(merchants.id, id)).limit(1);
  return row;
}

/** Finds a zone by id, active or retired (old bookings still point at retired ones). */
export async function findZoneById(db: Database, id: string): Promise<ZoneRow | undefined> {
  const [row] = await db.select().from(zones).where(eq(zones.id, id)).limit(1);
  return row;
}

/**
 * Finds a merchant by slug with its active zones (in definition order) and tables; the answer is
 * shared and frozen. Cached per process: trusted until the change feed tells of an import or a closing where
 * the policy allows (cache-policy.ts); else one query (the merchant row's version) while the floor is unchanged.
 */
export async function findMerchantWithFloor(db: Database, slug: string): Promise<MerchantWithFloor | undefined> {
  const cache = floorCacheOf(db);
  const cached = cache.get(slug);
  if (cached && trustsChangeFeed(db)) return cached.floor;
  const generation = cache.generation();
  // A copy is checked by its version alone: the row (its definition and JSON columns) is read only when it changed.
  if (cached && (await findMerchantVersion(db, slug)) === cached.version) return cached.floor;
  const found = await findMerchantVersioned(db, slug);
  if (!found) return undefined;
  const floor = await loadFloor(db, found.merchant);
  cache.set(slug, { version: found.version, floor }, generation);
  return floor;
}

/**
 * The cached floor of a merchant and its version, unchecked: the caller checks the version itself (see
 * batched-hold-reads.ts). Only where the caches check their copies with the database: elsewhere undefined, and
 * findMerchantWithFloor answers from the cache without a query.
 */
export function peekMerchantFloor(db: Database, slug: string): { floor: MerchantWithFloor; version: string } | undefined {
  return trustsChangeFeed(db) ? undefined : floorCacheOf(db).get(slug);
}

async function loadFloor(db: Database, merchant: MerchantRow): Promise<MerchantWithFloor> {
  const [zoneRows, tableRows, closings] = await Promise.all([
    db
      .select()
      .from(zones)
      .where(and(eq(zones.merchantId, merchant.id), eq(zones.active, true)))
      .orderBy(asc(zones.position)),
    db
      .select()
      .from(diningTables)
      .where(and(eq(diningTables.merchantId, merchant.id), eq(diningTables.active, true))),
    closingsOf(db, merchant.id),
  ]);
  const activeZoneIds = new Set(zoneRows.map((zone) => zone.id));
  return {
    // The days staff closed whole are closed days like the definition's: the calendar and every rule see them.
    merchant: { ...merchant, closedDays: closedDaysWith(merchant.closedDays, closings) },
    zones: zoneRows,
    tables: tableRows.filter((table) => activeZoneIds.has(table.zoneId)),
    closings,
  };
}

/** Every merchant, by slug. */
export function listMerchants(db: Database): Promise<MerchantRow[]> {
  return db.select().from(merchants).orderBy(asc(merchants.slug));
}

/** The merchants with these slugs (those that exist), by slug. */
export function listMerchantsBySlug(db: Database, slugs: readonly string[]): Promise<MerchantRow[]> {
  if (slugs.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(merchants)
    .where(inArray(merchants.slug, [...slugs]))
    .orderBy(asc(merchants.slug));
}

/** Every active zone of the given merchants. */
export function listZonesOf(db: Database, merchantIds: string[]): Promise<ZoneRow[]> {
  if (merchantIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(zones)
    .where(and(inArray(zones.merchantId, merchantIds), eq(zones.active, true)))
    .orderBy(asc(zones.position));
}

/** What a write adds: the revision a staff edit read, and what runs in its transaction (the change record). */
export interface DefinitionWriteGuard {
  /**
   * The merchant's definition revision the writer read: another one (someone wrote since) is stale_revision, nothing
   * written, and so is a merchant that does not exist. Absent (an import): written whatever the revision.
   */
  expectedRevision?: number;
  /** Runs under the merchant row's lock before the write, with the row as it is (none for a new merchant). */
  beforeWrite?: (tx: Database, merchant: MerchantRow | undefined) => Promise<void>;
  /** Runs after the write, in its transaction (the change record is written here). */
  afterWrite?: (tx: Database, merchant: MerchantRow) => Promise<void>;
}

/**
 * Creates or updates a merchant from its definition, in one transaction under the merchant row's lock. Zones and
 * tables are matched by name; those no longer defined are retired (bookings keep pointing at them), never deleted.
 * Every write moves the definition to its next revision; with a guard's revision, only from the revision the writer read.
 */
export async function upsertMerchant(
  db: Database,
  definition: MerchantDefinition,
  images: ImportedImages,
  /** Each listed email's hash; null keeps the stored one (read in the write's transaction). */
  staffPasswordHashes: ReadonlyMap<string, string | null>,
  guard?: DefinitionWriteGuard,
): Promise<{ merchant: MerchantRow; created: boolean; revocation: StaffRevocation }> {
  const result = await db.transaction(async (tx) => {
    // The lock the row's update takes anyway (no key update): two definition writes queue, bookings' key-share locks do not.
    const [existing] = await tx.select().from(merchants).where(eq(merchants.slug, definition.slug)).for('no key update');
    if (guard?.expectedRevision !== undefined) {
      if (!existing) throw new DomainError('merchant_not_found');
      if (existing.definitionRevision !== guard.expectedRevision) {
        throw new DomainError('stale_revision', { revision: existing.definitionRevision }, 'The definition changed since it was read: read it again');
      }
    }
    await guard?.beforeWrite?.(tx, existing);
    const values = {
      slug: definition.slug,
      name: definition.name,
      timezone: definition.timezone,
      address: {
        address: definition.address.address,
        address2: definition.address.address2 ?? '',
        zip: definition.address.zip,
        city: definition.address.city,
        ...(definition.address.country ? { country: definition.address.country } : {}),
        ...(definition.address.region ? { region: definition.address.region } : {}),
      },
      phone: definition.phone,
      url: definition.url ?? '',
      description: definition.description ?? '',
      bookingDescription: definition.bookingDescription ?? '',
      logoPath: images.logo,
      bannerPath: images.banner,
      themePrimary: definition.theme.primary,
      themeBackground: definition.theme.background,
      bookingEnabled: definition.bookingEnabled,
      settings: {
        ...definition.settings,
        responseWindowMinutes: definition.settings.responseWindowMinutes ?? DEFAULT_RESPONSE_WINDOW_MINUTES,
        ...(definition.notifications ? { notifications: definition.notifications } : {}),
      },
      shifts: definition.shifts.map((shift) => ({ day: shift.day, slots: shift.slots.map(({ start, end }) => ({ start, end })) })),
      closedDays: [...definition.closedDays].sort(),
      specialDays: [...definition.specialDays]
        .sort((a, b) => (a.date < b.date ? -1 : 1))
        .map(({ date, reason, slots }) => ({ date, ...(reason ? { reason } : {}), slots: slots.map(({ start, end }) => ({ start, end })) })),
      definitionRevision: (existing?.definitionRevision ?? 0) + 1,
      updatedAt: new Date(),
    };
    const [merchant] = existing
      ? await tx.update(merchants).set(values).where(eq(merchants.id, existing.id)).returning()
      : await tx.insert(merchants).values(values).returning();
    if (!merchant) throw new Error('merchant upsert returned nothing');

    const keptZoneIds: string[] = [];
    for (const [position, zoneDef] of definition.zones.entries()) {
      const zoneValues = {
        name: zoneDef.name,
        imagePath: images.zones[zoneDef.name] ?? null,
        position,
        active: true,
        combinations: zoneDef.combinations.map(({ tables, minSeats, maxSeats }) => ({ tables: [...tables], minSeats, maxSeats })),
      };
      const [zone] = await tx
        .insert(zones)
        .values({ merchantId: merchant.id, ...zoneValues })
        .onConflictDoUpdate({ target: [zones.merchantId, zones.name], set: zoneValues })
        .returning();
      if (!zone) throw new Error('zone upsert returned nothing');
      keptZoneIds.push(zone.id);
      const keptTableNames: string[] = [];
      for (const tableDef of zoneDef.tables) {
        const tableValues = {
          minSeats: tableDef.minSeats,
          maxSeats: tableDef.maxSeats,
          active: true,
          online: tableDef.online,
          priority: tableDef.priority,
          plan: tableDef.plan ? { x: tableDef.plan.x, y: tableDef.plan.y, shape: tableDef.plan.shape } : null,
        };
        await tx
          .insert(diningTables)
          .values({ merchantId: merchant.id, zoneId: zone.id, name: tableDef.name, ...tableValues })
          .onConflictDoUpdate({ target: [diningTables.zoneId, diningTables.name], set: tableValues });
        keptTableNames.push(tableDef.name);
      }
      await tx
        .update(diningTables)
        .set({ active: false })
        .where(and(eq(diningTables.zoneId, zone.id), notInArray(diningTables.name, keptTableNames)));
    }
    await tx
      .update(zones)
      .set({ active: false })
      .where(and(eq(zones.merchantId, merchant.id), notInArray(zones.id, keptZoneIds)));
    await tx
      .update(diningTables)
      .set({ active: false })
      .where(and(eq(diningTables.merchantId, merchant.id), notInArray(diningTables.zoneId, keptZoneIds)));

    const members = new Map<string, StaffMemberWrite>();
    for (const member of definition.staff) {
      const email = member.email.toLowerCase();
      const passwordHash = staffPasswordHashes.get(email);
      if (passwordHash === undefined || passwordHash === '') throw new Error(`no password hash for staff ${email}`);
      members.set(email, { passwordHash, role: member.role });
    }
    const revocation = await replaceStaff(tx, merchant.id, members);
    await guard?.afterWrite?.(tx, merchant);
    // Its floor, the zone and table names the staff book shows, the staff rows (and roles) that name what a session reaches.
    emitChange(tx, { kind: 'merchant', merchantId: merchant.id });
    return { merchant, created: !existing, revocation };
  });
  return result;
}
