import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createMailer } from '../../src/server/mail/mailer.ts';
import { expectError, expectOk } from '../api/api-helpers.ts';
import { importRoleMerchant, type RoleMerchant } from '../api/role-merchant.ts';
import { mimePart, startSmtpInbox, subjectOf, type SmtpInbox } from '../support/smtp-inbox.ts';
import { useTestServer } from '../support/use-test-server.ts';

// An owner adds staff through the definition; a new member without a password is invited by mail to choose theirs.
let inbox: SmtpInbox;
beforeAll(async () => {
  inbox = await startSmtpInbox();
}, 60_000);
afterAll(() => inbox.close());
const t = useTestServer(() => ({ demo: false, accounts: { mailer: createMailer({ smtpUrl: inbox.url, from: 'Couvert <no-reply@couvert.test>' }) } }));
let m: RoleMerchant;
beforeAll(async () => {
  m = await importRoleMerchant(t, 'invite');
}, 60_000);

const read = async (bearer = m.bearer.owner) =>
  expectOk(await t.get(`/api/pro/${m.slug}/definition`, { bearer })).body as { definition: any; revision: number };
const save = (definition: unknown, revision: number, bearer = m.bearer.owner) => t.put(`/api/pro/${m.slug}/definition`, { definition, revision }, { bearer });
const login = (email: string, password: string) => t.post('/api/pro/auth/login', { email, password });
const linkIn = (text: string) => text.match(/https?:\/\/\S+\/auth\/reset_password\?token=[A-Za-z0-9_-]+/)![0];
const mailsTo = (email: string) => inbox.messages.filter((mail) => mail.to.includes(email));
const postForm = (fields: Record<string, string>) =>
  t.post('/auth/reset_password', new URLSearchParams(fields).toString(), { headers: { 'content-type': 'application/x-www-form-urlencoded' } });

describe('an owner adds a staff member without a password', () => {
  test('the member gets one mail, chooses a password through its link and signs in with their role', async () => {
    const email = `invited@${m.slug}.example`;
    const { definition, revision } = await read();
    expectOk(await save({ ...definition, staff: [...definition.staff, { email, role: 'manager' }] }, revision));
    // Listed, with no password anyone knows: nothing signs in before the link is used.
    expect((await read()).definition.staff).toContainEqual({ email, role: 'manager' });
    // The test server runs its jobs when told (a running server's worker is woken by the save).
    expect(await t.server.jobs.runDue()).toBe(1);
    const mail = await inbox.waitFor(email);
    expect(subjectOf(mail.raw)).toBe(`Votre accès aux réservations de Fixture ${m.slug}`);
    // No job is left to send it again.
    expect(await t.server.jobs.runDue()).toBe(0);
    expect(mailsTo(email)).toHaveLength(1);

    const token = new URL(linkIn(mimePart(mail.raw, 'text/plain'))).searchParams.get('token')!;
    const password = 'the invited member’s own passphrase';
    expect((await postForm({ token, password, password_confirmation: password })).status).toBe(303);
    const bearer = expectOk(await login(email, password)).body.access_token as string;
    const me = expectOk(await t.get('/api/pro/me', { bearer })).body;
    expect(me.merchants).toEqual([expect.objectContaining({ slug: m.slug, role: 'manager' })]);
    expectOk(await t.get(`/api/pro/${m.slug}/definition`, { bearer }));
  });

  test('a save that keeps them listed sends no second mail', async () => {
    const email = `kept@${m.slug}.example`;
    const first = await read();
    expectOk(await save({ ...first.definition, staff: [...first.definition.staff, { email, role: 'host' }] }, first.revision));
    await t.server.jobs.runDue();
    await inbox.waitFor(email);
    const second = await read();
    expectOk(await save({ ...second.definition, name: 'Renamed' }, second.revision));
    await t.server.jobs.runDue();
    expect(mailsTo(email)).toHaveLength(1);
  });

  test('someone already staff of another restaurant keeps their password and gets no mail', async () => {
    const other = await importRoleMerchant(t, 'elsewhere');
    const { email, password } = other.who.host;
    const { definition, revision } = await read();
    expectOk(await save({ ...definition, staff: [...definition.staff, { email, role: 'manager' }] }, revision));
    expect(await t.server.jobs.runDue()).toBe(0);
    expect(mailsTo(email)).toHaveLength(0);
    const me = expectOk(await t.get('/api/pro/me', { bearer: expectOk(await login(email, password)).body.access_token })).body;
    expect(me.merchants.map((merchant: { slug: string; role: string }) => [merchant.slug, merchant.role]).sort()).toEqual(
      [
        [m.slug, 'manager'],
        [other.slug, 'host'],
      ].sort(),
    );
  });

  test('a manager may not: 403 forbidden, nothing written, no mail', async () => {
    const email = `by-manager@${m.slug}.example`;
    const { definition, revision } = await read(m.bearer.manager);
    expectError(await save({ ...definition, staff: [...definition.staff, { email, role: 'host' }] }, revision, m.bearer.manager), 403, 'forbidden');
    expect((await read()).revision).toBe(revision);
    await t.server.jobs.runDue();
    expect(mailsTo(email)).toHaveLength(0);
  });
});

describe('an owner never leaves the restaurant without an owner, nor removes themselves', () => {
  test('demoting the last owner is 422 last_owner and writes nothing', async () => {
    const { definition, revision } = await read();
    const staff = definition.staff.map((member: any) => (member.role === 'owner' ? { ...member, role: 'manager' } : member));
    expectError(await save({ ...definition, staff }, revision), 422, 'last_owner');
    expect((await read()).revision).toBe(revision);
  });

  test('an owner’s list without themselves is 422 self_removal; another owner may remove them', async () => {
    const { definition, revision } = await read();
    const second = { email: `second-owner@${m.slug}.example`, password: 'the second owner passphrase', role: 'owner' };
    const withSecond = expectOk(await save({ ...definition, staff: [...definition.staff, second] }, revision)).body.revision;
    const current = (await read()).definition;
    const withoutMe = current.staff.filter((member: any) => member.email !== m.who.owner.email);
    expectError(await save({ ...current, staff: withoutMe }, withSecond), 422, 'self_removal');
    const bearer = expectOk(await login(second.email, second.password)).body.access_token as string;
    expectOk(await save({ ...current, staff: withoutMe }, withSecond, bearer));
  });
});
