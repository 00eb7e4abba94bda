/**
 * Who may do what with a booking named by its token (docs/security.md): whoever holds the token views it; only its
 * owner's bearer (the owner's account session, or a session scoped to that one booking) manages it and sees the
 * diner's contact details.
 */

/** The caller as the access rules see them: a signed-in diner, and the one booking their session is scoped to, if any. */
export interface BookingCaller {
  id: string;
  sessionBookingId: string | null;
}

/** Whether the caller's bearer belongs to the booking's owner (a booking without owner has none). */
export function canManageBooking(booking: { id: string; userId: string | null }, caller: BookingCaller | undefined): boolean {
  if (!caller || booking.userId === null || booking.userId !== caller.id) return false;
  return caller.sessionBookingId === null || caller.sessionBookingId === booking.id;
}

/** The diner as a viewer sees them: the first name and the last name's initial, no phone nor email. */
export function viewerClient<T extends { firstname: string; lastname: string; phone: string | null; email: string | null }>(client: T): T {
  const initial = [...client.lastname.trim()][0];
  return { ...client, lastname: initial ? `${initial.toUpperCase()}.` : '', phone: '', email: '' };
}
