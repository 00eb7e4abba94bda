/** The times of a day the diners' availability offers for a party in a zone (booking_slots/get), for moves and new bookings. */
import { useEffect, useState } from 'react';
import { staffApi } from '../../../lib/api/staff-api.ts';
import type { Slot } from '../../../shared/api/slots.ts';

/** The day's slots, loading while asked for, empty when the day is closed or the call failed. */
export function useSlots(slug: string | null, date: string, zoneId: string, party: number): { slots: Slot[]; loading: boolean } {
  const [state, setState] = useState<{ key: string; slots: Slot[] }>({ key: '', slots: [] });
  const key = `${slug}|${date}|${zoneId}|${party}`;
  useEffect(() => {
    if (!slug || !date || party < 1) return;
    let live = true;
    staffApi
      .slots(slug, date, zoneId || 'all', party)
      .then((answer) => live && setState({ key, slots: answer.slots }))
      .catch(() => live && setState({ key, slots: [] }));
    return () => {
      live = false;
    };
  }, [slug, date, zoneId, party, key]);
  return { slots: state.key === key ? state.slots : [], loading: state.key !== key };
}
