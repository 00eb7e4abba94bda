/** Small merchant definitions for the proofs: open every day, no lead time. */

/** Options of a fixture merchant. */
export interface FixtureOptions {
  slug: string;
  /** How many tables of 1 to 4 seats each zone has. */
  tables: number;
  /** How many zones (default 1). */
  zones?: number;
  maxCoversPerSlot: number;
}

/** A valid merchant definition (shared/contract) with zones of identical tables, open 12:00-14:00 and 19:00-22:00 daily. */
export function fixtureMerchant({ slug, tables, zones = 1, maxCoversPerSlot }: FixtureOptions) {
  const hours = [
    { start: '12:00', end: '14:00' },
    { start: '19:00', end: '22:00' },
  ];
  return {
    slug,
    name: `Fixture ${slug}`,
    timezone: 'Europe/Paris',
    address: { address: '1 rue de la Preuve', address2: '', zip: '75011', city: 'Paris' },
    phone: '+33142000000',
    theme: { primary: '#9b2c2c', background: '#fffaf3' },
    bookingEnabled: true,
    settings: {
      minClientsPerBookings: 1,
      maxClientsPerBookings: 4,
      keepTableDuration: 15,
      bookingDurationMinutes: 90,
      slotIntervalMinutes: 15,
      minLeadMinutes: 0,
      maxCoversPerSlot,
      autoConfirm: false,
      showZone: true,
    },
    shifts: [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, slots: hours })),
    closedDays: [],
    zones: Array.from({ length: zones }, (_, zone) => ({
      name: zone === 0 ? 'Salle' : `Salle ${zone + 1}`,
      tables: Array.from({ length: tables }, (_, index) => ({ name: `T${index + 1}`, minSeats: 1, maxSeats: 4 })),
    })),
    staff: [],
  };
}
