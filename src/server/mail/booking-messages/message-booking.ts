/** A stored booking as the booking messages tell it: its row, with its zone's name and its diner. */
import type { BookingRow } from '../../db/booking-store.ts';
import type { MessageBooking } from './message-input.ts';

/** The MessageBooking of a booking row; `previous` is what a change replaced, for the changed kinds. */
export function messageBookingOf(
  row: Pick<
    BookingRow,
    'token' | 'ref' | 'revision' | 'status' | 'startsAt' | 'endsAt' | 'clientCount' | 'comment' | 'lang' | 'cancelReason' | 'cancelMessage'
  >,
  extra: { zoneName?: string; diner: MessageBooking['diner']; previous?: MessageBooking['previous'] },
): MessageBooking {
  return {
    token: row.token,
    ref: row.ref,
    revision: row.revision,
    status: row.status,
    startsAt: row.startsAt,
    endsAt: row.endsAt,
    clientCount: row.clientCount,
    comment: row.comment,
    lang: row.lang,
    cancelReason: row.cancelReason,
    cancelMessage: row.cancelMessage,
    ...(extra.zoneName === undefined ? {} : { zoneName: extra.zoneName }),
    diner: extra.diner,
    ...(extra.previous ? { previous: extra.previous } : {}),
  };
}
