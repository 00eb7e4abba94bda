/** user/guest_bookings: the bookings an account made as a guest under its email or phone, and attaching them. */

/** Where a code proving the contact goes. */
export type GuestBookingsChannel = 'email' | 'phone';

/** One channel's offer: how many bookings its code would attach, and where the code goes (masked). */
export interface GuestBookingsChannelOffer {
  count: number;
  sent_to: string;
}

/** api/front/user/guest_bookings: null where nothing is under that contact. */
export interface GuestBookingsOffer {
  success: true;
  email: GuestBookingsChannelOffer | null;
  phone: GuestBookingsChannelOffer | null;
}

/** api/front/user/guest_bookings/attach. */
export interface GuestBookingsAttached {
  success: true;
  attached: number;
}
