/** A diner's change of their validated booking as the restaurant is shown it: what it was, what it became. */

/** One side of a change: the time, the party and the zone. */
export interface DinerChangeSide {
  /** ISO instant. */
  startsAt: string;
  party: number;
  zoneId: string;
  zoneName: string;
}

/** `bookings.diner_change`: the diner's last change of the validated booking. */
export interface DinerChangeValue {
  /** ISO instant of the change. */
  at: string;
  before: DinerChangeSide;
  after: DinerChangeSide;
}

/** The booking's place as a change side. */
export interface BookingPlace {
  startsAt: Date;
  clientCount: number;
  zoneId: string;
}

/**
 * The change a diner made from `before` to `after`, or undefined when nothing the restaurant plans by moved (same
 * time, party and zone: a new table alone is the restaurant's business).
 */
export function dinerChangeOf(before: BookingPlace, after: BookingPlace, zoneName: (id: string) => string, at: Date): DinerChangeValue | undefined {
  const same = before.startsAt.getTime() === after.startsAt.getTime() && before.clientCount === after.clientCount && before.zoneId === after.zoneId;
  if (same) return undefined;
  const side = (place: BookingPlace): DinerChangeSide => ({
    startsAt: place.startsAt.toISOString(),
    party: place.clientCount,
    zoneId: place.zoneId,
    zoneName: zoneName(place.zoneId),
  });
  return { at: at.toISOString(), before: side(before), after: side(after) };
}
