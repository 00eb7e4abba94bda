import { existsSync } from 'node:fs';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  callApi,
  cleanUp,
  createBooking,
  firstOpenSlot,
  REPO_ROOT,
  runMerchantCli,
  startServer,
  tempFolder,
  waitFor,
  type CommandResult,
  type ServerProcess,
} from './processes.ts';
import { contractExample } from '../support/contract-examples.ts';

const CONTRACT_EXAMPLE = contractExample('merchant.example.json');
const DEMO_DIR = path.join(REPO_ROOT, 'scripts/demo-merchants');
// A test that runs the CLI two or three times (each a process opening the database): a guard against a hang, not a
// speed check, wide enough for a machine whose cores are all busy.
const SEVERAL_RUNS_MS = 120_000;

let work: string;
let dataDir: string;
let siteDir: string;
let bookingToken: string;

function env(): Record<string, string> {
  return { DATA_DIR: dataDir, SITE_DIR: siteDir };
}

function cli(...args: string[]): Promise<CommandResult> {
  return runMerchantCli(args, env());
}

/** A definition file in the test folder, from the contract's example with `changes` applied. */
async function definitionFile(name: string, change: (definition: any) => void = () => {}): Promise<string> {
  const definition = JSON.parse(await readFile(CONTRACT_EXAMPLE, 'utf8'));
  change(definition);
  const file = path.join(work, name);
  await writeFile(file, JSON.stringify(definition, null, 2));
  return file;
}

async function exported(slug: string): Promise<any> {
  const result = await cli('export', slug);
  expect(result.code, result.stderr).toBe(0);
  return JSON.parse(result.stdout);
}

beforeAll(async () => {
  work = await tempFolder('merchant-cli');
  dataDir = path.join(work, 'data');
  siteDir = path.join(work, 'site');
});

afterAll(cleanUp, 30_000);

describe('the merchant CLI without a server', () => {
  test('imports definition files straight into a new database, images included', async () => {
    const result = await cli('import', CONTRACT_EXAMPLE, path.join(DEMO_DIR, 'le-petit-zinc.json'));
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toBe('created chez-marcel\ncreated le-petit-zinc\n');
    expect(existsSync(path.join(dataDir, 'pglite'))).toBe(true);
    expect((await readdir(path.join(dataDir, 'media', 'le-petit-zinc'))).length).toBe(4);
    // It worked on the database itself, and let go of the folder.
    expect(existsSync(path.join(dataDir, 'server.lock'))).toBe(false);
  }, 60_000);

  test('lists the merchants by slug and name', async () => {
    const result = await cli('list');
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^chez-marcel\s+Chez Marcel$/m);
    expect(result.stdout).toMatch(/^le-petit-zinc\s+Le Petit Zinc$/m);
    expect(result.stdout.trim().split('\n')).toHaveLength(2);
  });

  test('exports a merchant as a definition with password hashes and no password', async () => {
    const definition = await exported('chez-marcel');
    expect(definition).toMatchObject({ slug: 'chez-marcel', name: 'Chez Marcel', timezone: 'Europe/Paris' });
    expect(definition.zones.map((zone: { name: string }) => zone.name)).toEqual(['Salle', 'Terrasse']);
    expect(definition.staff).toEqual([{ email: 'patron@chez-marcel.example', role: 'owner', passwordHash: expect.stringMatching(/^\$argon2/) }]);
    expect(JSON.stringify(definition)).not.toContain('change-me-now');
  });

  test.each(['chez-marcel', 'le-petit-zinc'])(
    're-imports the export of %s unchanged',
    async (slug) => {
      const before = await exported(slug);
      const file = path.join(work, `${slug}.exported.json`);
      await writeFile(file, JSON.stringify(before, null, 2));
      const result = await cli('import', file);
      expect(result.stderr).toBe('');
      expect(result.code).toBe(0);
      expect(result.stdout).toBe(`updated ${slug}\n`);
      expect(await exported(slug)).toEqual(before);
    },
    SEVERAL_RUNS_MS,
  );

  test(
    'refuses a bad definition whole, naming the field, and leaves the database as it was',
    async () => {
      const before = await exported('chez-marcel');
      const file = await definitionFile('bad.json', (definition) => {
        definition.name = 'Chez Marcel II';
        definition.zones[1].tables[0].maxSeats = 0;
      });
      const result = await cli('import', file);
      expect(result.code).toBe(1);
      expect(result.stderr).toContain(file);
      expect(result.stderr).toContain('zones.1.tables.0.');
      expect(result.stdout).toBe('');
      expect(await exported('chez-marcel')).toEqual(before);
    },
    SEVERAL_RUNS_MS,
  );

  test(
    'refuses a bad new merchant without creating it',
    async () => {
      const file = await definitionFile('bad-new.json', (definition) => {
        definition.slug = 'chez-paulette';
        definition.theme.primary = 'rouge';
      });
      const result = await cli('import', file);
      expect(result.code).toBe(1);
      expect(result.stderr).toContain('theme.primary');
      expect((await cli('list')).stdout).not.toContain('chez-paulette');
    },
    SEVERAL_RUNS_MS,
  );

  test('answers an unknown slug on export with exit code 1', async () => {
    const result = await cli('export', 'nobody-here');
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('nobody-here');
  });

  test('re-importing a merchant updates it and keeps its bookings', async () => {
    const server = await startServer({ ...env(), BUILD_SITE: 'never', IMPORT_DEMO: 'never' });
    try {
      const slot = await firstOpenSlot(server.url, 'chez-marcel');
      const created = await createBooking(server.url, 'chez-marcel', slot);
      expect(created.status, JSON.stringify(created.body)).toBe(200);
      bookingToken = created.body.token;
    } finally {
      expect(await server.stop()).toBe(0);
    }

    const file = await definitionFile('renamed.json', (definition) => {
      definition.name = 'Chez Marcel (rénové)';
      definition.zones[0].tables.push({ name: 'S6', minSeats: 2, maxSeats: 6 });
    });
    const result = await cli('import', file);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toBe('updated chez-marcel\n');
    const after = await exported('chez-marcel');
    expect(after.name).toBe('Chez Marcel (rénové)');
    expect(after.zones[0].tables.map((table: { name: string }) => table.name)).toContain('S6');
    // The booking is checked on the server started next.
  }, 120_000);
});

describe('the merchant CLI while a server runs on the data folder', () => {
  let server: ServerProcess;
  beforeAll(async () => {
    // Started from the provider's own folder, not the project: the site must build all the same.
    server = await startServer({ ...env(), BUILD_SITE: 'auto', IMPORT_DEMO: 'never' }, 180_000, work);
    expect(server.stdout()).toMatch(/site built in/);
  }, 180_000);
  afterAll(async () => {
    await server?.stop('SIGINT', 10_000);
  }, 15_000);

  test('the server kept the booking taken before the re-import, on the renamed merchant', async () => {
    const { status, body } = await callApi(`${server.url}/api/booking/get`, { merchant_slug: 'chez-marcel', token: bookingToken });
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body.booking.token).toBe(bookingToken);
    expect(body.merchant.name).toBe('Chez Marcel (rénové)');
  });

  test('the command line\u2019s imports are in the restaurant\u2019s history as the provider\u2019s', async () => {
    const login = await callApi(`${server.url}/api/pro/auth/login`, { email: 'patron@chez-marcel.example', password: 'change-me-now' });
    expect(login.status, JSON.stringify(login.body)).toBe(200);
    const { status, body } = await callApi(`${server.url}/api/pro/chez-marcel/definition/history`, undefined, {
      authorization: `Bearer ${login.body.access_token}`,
    });
    expect(status, JSON.stringify(body)).toBe(200);
    // The first import and the renaming one; re-importing the export unchanged moved the revision but recorded nothing.
    const [renamed, created] = body.changes;
    expect(body.changes).toHaveLength(2);
    expect(renamed).toMatchObject({ by: 'provider', fields: ['name', 'zones'], after: { name: 'Chez Marcel (rénové)' } });
    expect(created).toMatchObject({ by: 'provider', revision: 1, before: {} });
  });

  test('lists and exports through the server (the database is the server\u2019s)', async () => {
    const list = await cli('list');
    expect(list.code, list.stderr).toBe(0);
    expect(list.stdout).toMatch(/^chez-marcel\s+Chez Marcel \(rénové\)$/m);
    const definition = await exported('chez-marcel');
    expect(definition.slug).toBe('chez-marcel');
  });

  test(
    'refuses a bad definition through the server, naming the field',
    async () => {
      const file = await definitionFile('bad-live.json', (definition) => {
        definition.shifts[2].slots[0].start = '25:00';
      });
      const result = await cli('import', file);
      expect(result.code).toBe(1);
      expect(result.stderr).toContain('shifts.2.slots.0.start');
      expect((await exported('chez-marcel')).name).toBe('Chez Marcel (rénové)');
    },
    SEVERAL_RUNS_MS,
  );

  test('re-imports an export through the server unchanged', async () => {
    const before = await exported('le-petit-zinc');
    const file = path.join(work, 'le-petit-zinc.live-export.json');
    await writeFile(file, JSON.stringify(before));
    const result = await cli('import', file);
    expect(result.stderr).toBe('');
    expect(result.stdout).toBe('updated le-petit-zinc\n');
    expect(await exported('le-petit-zinc')).toEqual(before);
  }, 60_000);

  test('imports a new merchant, whose page appears once the site is rebuilt while the old pages stay served', async () => {
    // From the folder of the definition, named relatively, as a provider would; its images come along.
    const result = await runMerchantCli(['import', 'sakura-ramen.json'], env(), DEMO_DIR);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toBe('created sakura-ramen\n');
    // The import returned at once: the site builds in the background.
    expect((await fetch(`${server.url}/sakura-ramen`)).status).toBe(404);

    const oldPages: number[] = [];
    const page = await waitFor(
      async () => {
        oldPages.push((await fetch(`${server.url}/chez-marcel`)).status);
        const response = await fetch(`${server.url}/sakura-ramen`);
        return response.status === 200 ? response.text() : undefined;
      },
      // A whole site rebuild: on a loaded 2-core machine it takes over a minute.
      90_000,
      'the new merchant page',
      200,
    );
    expect(page).toContain('Sakura Ramen');
    expect(oldPages.length).toBeGreaterThan(1);
    // Every answer other than 200, with when it came: the swap of the built folder must leave no gap.
    expect(oldPages.flatMap((status, poll) => (status === 200 ? [] : [`poll ${poll}: ${status}`]))).toEqual([]);

    const logo = /\/media\/sakura-ramen\/[\w.-]+\.svg/.exec(page)?.[0];
    expect(logo).toBeDefined();
    expect((await fetch(`${server.url}${logo}`)).status).toBe(200);
  }, 120_000);
});
