/** A fixture merchant with one staff member of each role, each signed in: what the rights tests act as. */
import type { StaffRole } from '../../src/shared/staff-roles.ts';
import type { TestServer } from '../support/test-server.ts';
import { expectOk, fixtureMerchant, uniqueSlug } from './api-helpers.ts';

/** The roles, least to most. */
export const ROLES: readonly StaffRole[] = ['host', 'manager', 'owner'];

/** A merchant whose staff are an owner, a manager and a host, with their sign-ins and bearers. */
export interface RoleMerchant {
  slug: string;
  who: Record<StaffRole, { email: string; password: string }>;
  bearer: Record<StaffRole, string>;
}

/** The sign-in of a role at a slug. */
export const memberOf = (slug: string, role: StaffRole) => ({ email: `${role}@${slug}.example`, password: `the ${role} passphrase of ${slug}` });

/** Imports a fixture merchant (zone Salle, tables T1..T6) with an owner, a manager and a host, and signs each in. */
export async function importRoleMerchant(t: TestServer, prefix: string): Promise<RoleMerchant> {
  const slug = uniqueSlug(prefix);
  const tables = Array.from({ length: 6 }, (_, i) => ({ name: `T${i + 1}`, minSeats: 1, maxSeats: 6 }));
  const who = { host: memberOf(slug, 'host'), manager: memberOf(slug, 'manager'), owner: memberOf(slug, 'owner') };
  const staff = ROLES.map((role) => ({ ...who[role], role }));
  await t.importMerchant({ ...fixtureMerchant(slug, { zones: [{ name: 'Salle', tables }] }), staff });
  const bearer = {} as Record<StaffRole, string>;
  for (const role of ROLES) bearer[role] = expectOk(await t.post('/api/pro/auth/login', who[role])).body.access_token as string;
  return { slug, who, bearer };
}
