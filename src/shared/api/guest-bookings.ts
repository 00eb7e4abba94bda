/** user/guest_bookings: the bookings an account made as a guest under its email or phone, and attaching them. */
import type { z } from 'zod';
import type { guestBookingsAttachedSchema, guestBookingsChannelOfferSchema, guestBookingsOfferSchema } from './guest-bookings-schema.ts';

/** Where a code proving the contact goes. */
export type GuestBookingsChannel = 'email' | 'phone';

/** One channel's offer: how many bookings its code would attach, and where the code goes (masked). */
export type GuestBookingsChannelOffer = z.infer<typeof guestBookingsChannelOfferSchema>;

/** api/front/user/guest_bookings: null where nothing is under that contact. */
export type GuestBookingsOffer = z.infer<typeof guestBookingsOfferSchema>;

/** api/front/user/guest_bookings/attach. */
export type GuestBookingsAttached = z.infer<typeof guestBookingsAttachedSchema>;
