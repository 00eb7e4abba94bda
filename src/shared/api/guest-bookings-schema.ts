/** user/guest_bookings answers, as zod (the types are in guest-bookings.ts). */
import { z } from 'zod';
import { success } from './common-schema.ts';

/** One channel's offer: how many bookings its code would attach, and where the code goes (masked); null when none. */
export const guestBookingsChannelOfferSchema = z.object({ count: z.number().int(), sent_to: z.string() });

/** api/front/user/guest_bookings. */
export const guestBookingsOfferSchema = success({ email: guestBookingsChannelOfferSchema.nullable(), phone: guestBookingsChannelOfferSchema.nullable() });

/** api/front/user/guest_bookings/code: where the code went (masked). */
export const guestBookingsCodeSentSchema = success({ sent_to: z.string() });

/** api/front/user/guest_bookings/attach. */
export const guestBookingsAttachedSchema = success({ attached: z.number().int() });
