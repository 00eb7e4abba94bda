/**
 * What a booking change sends and schedules, written in the change's own transaction: its messages as outbox rows (each
 * with the job that sends it), and the jobs that come later (reminders, the restaurant's reminder to answer, the close of
 * a booking never answered). Committed with the change or not at all; sent after it, never undoing it.
 */
import { isLive, isPending } from '../../shared/booking-life-cycle.ts';
import type { BookingRow } from '../db/booking-store.ts';
import type { Database, Tx } from '../db/database.ts';
import type { NewJob } from '../db/job-store.ts';
import { findMerchantById, findZoneById, type ZoneRow } from '../db/merchant-store.ts';
import { SEND_MESSAGE_JOB, writeOutboxMessages, type NewOutboxMessage } from '../db/outbox-store.ts';
import { findUserById, type UserRow } from '../db/user-store.ts';
import type { Merchant } from '../domain/merchant-floor.ts';
import type { BookingCause, BookingChange } from '../services/booking-service.ts';
import {
  isDinerKind,
  reminderHoursOf,
  type BookingMessageKind,
  type DinerMessageKind,
  type MessageBooking,
  type RestaurantMessageKind,
} from './booking-message-content.ts';

/** The job kinds the messages run on. */
export const MessageJob = {
  Send: SEND_MESSAGE_JOB,
  Reminder: 'booking_reminder',
  AnswerReminder: 'answer_reminder',
  CloseUnanswered: 'close_unanswered',
  NextDayLists: 'restaurant_next_day_lists',
} as const;

/** Where the restaurant's messages go. */
export type RestaurantRecipients = (merchant: Merchant) => { emails: string[]; phones: string[]; lang?: string };

/** Each cause's messages, to the diner and to the restaurant. */
const MESSAGES: Record<BookingCause, (after: BookingRow) => BookingMessageKind[]> = {
  validate: (after) => (isPending(after.status) ? ['diner-received', 'restaurant-new-booking'] : ['diner-confirmed']),
  confirm: () => ['diner-confirmed'],
  refuse: () => ['diner-cancelled-by-restaurant'],
  restaurant_cancel: () => ['diner-cancelled-by-restaurant'],
  client_cancel: () => ['diner-cancelled-by-diner', 'restaurant-diner-cancelled'],
  diner_change: () => ['diner-changed', 'restaurant-diner-changed'],
  restaurant_move: () => ['diner-changed'],
  // A walk-in already seated needs no word of their own booking.
  restaurant_create: (after) => (after.arrivedAt ? [] : ['diner-confirmed']),
  close_unanswered: () => ['diner-closed-unanswered'],
};

/** The causes after which the booking's coming jobs are planned (again, for a new time). */
const PLANS_AHEAD: ReadonlySet<BookingCause> = new Set(['validate', 'diner_change', 'restaurant_move', 'restaurant_create']);

/** The diner's addresses: their phone whenever known; an email when they have an account, or ticked the option as a guest. */
export function dinerRecipients(user: {
  phone: string | null;
  email: string | null;
  anonymous: boolean;
  anonymousEmail: string | null;
  wantsEmailConfirmation: boolean;
}): { emails: string[]; phones: string[] } {
  const email = user.anonymous ? (user.wantsEmailConfirmation ? user.anonymousEmail : null) : user.email;
  return { emails: email ? [email] : [], phones: user.phone ? [user.phone] : [] };
}

/** Zones a write already holds (the merchant's floor), by id: read again only when the booking's zone is not among them. */
type KnownZones = ReadonlyArray<Pick<ZoneRow, 'id' | 'name'>>;

/** The booking as its messages tell it, as of this write (JSON: dates become ISO strings in the outbox row). */
export async function messageBookingOf(tx: Database, booking: BookingRow, before?: BookingRow): Promise<MessageBooking> {
  const user = booking.userId ? await findUserById(tx, booking.userId) : undefined;
  return messageBookingWith(tx, booking, before, user, []);
}

/** messageBookingOf with its diner already read and the zones the write already holds. */
async function messageBookingWith(
  tx: Database,
  booking: BookingRow,
  before: BookingRow | undefined,
  user: UserRow | undefined,
  zones: KnownZones,
): Promise<MessageBooking> {
  const zoneName = async (id: string) => zones.find((zone) => zone.id === id)?.name ?? (await findZoneById(tx, id))?.name;
  const moved =
    before &&
    before.status !== null &&
    (before.startsAt.getTime() !== booking.startsAt.getTime() || before.clientCount !== booking.clientCount || before.zoneId !== booking.zoneId);
  return {
    token: booking.token,
    ref: booking.ref,
    revision: booking.revision,
    status: booking.status,
    startsAt: booking.startsAt,
    endsAt: booking.endsAt,
    clientCount: booking.clientCount,
    zoneName: await zoneName(booking.zoneId),
    comment: booking.comment,
    lang: booking.lang,
    cancelReason: booking.cancelReason,
    cancelMessage: booking.cancelMessage,
    diner: {
      firstname: user?.firstname ?? '',
      lastname: user?.lastname ?? '',
      phone: user?.phone ?? null,
      email: user ? (user.anonymous ? user.anonymousEmail : user.email) : null,
    },
    ...(moved ? { previous: { startsAt: before.startsAt, clientCount: before.clientCount, zoneName: await zoneName(before.zoneId) } } : {}),
  };
}

/** A message to each of its recipients. */
interface Message {
  kind: BookingMessageKind;
  merchantId: string;
  bookingId: string | null;
  subject: string;
  revision: number;
  slot?: string;
  lang: string;
  data: Record<string, unknown>;
  to: { emails: string[]; phones: string[] };
  now: Date;
}

/** The outbox rows of a message: one per recipient. */
function outboxRowsOf(message: Message): NewOutboxMessage[] {
  const targets = [
    ...message.to.emails.map((recipient) => ({ channel: 'email' as const, recipient })),
    ...message.to.phones.map((recipient) => ({ channel: 'sms' as const, recipient })),
  ];
  return targets.map(({ channel, recipient }) => ({
    merchantId: message.merchantId,
    bookingId: message.bookingId,
    kind: message.kind,
    subject: message.subject,
    revision: message.revision,
    slot: message.slot ?? '',
    channel,
    recipient,
    lang: message.lang,
    data: message.data,
    createdAt: message.now,
  }));
}

/**
 * Messages to each of their recipients, each row with the job that sends it (none when that very row was already
 * written), and the other jobs given: one statement, whatever their number. The number of rows written.
 */
function writeAll(tx: Tx, messages: Message[], now: Date, otherJobs: NewJob[] = []): Promise<number> {
  return writeOutboxMessages(tx, messages.flatMap(outboxRowsOf), now, otherJobs);
}

/** One message to each of its recipients, each row with the job that sends it (none when that very row was already written). */
export function writeMessages(tx: Tx, message: Message): Promise<number> {
  return writeAll(tx, [message], message.now);
}

/** The reminders of a booking at its time (none whose moment has passed: a booking made after it gets none). */
function remindersOf(booking: BookingRow, merchant: Pick<Merchant, 'settings'>, now: Date): NewJob[] {
  const planned: NewJob[] = [];
  for (const hours of reminderHoursOf(merchant.settings)) {
    const runAt = new Date(booking.startsAt.getTime() - hours * 3_600_000);
    if (runAt <= now) continue;
    planned.push({
      kind: MessageJob.Reminder,
      payload: { bookingId: booking.id, hours, startsAt: booking.startsAt.toISOString(), revision: booking.revision },
      runAt,
      // A moved booking gets reminders at its new time; those of the old time find it moved and send nothing.
      uniqueKey: `reminder:${booking.id}:${hours}h:${booking.startsAt.toISOString()}`,
    });
  }
  return planned;
}

/** For a pending booking: the restaurant's reminder at half its response window, and the close when its time comes unanswered. */
function pendingJobsOf(booking: BookingRow, merchant: Pick<Merchant, 'settings'>, now: Date): NewJob[] {
  const startsAt = booking.startsAt.toISOString();
  const payload = { bookingId: booking.id, startsAt, revision: booking.revision };
  const answerAt = new Date(now.getTime() + (merchant.settings.responseWindowMinutes * 60_000) / 2);
  const planned: NewJob[] = [];
  if (answerAt < booking.startsAt) {
    planned.push({ kind: MessageJob.AnswerReminder, payload, runAt: answerAt, uniqueKey: `answer:${booking.id}:${startsAt}` });
  }
  planned.push({ kind: MessageJob.CloseUnanswered, payload, runAt: booking.startsAt, uniqueKey: `close:${booking.id}:${startsAt}` });
  return planned;
}

/** Creates the planner booking writes call inside their transaction. */
export function createBookingMessagePlanner(deps: { restaurantRecipients: RestaurantRecipients }) {
  return async function planBookingMessages(tx: Tx, change: BookingChange): Promise<void> {
    const { cause, before, after, now, known } = change;
    // A draft's change is no booking yet.
    if (cause === 'diner_change' && before?.status === null) return;
    // The merchant the write decided on (its floor), else as stored; the diner is read here, in the transaction.
    const merchant = known?.merchant ?? (await findMerchantById(tx, after.merchantId));
    if (!merchant) return;
    const knownDiner = known?.diner && known.diner.id === after.userId ? known.diner : undefined;
    const user = knownDiner ?? (after.userId ? await findUserById(tx, after.userId) : undefined);
    const booking = await messageBookingWith(tx, after, before, user, known?.zones ?? []);
    const diner = user ? dinerRecipients(user) : { emails: [], phones: [] };
    const restaurant = deps.restaurantRecipients(merchant);
    const messages = MESSAGES[cause](after).map((kind): Message => {
      const toDiner = isDinerKind(kind);
      return {
        kind: kind as DinerMessageKind | RestaurantMessageKind,
        merchantId: merchant.id,
        bookingId: after.id,
        subject: after.id,
        revision: after.revision,
        lang: toDiner ? after.lang : (restaurant.lang ?? 'fr'),
        data: { booking },
        to: toDiner ? diner : restaurant,
        now,
      };
    });
    const planned = PLANS_AHEAD.has(cause)
      ? [...(isLive(after.status) ? remindersOf(after, merchant, now) : []), ...(isPending(after.status) ? pendingJobsOf(after, merchant, now) : [])]
      : [];
    await writeAll(tx, messages, now, planned);
  };
}

/** The planner's type, as the booking service receives it. */
export type BookingMessagePlanner = ReturnType<typeof createBookingMessagePlanner>;
