/** The mail inviting a new staff member to choose their password: an outbox row and its send job, in the change's transaction. */
import type { Database } from './database.ts';
import { writeOutboxMessages } from './outbox-store.ts';

/** The outbox kind of the staff invitation (sent by the message jobs with a password link made when it leaves). */
export const STAFF_INVITE_KIND = 'staff-invite';

/**
 * Writes one invitation per email for the definition revision that added them: written once (the outbox's unique
 * key is kind, email, revision), sent once by its job after the change commits. The link itself is made at sending,
 * so no secret is ever stored in the outbox.
 */
export async function writeStaffInvitations(
  tx: Database,
  invitation: { merchantId: string; revision: number; emails: readonly string[]; lang: string; now: Date },
): Promise<void> {
  await writeOutboxMessages(
    tx,
    invitation.emails.map((email) => ({
      merchantId: invitation.merchantId,
      bookingId: null,
      kind: STAFF_INVITE_KIND,
      subject: email,
      revision: invitation.revision,
      slot: '',
      channel: 'email',
      recipient: email,
      lang: invitation.lang,
      data: {},
      createdAt: invitation.now,
    })),
    invitation.now,
  );
}
