/**
 * Closings staff make: stored with the span they cover, answered with the bookings inside it (never cancelled here),
 * then announced on the merchant's channel and handed to the site builder, whose static page draws closed days.
 */
import { addDaysToLocalDate, startOfLocalDay, type LocalDate } from '../../shared/local-time.ts';
import { listClosingRows, removeClosing, saveClosing, type AffectedBooking, type ClosingRow } from '../db/closing-store.ts';
import type { Database } from '../db/database.ts';
import { closingSpan, type ClosingRequest } from '../domain/closings.ts';
import { DomainError } from '../domain/errors.ts';
import { daysTouched } from '../domain/merchant-days.ts';
import type { MerchantWithFloor } from '../domain/merchant-floor.ts';

/** A closing as the staff calls answer it. */
export interface ClosingView {
  id: string;
  kind: ClosingRow['kind'];
  day: string;
  shift_id: string | null;
  starts_at: string;
  ends_at: string;
  note: string;
  created_by: string;
  created_at: string;
}

/** The merchant a closing call acts for. */
interface ClosingMerchant {
  id: string;
  slug: string;
  timezone: string;
}

/** What the closing service needs. */
export interface ClosingServiceDeps {
  db: Database;
  now: () => Date;
  loadFloor: (slug: string) => Promise<MerchantWithFloor>;
  /** Told after every change: publishes on the merchant's channel and rebuilds its static page. */
  onChange: (merchant: ClosingMerchant, change: { id: string; action: 'created' | 'deleted'; day: string }) => Promise<void>;
}

/** A stored closing as the staff calls answer it. */
export function closingView(row: ClosingRow): ClosingView {
  return {
    id: row.id,
    kind: row.kind,
    day: row.localDate,
    shift_id: row.shiftId,
    starts_at: row.startsAt.toISOString(),
    ends_at: row.endsAt.toISOString(),
    note: row.note,
    created_by: row.createdBy,
    created_at: row.createdAt.toISOString(),
  };
}

/** Creates the closing service. */
export function createClosingService(deps: ClosingServiceDeps) {
  /** Closes what the request names; answers the closing and the pending and confirmed bookings it covers. */
  async function create(
    merchant: ClosingMerchant,
    request: ClosingRequest,
    details: { note: string; by: string },
  ): Promise<{ closing: ClosingView; affected: AffectedBooking[] }> {
    const floor = await deps.loadFloor(merchant.slug);
    const span = closingSpan(request, floor.merchant);
    const now = deps.now();
    const values = { merchantId: merchant.id, ...span, note: details.note, createdBy: details.by, createdAt: now };
    const saved = await saveClosing(deps.db, values, now, daysTouched([span], floor.merchant.timezone));
    await deps.onChange(merchant, { id: saved.closing.id, action: 'created', day: span.localDate });
    return { closing: closingView(saved.closing), affected: saved.affected };
  }

  /** The merchant's closings touching a local day, or (no day) those not yet over. */
  async function list(merchant: ClosingMerchant, day?: LocalDate): Promise<ClosingView[]> {
    if (!day) return (await listClosingRows(deps.db, merchant.id, deps.now())).map(closingView);
    const from = startOfLocalDay(day, merchant.timezone);
    const to = startOfLocalDay(addDaysToLocalDate(day, 1), merchant.timezone);
    const rows = await listClosingRows(deps.db, merchant.id, from);
    return rows.filter((row) => row.startsAt < to).map(closingView);
  }

  /** Reopens what a closing closed; 404 when the merchant has no such closing. */
  async function remove(merchant: ClosingMerchant, id: string): Promise<ClosingView> {
    const removed = await removeClosing(deps.db, merchant.id, id, deps.now());
    if (!removed) throw new DomainError('not_found', undefined, 'No closing of yours by that id');
    await deps.onChange(merchant, { id, action: 'deleted', day: removed.localDate });
    return closingView(removed);
  }

  return { create, list, remove };
}

/** The closing service. */
export type ClosingService = ReturnType<typeof createClosingService>;
