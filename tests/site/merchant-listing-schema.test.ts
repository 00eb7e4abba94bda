import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { fetchMerchantList } from '../../scripts/build-site.ts';
import { loadMerchantListing } from '../../src/lib/build/load-merchant-listing.ts';
import { parseMerchantList } from '../../src/shared/api/merchant-listing-schema.ts';

const fixture = JSON.parse(await readFile(join(import.meta.dirname, 'fixtures', 'merchants.json'), 'utf8')) as {
  success: true;
  merchants: Array<Record<string, unknown>>;
};

/** The fixture list with its second merchant's shifts replaced by something that is not a list. */
function withBrokenShifts(): unknown {
  const merchants = structuredClone(fixture.merchants);
  merchants[1]!.shifts = 'every day';
  return { success: true, merchants };
}

describe('parseMerchantList', () => {
  test('returns a well-formed listing as it came, fields a newer server adds included', () => {
    const merchants = structuredClone(fixture.merchants);
    merchants[0]!.futureField = { kept: true };
    expect(parseMerchantList({ success: true, merchants }, 'test')).toEqual(merchants);
  });

  test('names the source and the wrong field of a malformed listing', () => {
    expect(() => parseMerchantList(withBrokenShifts(), 'GET http://api/x')).toThrow(
      /GET http:\/\/api\/x: malformed merchant list[\s\S]*merchants\[1\]\.shifts/,
    );
  });

  test('refuses an answer that is not a merchant list', () => {
    expect(() => parseMerchantList({ success: false, error_code: 'internal_error' }, 'test')).toThrow(/malformed merchant list/);
    expect(() => parseMerchantList([], 'test')).toThrow(/malformed merchant list/);
  });
});

describe('the site build reading the listing', () => {
  let server: Server;
  let apiUrl: string;
  let work: string;

  beforeAll(async () => {
    server = createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(withBrokenShifts()));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    apiUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    work = await mkdtemp(join(tmpdir(), 'couvert-listing-'));
  });

  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    await rm(work, { recursive: true, force: true });
  });

  test('fails on a malformed fetched listing with the address and the wrong field', async () => {
    await expect(fetchMerchantList(apiUrl)).rejects.toThrow(/\/api\/booking\/merchants: malformed merchant list[\s\S]*merchants\[1\]\.shifts/);
  });

  test('fails on a malformed cached listing with the file and the wrong field', async () => {
    const file = join(work, 'merchants.json');
    const merchants = structuredClone(fixture.merchants);
    delete merchants[2]!.theme;
    await writeFile(file, JSON.stringify(merchants));
    expect(() => loadMerchantListing(file)).toThrow(/merchants\.json: malformed merchant list[\s\S]*\[2\]\.theme/);
  });

  test('reads a well-formed cached listing', async () => {
    const file = join(work, 'good.json');
    await writeFile(file, JSON.stringify(fixture.merchants));
    expect(loadMerchantListing(file)).toEqual(fixture.merchants);
  });
});
