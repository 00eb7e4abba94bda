/** A stored booking as the booking messages tell it: its facts, with its zone's name and its diner. */
import type { MessageBooking } from './message-input.ts';

/** What the messages read of a booking (a stored booking row has these and more: mail is given data, not rows). */
export type BookingFacts = Pick<MessageBooking, 'token' | 'ref' | 'revision' | 'status' | 'startsAt' | 'endsAt' | 'clientCount' | 'lang'> & {
  comment: string;
  cancelReason: string | null;
  cancelMessage: string | null;
};

/** The MessageBooking of a booking's facts; `previous` is what a change replaced, for the changed kinds. */
export function messageBookingOf(
  row: BookingFacts,
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
