/**
 * The jobs of the messages: send one outbox row (at most once: claimed, sent, then marked, each in its own transaction;
 * the mark goes with the batch's next claim or at its end),
 * the reminders and the restaurant's reminder to answer (checked against the booking when they run), the close of a
 * booking never answered, and each evening the restaurant's list of the next day's bookings.
 */
import { TZDate } from '@date-fns/tz';
import { isLive, isPending } from '../../shared/booking-life-cycle.ts';
import { addDaysToLocalDate, localDateOf } from '../../shared/local-time.ts';
import { lockBooking, type BookingRow } from '../db/booking-store.ts';
import type { Database, Tx } from '../db/database.ts';
import type { JobRow } from '../db/job-store.ts';
import { findMerchantById, findMerchantWithFloor, listMerchants, type MerchantRow } from '../db/merchant-store.ts';
import { claimOutboxMessage, findOutboxMessage, settleOutboxMessage, type ClaimedOutboxRow, type OutboxRow } from '../db/outbox-store.ts';
import { comingBookingsOfDay } from '../db/message-reads.ts';
import { STAFF_INVITE_KIND } from '../db/staff-invitations.ts';
import type { Lang } from '../../shared/langs.ts';
import type { Merchant } from '../domain/merchant-floor.ts';
import { findUserById } from '../db/user-store.ts';
import type { SmsSender } from '../mail/sms.ts';
import type { BookingService } from '../services/booking-service.ts';
import {
  bookingLinks,
  isDinerKind,
  type BookingMessageKind,
  type ComposedMessage,
  type MessageBooking,
  type MessageInput,
  type MessageMerchant,
  messageMerchantOf,
} from './booking-message-content.ts';
import { dinerRecipients, messageBookingOf, MessageJob, writeMessages, type RestaurantRecipients } from './booking-message-plan.ts';
import type { JobBatch, JobHandlers } from './job-worker.ts';

/** The restaurant's evening list leaves from this merchant-local hour on. */
export const EVENING_HOUR = 18;
/** How often the evening lists are looked for. */
export const NEXT_DAY_LISTS_EVERY_MS = 15 * 60_000;

/** One email as the dispatch hands it to the mailer. */
export interface OutgoingEmail {
  to: string;
  subject: string;
  text: string;
  html: string;
  attachments: Array<{ filename: string; content: string; contentType: string }>;
  /** The sender's display name (the restaurant's, on its diners' mail). */
  fromName?: string;
}

/** What the message jobs need. */
export interface MessageJobDeps {
  db: Database;
  bookings: BookingService;
  /** Public origin of the site, for the links. */
  siteUrl: string;
  compose: (input: MessageInput) => ComposedMessage;
  restaurantRecipients: RestaurantRecipients;
  /** Sends an email; absent: email rows are skipped. */
  sendEmail?: (email: OutgoingEmail) => Promise<void>;
  /** Sends a text message; absent: SMS rows are skipped. */
  sms?: SmsSender;
  /** Mails a new staff member the link to choose their password (auth's staff reset); absent: invitations are skipped. */
  inviteStaff?: (input: { email: string; lang: Lang; slug: string }) => Promise<void>;
}

/** The merchant as the messages show it, its messages' language and .ics organiser from where its messages go. */
function shownMerchant(merchant: Merchant, restaurantRecipients: RestaurantRecipients): MessageMerchant {
  const restaurant = restaurantRecipients(merchant);
  const { email: _stored, ...shown } = messageMerchantOf(merchant);
  return { ...shown, lang: restaurant.lang as MessageMerchant['lang'], ...(restaurant.emails[0] ? { email: restaurant.emails[0] } : {}) };
}

/** A MessageBooking read back from an outbox row's JSON (its dates were written as ISO strings). */
function revive(json: unknown): MessageBooking {
  const booking = json as MessageBooking & { startsAt: string; endsAt: string; previous?: { startsAt: string } };
  return {
    ...booking,
    startsAt: new Date(booking.startsAt),
    endsAt: new Date(booking.endsAt),
    ...(booking.previous ? { previous: { ...booking.previous, startsAt: new Date(booking.previous.startsAt) } } : {}),
  };
}

/** The payload fields of the booking jobs. */
interface BookingJobPayload {
  bookingId: string;
  startsAt: string;
  revision: number;
  hours?: number;
}

/** Creates the message jobs' handlers. */
export function messageJobHandlers(deps: MessageJobDeps): JobHandlers {
  const { db } = deps;

  // A merchant's slug never changes: lets a message reach its merchant through the cached floor.
  const slugById = new Map<string, string>();

  /** The merchant as it is: from the floor cache (checked against the database where other processes write) once its slug is known. */
  async function merchantOf(id: string): Promise<Merchant | undefined> {
    const slug = slugById.get(id);
    if (slug) {
      const floor = await findMerchantWithFloor(db, slug);
      if (floor?.merchant.id === id) return floor.merchant;
    }
    const merchant = await findMerchantById(db, id);
    if (merchant) slugById.set(id, merchant.slug);
    return merchant;
  }

  /** The message an outbox row stands for, composed now from what the row recorded and the merchant as it is. */
  async function compose(row: ClaimedOutboxRow, merchant: Merchant): Promise<ComposedMessage> {
    const shown = shownMerchant(merchant, deps.restaurantRecipients);
    if (row.kind === 'restaurant-next-day') {
      const day = String(row.data.day);
      const rows = await comingBookingsOfDay(db, merchant.id, day);
      const listed = await Promise.all(rows.map((booking) => messageBookingOf(db, booking)));
      return deps.compose({
        kind: 'restaurant-next-day',
        merchant: shown,
        day,
        bookings: listed,
        links: { book: bookingLinks(deps.siteUrl, merchant.slug, '').book },
      });
    }
    const booking = revive(row.data.booking);
    const kind = row.kind as Exclude<BookingMessageKind, 'restaurant-next-day'>;
    // Only the diner's own messages carry the manage key (in the link's fragment); the restaurant's never do.
    const manageKey = isDinerKind(kind) ? (row.manageKey ?? undefined) : undefined;
    return deps.compose({ kind, booking, merchant: shown, links: bookingLinks(deps.siteUrl, merchant.slug, booking.token, manageKey) });
  }

  async function deliver(row: ClaimedOutboxRow, message: ComposedMessage): Promise<'sent' | 'skipped'> {
    if (row.channel === 'email') {
      if (!message.email || !deps.sendEmail) return 'skipped';
      await deps.sendEmail({ to: row.recipient, ...message.email });
      return 'sent';
    }
    if (!message.sms || !deps.sms) return 'skipped';
    await deps.sms.send(row.recipient, message.sms);
    return 'sent';
  }

  /** A staff invitation: its link is made now, as it leaves (no secret waits in the outbox). */
  async function invite(row: OutboxRow, merchant: Pick<Merchant, 'slug'>): Promise<'sent' | 'skipped'> {
    if (!deps.inviteStaff) return 'skipped';
    await deps.inviteStaff({ email: row.recipient, lang: row.lang as Lang, slug: merchant.slug });
    return 'sent';
  }

  /** merchantOf, read once for every message of a batch (a booking's four messages leave together). */
  function batchMerchantOf(id: string, batch: JobBatch): Promise<Merchant | undefined> {
    const key = `merchant:${id}`;
    let found = batch.shared.get(key) as Promise<Merchant | undefined> | undefined;
    if (!found) {
      found = merchantOf(id);
      // A failed read is not kept: the next message reads again.
      found.catch(() => batch.shared.delete(key));
      batch.shared.set(key, found);
    }
    return found;
  }

  async function sendMessage(job: JobRow, now: Date, batch: JobBatch): Promise<void> {
    const id = String(job.payload.outboxId);
    const { settles } = batch;
    // A failed claim leaves them waiting for the next statement of the batch (a claim, or its end).
    const row = await claimOutboxMessage(db, id, now, settles);
    settles.length = 0;
    if (!row) {
      // Sent, skipped or failed already; or a crash interrupted its sending, when nobody knows whether it left: at most
      // once means it is not sent again, and the row says so.
      const existing = await findOutboxMessage(db, id);
      if (existing?.state === 'sending') {
        await settleOutboxMessage(db, id, { state: 'failed', error: 'interrupted while sending (the process stopped): not sent again' }, now);
      }
      return;
    }
    try {
      const merchant = await batchMerchantOf(row.merchantId, batch);
      if (!merchant) throw new Error(`merchant ${row.merchantId} is gone`);
      const state = row.kind === STAFF_INVITE_KIND ? await invite(row, merchant) : await deliver(row, await compose(row, merchant));
      // Recorded with the batch's next statement: until then the row says `sending`, and a crash then marks it
      // failed rather than sending it again, as a crash between the send and its record always did.
      settles.push({ id, state, at: now });
    } catch (error) {
      // Known not to have left: the next attempt of the job sends it.
      await settleOutboxMessage(db, id, { state: 'pending', error: error instanceof Error ? error.message : String(error) }, now);
      throw error;
    }
  }

  /** Writes a message about a booking still coming at the time it was planned for (pending or confirmed), in a transaction holding its row. */
  async function aboutComingBooking(
    payload: BookingJobPayload,
    now: Date,
    write: (booking: BookingRow, merchant: MerchantRow, tx: Tx) => Promise<void>,
  ): Promise<void> {
    await db.transaction(async (tx) => {
      const booking = await lockBooking(tx, payload.bookingId);
      if (!booking || !isLive(booking.status)) return;
      // Moved since: the jobs of its new time tell about it.
      if (booking.startsAt.toISOString() !== payload.startsAt || booking.startsAt <= now) return;
      const merchant = await findMerchantById(tx, booking.merchantId);
      if (merchant) await write(booking, merchant, tx);
    });
  }

  return {
    [MessageJob.Send]: sendMessage,

    [MessageJob.Reminder]: async (job, now) => {
      const payload = job.payload as unknown as BookingJobPayload;
      await aboutComingBooking(payload, now, async (booking, merchant, tx) => {
        const user = booking.userId ? await findUserById(tx, booking.userId) : undefined;
        if (!user) return;
        await writeMessages(tx, {
          kind: 'diner-reminder',
          merchantId: merchant.id,
          bookingId: booking.id,
          subject: booking.id,
          revision: payload.revision,
          slot: `${payload.hours}h:${payload.startsAt}`,
          lang: booking.lang,
          data: { booking: await messageBookingOf(tx, booking) },
          to: dinerRecipients(user),
          now,
        });
      });
    },

    [MessageJob.AnswerReminder]: async (job, now) => {
      const payload = job.payload as unknown as BookingJobPayload;
      await aboutComingBooking(payload, now, async (booking, merchant, tx) => {
        if (!isPending(booking.status)) return;
        await writeMessages(tx, {
          kind: 'restaurant-answer-reminder',
          merchantId: merchant.id,
          bookingId: booking.id,
          subject: booking.id,
          revision: payload.revision,
          slot: `answer:${payload.startsAt}`,
          lang: deps.restaurantRecipients(merchant).lang ?? 'fr',
          data: { booking: await messageBookingOf(tx, booking) },
          to: deps.restaurantRecipients(merchant),
          now,
        });
      });
    },

    [MessageJob.CloseUnanswered]: async (job) => {
      const payload = job.payload as unknown as BookingJobPayload;
      await deps.bookings.closeUnanswered(payload.bookingId, new Date(payload.startsAt));
    },

    [MessageJob.NextDayLists]: async (_job, now) => {
      for (const merchant of await listMerchants(db)) {
        const to = deps.restaurantRecipients(merchant);
        if (to.emails.length + to.phones.length === 0) continue;
        const lang = to.lang ?? 'fr';
        if (new TZDate(now, merchant.timezone).getHours() < EVENING_HOUR) continue;
        const day = addDaysToLocalDate(localDateOf(now, merchant.timezone), 1);
        // One list per merchant and day, whichever process or run gets there first.
        await db.transaction((tx) =>
          writeMessages(tx, {
            kind: 'restaurant-next-day',
            merchantId: merchant.id,
            bookingId: null,
            subject: `${merchant.id}:${day}`,
            revision: 0,
            lang,
            data: { day },
            to,
            now,
          }),
        );
      }
      return { nextRunAt: new Date(now.getTime() + NEXT_DAY_LISTS_EVERY_MS) };
    },
  };
}
