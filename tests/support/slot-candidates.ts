/** Bookable (merchant, zone, time) candidates read from a running server's own slots API. */

/** A time a party could book. */
export interface SlotCandidate {
  slug: string;
  zoneId: string;
  /** Unix seconds, as booking/create takes it. */
  timestamp: number;
  date: string;
}

async function post(url: string, path: string, body: unknown): Promise<any> {
  const response = await fetch(`${url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return response.json();
}

/** The next `days` dates (UTC calendar) starting tomorrow. */
export function comingDates(days: number, from = new Date()): string[] {
  return Array.from({ length: days }, (_, index) => new Date(from.getTime() + (index + 1) * 86_400_000).toISOString().slice(0, 10));
}

/**
 * Every available slot of every merchant and zone over the coming `days`, for a party of `seats`,
 * interleaved merchant by merchant and day by day so consecutive candidates rarely compete.
 */
export async function slotCandidates(url: string, { days, seats }: { days: number; seats: number }): Promise<SlotCandidate[]> {
  const listing = await fetch(`${url}/api/booking/merchants`).then((response) => response.json());
  const slugs: string[] = listing.merchants.map((merchant: { slug: string }) => merchant.slug);
  const dates = comingDates(days);
  const buckets: SlotCandidate[][] = [];
  for (const date of dates) {
    for (const slug of slugs) {
      const zones = await post(url, '/api/booking/booking_zones/get', { merchant_slug: slug, date });
      if (!zones.success) continue;
      for (const zone of zones.bookingZones as Array<{ id: string }>) {
        const slots = await post(url, '/api/booking/booking_slots/get', {
          merchant_slug: slug,
          date,
          bookingZoneId: zone.id,
          needed_seats: seats,
        });
        if (!slots.success) continue;
        buckets.push(
          (slots.slots as Array<{ timestamp: number; available: boolean }>)
            .filter((slot) => slot.available)
            .map((slot) => ({ slug, zoneId: zone.id, timestamp: slot.timestamp, date })),
        );
      }
    }
  }
  // Round-robin over the buckets: one candidate of each merchant-zone-day in turn.
  const out: SlotCandidate[] = [];
  for (let index = 0; buckets.some((bucket) => index < bucket.length); index++) {
    for (const bucket of buckets) if (index < bucket.length) out.push(bucket[index]!);
  }
  return out;
}
