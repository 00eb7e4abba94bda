/** Who is calling: the diner behind the Authorization bearer, if any. */
import type { FastifyRequest } from 'fastify';
import { bearerOf, findSessionUser, type SessionUser } from '../auth/sessions.ts';
import type { Database } from '../db/database.ts';
import { DomainError } from '../domain/errors.ts';

/** Resolves the caller of a request. */
export function createRequestUser(db: Database, now: () => Date) {
  /** The signed-in diner, or undefined; a bearer that is present but unknown or expired is a 401. */
  async function optional(request: FastifyRequest): Promise<SessionUser | undefined> {
    const header = request.headers.authorization;
    if (!header) return undefined;
    const token = bearerOf(header);
    const user = token ? await findSessionUser(db, token, now()) : undefined;
    if (!user) throw new DomainError('unauthenticated', undefined, 'The session has expired or is unknown');
    return user;
  }
  /** The signed-in diner; a 401 without one. */
  async function required(request: FastifyRequest): Promise<SessionUser> {
    const user = await optional(request);
    if (!user) throw new DomainError('unauthenticated', undefined, 'Sign in first');
    return user;
  }
  /** The signed-in diner for calls that only personalise a public answer: a stale or unknown bearer counts as signed out. */
  async function ifSignedIn(request: FastifyRequest): Promise<SessionUser | undefined> {
    const token = bearerOf(request.headers.authorization);
    return token ? findSessionUser(db, token, now()) : undefined;
  }
  return { optional, required, ifSignedIn };
}

/** Resolves the caller of a request. */
export type RequestUser = ReturnType<typeof createRequestUser>;
