import { beforeAll, describe, expect, test } from 'vitest';
import { ADMIN_TOKEN } from '../support/test-server.ts';
import { useTestServer } from '../support/use-test-server.ts';
import { databaseKind } from '../support/test-database.ts';
import { httpEndpoint, raceEveryPair, STARTS, unexplained, WRITES, type RaceResult } from './booking-races.ts';
import { fixtureMerchant } from './fixture-merchant.ts';

const SLUG = 'races';
let phones = 0;
// One phone per diner, so no per-phone limit refuses a validation.
const uniquePhone = () => `+336${String(++phones).padStart(8, '0')}`;

const t = useTestServer({ demo: false, listen: true });
let results: RaceResult[];
beforeAll(async () => {
  await t.importMerchant(fixtureMerchant({ slug: SLUG, tables: 40, maxCoversPerSlot: 1000 }));
  const endpoint = httpEndpoint(t.url);
  results = await raceEveryPair(
    { a: endpoint, b: endpoint, adminToken: ADMIN_TOKEN, slug: SLUG, now: t.clock.now(), diner: async () => (await t.signIn({ phone: uniquePhone() })).bearer },
    { repetitions: 4, parallel: 24 },
  );
}, 120_000);

const pairs = WRITES.flatMap((first, i) => WRITES.slice(i).map((second) => ({ first, second })));

describe(`two writes racing on one booking through one server (${databaseKind})`, () => {
  test.each(pairs)('$first racing $second ends as one of their serial orders, from every start', ({ first, second }) => {
    const races = results.filter((result) => result.first === first && result.second === second);
    expect(races).toHaveLength(4 * STARTS.length);
    expect(races.map(unexplained).filter(Boolean)).toEqual([]);
  });
});
