/** A merchant and the active part of its floor plan, as the booking rules read them (the db layer stores them). */
import type { MerchantText } from '../../shared/merchant-text.ts';
import type { Closing } from './closings.ts';
import type { DurationStep, TableCombination, TablePlan } from '../../shared/floor.ts';

/** Address block of a merchant, as the contract and the booking page describe it. */
export interface AddressValue {
  address: string;
  address2: string;
  zip: string;
  city: string;
  /** ISO 3166-1 alpha-2, when the definition gives it. */
  country?: string;
  region?: string;
}

/** Merchant settings kept as one JSON value: the whole `settings` object of the contract. */
export interface MerchantSettingsValue {
  minClientsPerBookings: number;
  maxClientsPerBookings: number;
  keepTableDuration: number;
  bookingDurationMinutes: number;
  slotIntervalMinutes: number;
  minLeadMinutes: number;
  maxCoversPerSlot: number;
  autoConfirm: boolean;
  showZone: boolean;
  responseWindowMinutes: number;
  /** Absent in merchants stored before it existed: the domain's default applies. */
  bookingHorizonDays?: number;
  /** Hours before a booking the diner is reminded, latest last; absent in merchants stored before it: [24, 2]. */
  reminderHours?: number[];
  /** The turn time by party size, ascending (absent: every party holds bookingDurationMinutes). */
  durationByPartySize?: DurationStep[];
  /**
   * The definition's `notifications`, where the restaurant's own messages go. Kept in this JSON value rather than a
   * column of its own (no migration); never part of what diners see (merchant-view.ts picks its public settings).
   */
  notifications?: MerchantNotificationsValue;
}

/** Where the restaurant's messages go: one or more addresses, a phone for text messages, their language. */
export interface MerchantNotificationsValue {
  email?: string | string[];
  phone?: string;
  lang?: 'fr' | 'en' | 'es' | 'it';
}

/** Opening shifts of one ISO weekday. */
export interface ShiftValue {
  day: number;
  slots: Array<{ start: string; end: string }>;
}

/** A date that is not its weekday (docs/merchants.md): closed with a reason (no slot), or open with its own slots. */
export interface SpecialDayValue {
  date: string;
  reason?: string;
  slots: Array<{ start: string; end: string }>;
}

/** A merchant, column for column as stored. */
export interface Merchant {
  id: string;
  slug: string;
  name: string;
  timezone: string;
  address: AddressValue;
  phone: string;
  url: string;
  description: MerchantText;
  bookingDescription: MerchantText;
  logoPath: string | null;
  bannerPath: string | null;
  themePrimary: string;
  themeBackground: string;
  bookingEnabled: boolean;
  settings: MerchantSettingsValue;
  shifts: ShiftValue[];
  closedDays: string[];
  /** Stored as [] when none; absent in a merchant built before special days (a test's own). */
  specialDays?: SpecialDayValue[];
  createdAt: Date;
  updatedAt: Date;
}

/** A zone of a merchant's floor, column for column as stored. */
export interface Zone {
  id: string;
  merchantId: string;
  name: string;
  imagePath: string | null;
  position: number;
  active: boolean;
  /** Tables of the zone that can be joined, by name (absent in a zone a test builds: none). */
  combinations?: TableCombination[];
}

/** A table of a zone, column for column as stored. */
export interface DiningTable {
  id: string;
  merchantId: string;
  zoneId: string;
  name: string;
  minSeats: number;
  maxSeats: number;
  active: boolean;
  /** false: never given to diners online (absent in a table a test builds: true). */
  online?: boolean;
  /** 0-9, the higher given first among equal fits (absent: 5). */
  priority?: number;
  /** Its place on the zone's plan, null when not placed. */
  plan?: TablePlan | null;
}

/** A merchant with the active part of its floor plan. */
export interface MerchantWithFloor {
  /** As stored, but for its closed days, which include the days staff closed whole. */
  merchant: Merchant;
  zones: Zone[];
  tables: DiningTable[];
  /** The closings staff made (absent: none): no online booking starts inside one. */
  closings?: Closing[];
}
