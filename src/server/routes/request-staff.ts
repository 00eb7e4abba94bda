/** Who is calling a staff call: the staff member behind the Authorization bearer, and the merchant a call names. */
import type { FastifyRequest } from 'fastify';
import { bearerOf, findStaffSession, type StaffMerchant, type StaffSession } from '../auth/sessions.ts';
import type { Database } from '../db/database.ts';
import { DomainError } from '../domain/errors.ts';
import { mayStaff, type StaffRight } from '../../shared/staff-roles.ts';

/** Resolves the staff caller of a request. */
export function createRequestStaff(db: Database, now: () => Date) {
  /** The signed-in staff member; a 401 without a live staff bearer (a diner's bearer is no staff bearer). */
  async function required(request: FastifyRequest): Promise<StaffSession & { token: string }> {
    const token = bearerOf(request.headers.authorization);
    const session = token ? await findStaffSession(db, token, now()) : undefined;
    if (!token || !session) throw new DomainError('unauthenticated', undefined, 'Staff sign-in required');
    return { ...session, token };
  }
  /** The signed-in staff member and the merchant `slug` of theirs; another merchant's slug is answered as unknown. */
  async function forMerchant(request: FastifyRequest, slug: string): Promise<{ session: StaffSession; merchant: StaffMerchant }> {
    const session = await required(request);
    const merchant = session.merchants.find((candidate) => candidate.slug === slug);
    // The same answer as a slug that does not exist: staff learn nothing of other merchants.
    if (!merchant) throw new DomainError('merchant_not_found', undefined, 'No merchant of yours by that name');
    return { session, merchant };
  }
  /** As forMerchant, and the member's role there holds `right`; else 403 forbidden (the contract's Roles table). */
  async function withRight(request: FastifyRequest, slug: string, right: StaffRight): Promise<{ session: StaffSession; merchant: StaffMerchant }> {
    const found = await forMerchant(request, slug);
    if (!mayStaff(found.merchant.role, right)) {
      throw new DomainError('forbidden', { role: found.merchant.role }, `A ${found.merchant.role} may not do this here (${right})`);
    }
    return found;
  }
  return { required, forMerchant, withRight };
}

/** Resolves the staff caller of a request. */
export type RequestStaff = ReturnType<typeof createRequestStaff>;
