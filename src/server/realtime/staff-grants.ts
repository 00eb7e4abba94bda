/**
 * Who a merchant channel was signed for: the auth endpoint puts the staff row, session and time into the subscription's
 * signed channel_data, so the socket server can end the sockets of a session or staff row that was revoked, on every
 * process (the revocation travels on the event bus like any event).
 */

/** The bus channel revocations travel on: not a valid Pusher channel name, so no client can subscribe to it. */
export const STAFF_REVOCATION_CHANNEL = '#staff-revoked';
/** The bus event of a revocation. */
export const STAFF_REVOCATION_EVENT = 'revoke';

/** What a merchant channel's subscription was signed for. */
export interface StaffGrant {
  staffId: string;
  sessionId: string;
  /** Unix ms when it was signed. */
  issuedAt: number;
}

/** Sessions and staff rows whose sockets end: every grant of a session, every grant of a staff row signed before `at`. */
export interface StaffRevocationMessage {
  sessionIds: string[];
  staffIds: string[];
  /** Unix ms. */
  at: number;
}

/** The channel_data of a merchant channel's subscription. */
export function staffGrantData(grant: StaffGrant): string {
  return JSON.stringify({ staff_id: grant.staffId, session_id: grant.sessionId, issued_at: grant.issuedAt });
}

/** The grant a signed channel_data names, if it names one. */
export function parseStaffGrant(channelData: string | undefined): StaffGrant | undefined {
  if (!channelData) return undefined;
  try {
    const value = JSON.parse(channelData) as Record<string, unknown>;
    if (typeof value.staff_id === 'string' && typeof value.session_id === 'string' && typeof value.issued_at === 'number') {
      return { staffId: value.staff_id, sessionId: value.session_id, issuedAt: value.issued_at };
    }
  } catch {
    // Not ours: no grant.
  }
  return undefined;
}

/** A revocation as it came off the bus, if well formed. */
export function parseStaffRevocation(data: unknown): StaffRevocationMessage | undefined {
  const value = data as Partial<StaffRevocationMessage> | null;
  if (!value || typeof value !== 'object' || typeof value.at !== 'number') return undefined;
  const strings = (list: unknown) => (Array.isArray(list) ? list.filter((item): item is string => typeof item === 'string') : []);
  return { sessionIds: strings(value.sessionIds), staffIds: strings(value.staffIds), at: value.at };
}

/** Remembers revocations for as long as a signature made before them could still be presented (a session's life). */
export function createRevocationMemory(keepMs = 13 * 3600 * 1000) {
  const sessions = new Map<string, number>();
  const staff = new Map<string, number>();
  function prune(now: number): void {
    for (const map of [sessions, staff]) for (const [id, at] of map) if (now - at > keepMs) map.delete(id);
  }
  return {
    remember(message: StaffRevocationMessage): void {
      prune(Date.now());
      for (const id of message.sessionIds) sessions.set(id, message.at);
      for (const id of message.staffIds) staff.set(id, Math.max(staff.get(id) ?? 0, message.at));
    },
    /** Whether a grant is revoked, by this message or one remembered. */
    revokes(grant: StaffGrant, message?: StaffRevocationMessage): boolean {
      if (message) return message.sessionIds.includes(grant.sessionId) || (message.staffIds.includes(grant.staffId) && grant.issuedAt <= message.at);
      const staffAt = staff.get(grant.staffId);
      return sessions.has(grant.sessionId) || (staffAt !== undefined && grant.issuedAt <= staffAt);
    },
  };
}
