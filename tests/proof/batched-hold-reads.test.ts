import { beforeAll, describe, expect, test } from 'vitest';
import { holdRowsReaderOf, type VersionedHoldRows } from '../../src/server/db/batched-hold-reads.ts';
import { listHoldRows } from '../../src/server/db/booking-store.ts';
import { findMerchantWithFloor, listMerchants } from '../../src/server/db/merchant-store.ts';
import { findMerchantVersioned } from '../../src/server/db/prepared-reads.ts';
import { holdsWindow } from '../../src/server/domain/availability.ts';
import { useTestServer } from '../support/use-test-server.ts';
import { fixtureMerchant } from './fixture-merchant.ts';

const DATES = ['2026-11-24', '2026-11-25', '2026-11-26'];
const byId = (answer: VersionedHoldRows) => ({ ...answer, rows: [...answer.rows].sort((a, b) => a.id.localeCompare(b.id)) });

describe('hold reads asked in one turn share one statement', () => {
  const t = useTestServer({ demo: false });

  beforeAll(async () => {
    for (const slug of ['batch-a', 'batch-b']) await t.importMerchant(fixtureMerchant({ slug, tables: 2, maxCoversPerSlot: 100 }));
    const { bearer } = await t.signIn();
    for (const [slug, at] of [
      ['batch-a', '2026-11-25T11:00:00Z'],
      ['batch-a', '2026-11-26T18:00:00Z'],
      ['batch-b', '2026-11-25T11:30:00Z'],
    ] as const) {
      const datetime = Math.floor(new Date(at).getTime() / 1000);
      const created = await t.post('/api/booking/create', { merchant_slug: slug, datetime, booking_zone_id: 'all', client_count: 2 }, { bearer });
      expect(created.status, JSON.stringify(created.body)).toBe(200);
    }
  }, 60_000);

  test('each read answers what reading that window alone answers, duplicates included', async () => {
    const db = t.database.db;
    const reads = [];
    for (const merchant of await listMerchants(db)) {
      const floor = (await findMerchantWithFloor(db, merchant.slug))!;
      for (const date of [...DATES, DATES[1]!]) reads.push({ slug: merchant.slug, id: merchant.id, ...holdsWindow(floor, date) });
    }
    const batched = await Promise.all(reads.map(({ id, from, to }) => holdRowsReaderOf(db)(id, from, to)));
    const alone = [];
    for (const { slug, id, from, to } of reads) {
      alone.push({ version: (await findMerchantVersioned(db, slug))!.version, rows: await listHoldRows(db, id, from, to) });
    }
    expect(batched.map(byId)).toEqual(alone.map(byId));
    expect(batched.some((answer) => answer.rows.length > 0)).toBe(true);
  });

  test('a read asked after a commit sees it, though an earlier read is still on its way', async () => {
    const db = t.database.db;
    const merchant = (await listMerchants(db)).find((candidate) => candidate.slug === 'batch-b')!;
    const { from, to } = holdsWindow((await findMerchantWithFloor(db, 'batch-b'))!, '2026-11-25');
    const earlier = holdRowsReaderOf(db)(merchant.id, from, to);
    const { bearer } = await t.signIn();
    const datetime = Math.floor(new Date('2026-11-25T18:00:00Z').getTime() / 1000);
    const created = await t.post('/api/booking/create', { merchant_slug: 'batch-b', datetime, booking_zone_id: 'all', client_count: 2 }, { bearer });
    expect(created.status).toBe(200);
    const later = await holdRowsReaderOf(db)(merchant.id, from, to);
    expect(later.rows.map((row) => row.startsAt.toISOString())).toContain('2026-11-25T18:00:00.000Z');
    expect((await earlier).version).toBeDefined();
  });

  test('a merchant that is not there answers no version and no rows', async () => {
    const answer = await holdRowsReaderOf(t.database.db)(
      '00000000-0000-4000-8000-000000000000',
      new Date('2026-11-25T00:00:00Z'),
      new Date('2026-11-27T00:00:00Z'),
    );
    expect(answer).toEqual({ version: undefined, rows: [] });
  });
});
