import { beforeAll, describe, expect, test } from 'vitest';
import { ADMIN_TOKEN } from '../support/test-server.ts';
import { useTestServer } from '../support/use-test-server.ts';
import { expectError, expectOk, fixtureMerchant, uniqueSlug } from './api-helpers.ts';
import { importRoleMerchant, memberOf, type RoleMerchant } from './role-merchant.ts';

// The restaurant edits its own definition: GET and PUT /api/pro/{slug}/definition and its history.
const rebuilt: string[] = [];
const t = useTestServer({ demo: false, onMerchantChange: (slug) => rebuilt.push(slug) });
let m: RoleMerchant;

beforeAll(async () => {
  m = await importRoleMerchant(t, 'edit');
}, 60_000);

const read = async (bearer = m.bearer.owner) =>
  expectOk(await t.get(`/api/pro/${m.slug}/definition`, { bearer })).body as { definition: any; revision: number };
const save = (definition: unknown, revision: number, bearer = m.bearer.owner) => t.put(`/api/pro/${m.slug}/definition`, { definition, revision }, { bearer });
const history = async () => expectOk(await t.get(`/api/pro/${m.slug}/definition/history`, { bearer: m.bearer.manager })).body.changes as any[];
const login = (who: { email: string; password: string }) => t.post('/api/pro/auth/login', who);

describe('GET /api/pro/{slug}/definition', () => {
  test('answers the definition in the import’s shape, staff with their roles and no password or hash, and its revision', async () => {
    const { definition, revision } = await read();
    expect(revision).toBe(1);
    expect(definition).toMatchObject({
      slug: m.slug,
      name: `Fixture ${m.slug}`,
      zones: [{ name: 'Salle' }],
      settings: { maxCoversPerSlot: expect.any(Number) },
    });
    expect(definition.staff).toEqual([
      { email: m.who.host.email, role: 'host' },
      { email: m.who.manager.email, role: 'manager' },
      { email: m.who.owner.email, role: 'owner' },
    ]);
    expect(JSON.stringify(definition)).not.toMatch(/password|argon2/i);
  });
});

describe('PUT /api/pro/{slug}/definition', () => {
  test('a round trip: saved at the revision read, the next revision, read back, public, recorded, and the page rebuilt', async () => {
    const { definition, revision } = await read();
    rebuilt.length = 0;
    const saved = expectOk(await save({ ...definition, name: 'Chez Manon', closedDays: ['2026-12-25'] }, revision, m.bearer.manager));
    expect(saved.body).toEqual({ success: true, revision: revision + 1 });
    expect(rebuilt).toEqual([m.slug]);
    const after = await read();
    expect(after.revision).toBe(revision + 1);
    expect(after.definition).toEqual({ ...definition, name: 'Chez Manon', closedDays: ['2026-12-25'] });
    const listed = expectOk(await t.get('/api/booking/merchants')).body.merchants.find((merchant: { slug: string }) => merchant.slug === m.slug);
    expect(listed).toMatchObject({ name: 'Chez Manon' });
    expect(listed.closedDays).toContain('2026-12-25');
    const [latest] = await history();
    expect(latest).toEqual({
      at: expect.any(String),
      by: m.who.manager.email,
      revision: revision + 1,
      fields: ['closedDays', 'name'],
      before: { closedDays: [], name: `Fixture ${m.slug}` },
      after: { closedDays: ['2026-12-25'], name: 'Chez Manon' },
    });
  });

  test('two saves from the same revision: exactly one wins, the other is 409 stale_revision and wrote nothing', async () => {
    const { definition, revision } = await read();
    const before = (await history()).length;
    const answers = await Promise.all([
      save({ ...definition, name: 'First' }, revision, m.bearer.owner),
      save({ ...definition, name: 'Second', description: 'Only the second says this' }, revision, m.bearer.manager),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const won = answers.findIndex((answer) => answer.status === 200);
    expectError(answers[1 - won]!, 409, 'stale_revision');
    const after = await read();
    expect(after.revision).toBe(revision + 1);
    expect(after.definition.name).toBe(won === 0 ? 'First' : 'Second');
    expect(after.definition.description).toBe(won === 0 ? definition.description : 'Only the second says this');
    expect((await history()).length).toBe(before + 1);
    // The loser reads again and saves from the new revision.
    expectOk(await save({ ...after.definition, name: 'Third' }, after.revision));
  });

  test('a revision older than the last write is stale, even when the document is the same', async () => {
    const { definition, revision } = await read();
    expectOk(await save(definition, revision));
    expectError(await save(definition, revision), 409, 'stale_revision');
  });

  test('an admin import moves the revision too: a save from before it is stale', async () => {
    const { definition, revision } = await read();
    const exported = expectOk(await t.get(`/api/admin/merchants/${m.slug}`, { bearer: ADMIN_TOKEN })).body.merchant;
    await t.importMerchant(exported);
    expectError(await save({ ...definition, name: 'Too late' }, revision), 409, 'stale_revision');
    expect((await read()).revision).toBe(revision + 1);
  });

  test('422 validation_error names each wrong field by its path, as the import does, and writes nothing', async () => {
    const { definition, revision } = await read();
    const shifts = structuredClone(definition.shifts);
    shifts[1].slots[0].end = '25:00';
    const answer = await save(
      { ...definition, shifts, settings: { ...definition.settings, minClientsPerBookings: 0 }, theme: { primary: 'red', background: '#fff' } },
      revision,
    );
    expectError(answer, 422, 'validation_error');
    const paths = answer.body.issues.map((issue: { path: string }) => issue.path);
    expect(paths).toEqual(expect.arrayContaining(['shifts.1.slots.0.end', 'settings.minClientsPerBookings', 'theme.primary']));
    expect(Object.keys(answer.body.errors)).toEqual(expect.arrayContaining(['shifts.1.slots.0.end']));
    expect((await read()).revision).toBe(revision);
  });

  test('an image path relative to a file is refused (images are https URLs or the merchant’s own /media paths)', async () => {
    const { definition, revision } = await read();
    const answer = await save({ ...definition, logo: 'logo.png' }, revision);
    expectError(answer, 422, 'validation_error');
    expect(answer.body.issues).toEqual([expect.objectContaining({ path: 'logo' })]);
  });

  test('the slug never changes this way: another slug is 422 naming slug; a definition without one keeps the URL’s', async () => {
    const { definition, revision } = await read();
    const answer = await save({ ...definition, slug: 'somewhere-else' }, revision);
    expectError(answer, 422, 'validation_error');
    expect(answer.body.issues).toEqual([expect.objectContaining({ path: 'slug' })]);
    const { slug: _slug, ...withoutSlug } = definition;
    expectOk(await save({ ...withoutSlug, name: 'Sans slug' }, revision));
    expect((await read()).definition).toMatchObject({ slug: m.slug, name: 'Sans slug' });
  });

  test('a malformed body is 400 validation_error (no revision, no definition object)', async () => {
    expectError(await t.put(`/api/pro/${m.slug}/definition`, { definition: 'x' }, { bearer: m.bearer.owner }), 400, 'validation_error');
  });

  test('a host may neither read nor save it: 403 forbidden', async () => {
    expectError(await t.get(`/api/pro/${m.slug}/definition`, { bearer: m.bearer.host }), 403, 'forbidden');
    const { definition, revision } = await read();
    expectError(await save({ ...definition, name: 'Host' }, revision, m.bearer.host), 403, 'forbidden');
    expect((await read()).revision).toBe(revision);
  });
});

describe('the staff through the definition: only an owner changes them', () => {
  test.each([
    ['adds a member', (staff: any[]) => [...staff, { email: 'new@example.test', role: 'host', password: 'a brand new passphrase' }]],
    ['removes a member', (staff: any[]) => staff.filter((member) => member.role !== 'host')],
    ['changes a role', (staff: any[]) => staff.map((member) => (member.role === 'host' ? { ...member, role: 'manager' } : member))],
    ['gives a password', (staff: any[]) => staff.map((member) => (member.role === 'host' ? { ...member, password: 'another passphrase' } : member))],
  ])('a manager’s definition that %s is 403 forbidden and writes nothing', async (_case, change) => {
    const { definition, revision } = await read();
    expectError(await save({ ...definition, name: 'Manager was here', staff: change(definition.staff) }, revision, m.bearer.manager), 403, 'forbidden');
    const after = await read();
    expect(after.revision).toBe(revision);
    expect(after.definition.staff).toEqual(definition.staff);
  });

  test('a manager may list the staff without their roles: each keeps theirs', async () => {
    const { definition, revision } = await read();
    const staff = definition.staff.map(({ email }: { email: string }) => ({ email }));
    expectOk(await save({ ...definition, staff }, revision, m.bearer.manager));
    expect((await read()).definition.staff).toEqual(definition.staff);
  });

  test('a definition must list the staff', async () => {
    const { definition, revision } = await read();
    const { staff: _staff, ...withoutStaff } = definition;
    const answer = await save(withoutStaff, revision);
    expectError(answer, 422, 'validation_error');
    expect(answer.body.issues).toEqual([expect.objectContaining({ path: 'staff' })]);
  });

  test('an owner adds a host with a password; those listed without one keep theirs and still sign in', async () => {
    const { definition, revision } = await read();
    const added = { email: `added@${m.slug}.example`, password: 'the added passphrase' };
    expectOk(await save({ ...definition, staff: [...definition.staff, { ...added, role: 'host' }] }, revision));
    const me = expectOk(await t.get('/api/pro/me', { bearer: expectOk(await login(added)).body.access_token })).body;
    expect(me.merchants).toEqual([expect.objectContaining({ slug: m.slug, role: 'host' })]);
    // Nobody else's password changed: every old sign-in works and no open session was ended.
    for (const role of ['host', 'manager', 'owner'] as const) expectOk(await login(m.who[role]));
    for (const role of ['host', 'manager', 'owner'] as const) expectOk(await t.get('/api/pro/me', { bearer: m.bearer[role] }));
    const [latest] = await history();
    expect(latest.fields).toEqual(['staff']);
    expect(JSON.stringify(latest)).not.toMatch(/passphrase|argon2/);
  });

  test('an owner promotes, then removes a member: the role applies at once, the removed one no longer reaches the merchant', async () => {
    const { definition, revision } = await read();
    const added = `added@${m.slug}.example`;
    const bearer = expectOk(await login({ email: added, password: 'the added passphrase' })).body.access_token;
    expectError(await t.get(`/api/pro/${m.slug}/definition`, { bearer }), 403, 'forbidden');
    const promoted = definition.staff.map((member: any) => (member.email === added ? { ...member, role: 'manager' } : member));
    const next = expectOk(await save({ ...definition, staff: promoted }, revision)).body.revision;
    expectOk(await t.get(`/api/pro/${m.slug}/definition`, { bearer }));
    const { definition: current } = await read();
    expectOk(await save({ ...current, staff: current.staff.filter((member: any) => member.email !== added) }, next));
    expectError(await t.get(`/api/pro/${m.slug}/bookings?day=2026-11-25`, { bearer }), 401, 'unauthenticated');
  });

  test('a hash is never taken from staff; an owner always remains', async () => {
    const { definition, revision } = await read();
    const withHash = await save(
      { ...definition, staff: [{ ...definition.staff[0], passwordHash: '$argon2id$v=19$m=1,t=1,p=1$x$y' }, ...definition.staff.slice(1)] },
      revision,
    );
    expectError(withHash, 422, 'validation_error');
    expect(withHash.body.issues.map((issue: { path: string }) => issue.path)).toContain('staff.0.passwordHash');
    const noOwner = await save({ ...definition, staff: definition.staff.map((member: any) => ({ ...member, role: 'manager' })) }, revision);
    expectError(noOwner, 422, 'last_owner');
    expect((await read()).revision).toBe(revision);
  });
});

describe('the provider\u2019s imports in the history', () => {
  test('an admin import is recorded as the provider\u2019s: the fields it changed, before and after; one that changes nothing is not', async () => {
    const exported = expectOk(await t.get(`/api/admin/merchants/${m.slug}`, { bearer: ADMIN_TOKEN })).body.merchant;
    const { revision } = await read();
    const imported = await t.put(`/api/admin/merchants/${m.slug}`, { ...exported, phone: '+33140000000' }, { bearer: ADMIN_TOKEN });
    expectOk(imported);
    const [latest] = await history();
    expect(latest).toEqual({
      at: expect.any(String),
      by: 'provider',
      revision: revision + 1,
      fields: ['phone'],
      before: { phone: exported.phone },
      after: { phone: '+33140000000' },
    });
    expectOk(await t.put(`/api/admin/merchants/${m.slug}`, { ...exported, phone: '+33140000000' }, { bearer: ADMIN_TOKEN }));
    expect((await history())[0]).toEqual(latest);
  });

  test('a new merchant\u2019s first import is recorded, staff without passwords or hashes', async () => {
    const slug = uniqueSlug('first');
    const who = memberOf(slug, 'owner');
    await t.importMerchant({ ...fixtureMerchant(slug), staff: [{ ...who, role: 'owner' }] });
    const bearer = expectOk(await login(who)).body.access_token;
    const [first] = expectOk(await t.get(`/api/pro/${slug}/definition/history`, { bearer })).body.changes;
    expect(first).toMatchObject({ by: 'provider', revision: 1, before: {} });
    expect(first.fields).toEqual(expect.arrayContaining(['name', 'staff', 'zones']));
    expect(first.after.staff).toEqual([{ email: who.email, role: 'owner' }]);
    expect(JSON.stringify(first)).not.toMatch(/passphrase|argon2/);
  });
});

describe('roles through import and export', () => {
  test('a definition without roles makes every listed member an owner', async () => {
    const slug = uniqueSlug('noroles');
    const who = memberOf(slug, 'owner');
    await t.importMerchant({ ...fixtureMerchant(slug), staff: [who, { email: `second@${slug}.example`, password: 'the second passphrase' }] });
    const exported = expectOk(await t.get(`/api/admin/merchants/${slug}`, { bearer: ADMIN_TOKEN })).body.merchant;
    expect(exported.staff.map((member: { role: string }) => member.role)).toEqual(['owner', 'owner']);
    const me = expectOk(await t.get('/api/pro/me', { bearer: expectOk(await login(who)).body.access_token })).body;
    expect(me.merchants).toEqual([expect.objectContaining({ slug, role: 'owner' })]);
  });

  test('a merchant without a url reads without one and saves back unchanged (export writes no empty url)', async () => {
    const slug = uniqueSlug('nourl');
    const who = memberOf(slug, 'owner');
    const { url: _url, ...definition } = fixtureMerchant(slug);
    await t.importMerchant({ ...definition, staff: [who] });
    const bearer = expectOk(await login(who)).body.access_token;
    const read = expectOk(await t.get(`/api/pro/${slug}/definition`, { bearer })).body;
    expect(read.definition).not.toHaveProperty('url');
    expectOk(await t.put(`/api/pro/${slug}/definition`, { definition: read.definition, revision: read.revision }, { bearer }));
    const exported = expectOk(await t.get(`/api/admin/merchants/${slug}`, { bearer: ADMIN_TOKEN })).body.merchant;
    expect(exported).not.toHaveProperty('url');
  });

  test('export writes each role; the export imports again unchanged; a role not in the list is refused by path', async () => {
    const exported = expectOk(await t.get(`/api/admin/merchants/${m.slug}`, { bearer: ADMIN_TOKEN })).body.merchant;
    expect(exported.staff).toEqual(
      expect.arrayContaining([
        { email: m.who.host.email, role: 'host', passwordHash: expect.stringMatching(/^\$argon2id\$/) },
        { email: m.who.manager.email, role: 'manager', passwordHash: expect.stringMatching(/^\$argon2id\$/) },
      ]),
    );
    const response = await t.server.app.inject({
      method: 'PUT',
      url: `/api/admin/merchants/${m.slug}`,
      headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
      payload: exported,
    });
    expect(response.statusCode).toBe(200);
    expect(expectOk(await t.get(`/api/admin/merchants/${m.slug}`, { bearer: ADMIN_TOKEN })).body.merchant).toEqual(exported);
    const bad = await t.server.app.inject({
      method: 'PUT',
      url: `/api/admin/merchants/${m.slug}`,
      headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
      payload: { ...exported, staff: [{ ...exported.staff[0], role: 'chef' }] },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('staff.0');
  });
});
