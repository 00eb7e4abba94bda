/** The merchant definition as the settings edit it: the contract's shape (shared/contract/README.md), as GET /api/pro/{slug}/definition answers it. */
import type { Lang } from '../../shared/langs.ts';
import type { MerchantText } from '../../shared/merchant-text.ts';
import type { StaffRole } from '../../shared/staff-roles.ts';

export type { MerchantText };

/** One opening of a day, local "HH:MM"; end is the last seating. */
export interface DraftSlot {
  start: string;
  end: string;
}

/** A table of a zone. */
export interface DraftTable {
  name: string;
  minSeats: number;
  maxSeats: number;
  online?: boolean;
  priority?: number;
  plan?: { x: number; y: number; shape: 'round' | 'square' | 'rect' };
}

/** A zone (room, terrace) and its tables. */
export interface DraftZone {
  name: string;
  image?: string;
  tables: DraftTable[];
  combinations?: { tables: string[]; minSeats: number; maxSeats: number }[];
}

/** A staff member as the definition lists them (a new one may carry no password: they get a mail to set it). */
export interface DraftStaff {
  email: string;
  role: StaffRole;
}

/** The whole definition being edited; fields the settings do not show are kept as read and sent back unchanged. */
export interface DefinitionDraft {
  slug: string;
  name: string;
  timezone: string;
  address: { address: string; address2?: string; zip: string; city: string; country?: string; region?: string };
  phone: string;
  url?: string;
  description?: MerchantText;
  bookingDescription?: MerchantText;
  logo?: string;
  banner?: string;
  theme: { primary: string; background: string };
  bookingEnabled?: boolean;
  settings: {
    minClientsPerBookings: number;
    maxClientsPerBookings: number;
    keepTableDuration: number;
    bookingDurationMinutes: number;
    slotIntervalMinutes: number;
    minLeadMinutes: number;
    maxCoversPerSlot?: number;
    autoConfirm: boolean;
    showZone: boolean;
    /** Ascending party sizes, each with the minutes its table(s) are held; beyond the last, bookingDurationMinutes. */
    durationByPartySize?: { upTo: number; minutes: number }[];
    [more: string]: unknown;
  };
  shifts: { day: number; slots: DraftSlot[] }[];
  closedDays?: string[];
  zones: DraftZone[];
  staff?: DraftStaff[];
  notifications?: { email?: string | string[]; phone?: string; lang?: Lang };
  [more: string]: unknown;
}
