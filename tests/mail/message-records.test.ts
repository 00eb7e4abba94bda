import { describe, expect, test } from 'vitest';
import { messageBookingOf, messageMerchantOf } from '../../src/server/mail/booking-messages/compose.ts';
import type { Merchant } from '../../src/server/domain/merchant-floor.ts';

const merchant: Merchant = {
  id: 'm1',
  slug: 'le-petit-zinc',
  name: 'Le Petit Zinc',
  timezone: 'Europe/Paris',
  address: { address: '12 rue des Martyrs', address2: '', zip: '75009', city: 'Paris' },
  phone: '+33142000000',
  url: '',
  description: '',
  bookingDescription: '',
  logoPath: null,
  bannerPath: null,
  themePrimary: '#8a2b0e',
  themeBackground: '#fbf6ef',
  bookingEnabled: true,
  settings: {
    minClientsPerBookings: 1,
    maxClientsPerBookings: 8,
    keepTableDuration: 0,
    bookingDurationMinutes: 120,
    slotIntervalMinutes: 30,
    minLeadMinutes: 0,
    maxCoversPerSlot: 40,
    autoConfirm: false,
    showZone: false,
    responseWindowMinutes: 30,
    notifications: { email: ['salle@zinc.example', 'claire@zinc.example'], lang: 'en' },
  },
  shifts: [],
  closedDays: [],
  createdAt: new Date(),
  updatedAt: new Date(),
};

describe('the messages read stored rows', () => {
  test('a merchant row gives its name, colours, zone setting, and its notifications’ language and first address', () => {
    expect(messageMerchantOf(merchant)).toEqual({
      slug: 'le-petit-zinc',
      name: 'Le Petit Zinc',
      timezone: 'Europe/Paris',
      phone: '+33142000000',
      url: '',
      address: merchant.address,
      theme: { primary: '#8a2b0e', background: '#fbf6ef' },
      showZone: false,
      lang: 'en',
      email: 'salle@zinc.example',
      bookingDescription: '',
    });
    const { notifications: _none, ...settings } = merchant.settings;
    expect(messageMerchantOf({ ...merchant, settings })).toMatchObject({ lang: 'fr' });
    expect(messageMerchantOf({ ...merchant, settings })).not.toHaveProperty('email');
  });

  test('a booking row gives what the messages tell, with its zone and diner', () => {
    const row = {
      token: 't',
      ref: 'R1',
      revision: 3,
      status: 20,
      startsAt: new Date('2026-11-25T19:00:00Z'),
      endsAt: new Date('2026-11-25T21:00:00Z'),
      clientCount: 2,
      comment: '',
      lang: 'it',
      cancelReason: null,
      cancelMessage: null,
    };
    const diner = { firstname: 'Ada', lastname: 'Rossi', phone: '+393331234567', email: null };
    expect(messageBookingOf(row, { zoneName: 'Sala', diner })).toEqual({ ...row, zoneName: 'Sala', diner });
  });
});
