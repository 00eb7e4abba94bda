/** The phone widget's country list (spec sections 3 and 9): every country libphonenumber-js knows, named in the interface language. */
import { getCountries, getCountryCallingCode, isSupportedCountry, Metadata, type CountryCode } from 'libphonenumber-js/max';

/** One entry of the country list: iso2 upper-case, dialCode without '+', priority 0 for the main country of a shared dial code. */
export interface PhoneCountry {
  name: string;
  iso2: CountryCode;
  dialCode: string;
  priority: number;
  /** Leading digits that pick this country among those sharing its dial code (null when none or not a plain list). */
  areaCodes: string[] | null;
}

/** The flag emoji of a two-letter country code (regional indicator symbols); '' for anything else. */
export function flagEmoji(iso2: string): string {
  const code = iso2.trim().toUpperCase();
  if (!/^[A-Z]{2}$/.test(code)) return '';
  return String.fromCodePoint(...[...code].map((letter) => 0x1f1e6 + letter.charCodeAt(0) - 65));
}

/** A country code as the list spells it (upper-case), or null when libphonenumber-js does not know it. */
export function normalizeCountryCode(code: string | null | undefined): CountryCode | null {
  const upper = (code ?? '').trim().toUpperCase();
  return isSupportedCountry(upper) ? upper : null;
}

// The metadata says, per dial code, which countries share it (main country first) and their leading digits.
interface MetadataInternals {
  getCountryCodesForCallingCode(callingCode: string): string[] | undefined;
}

const metadata = new Metadata();

function priorityOf(iso2: CountryCode, dialCode: string): number {
  const sharing = (metadata as unknown as MetadataInternals).getCountryCodesForCallingCode(dialCode) ?? [iso2];
  return Math.max(0, sharing.indexOf(iso2));
}

function areaCodesOf(iso2: CountryCode): string[] | null {
  metadata.selectNumberingPlan(iso2);
  const leading = metadata.numberingPlan?.leadingDigits();
  // The compact metadata writes "none" as 0; only a plain list of digit strings is a list of area codes.
  return typeof leading === 'string' && /^\d+(\|\d+)*$/.test(leading) ? leading.split('|') : null;
}

function displayNames(lang: string): (iso2: string) => string {
  try {
    const names = new Intl.DisplayNames([lang], { type: 'region', fallback: 'code' });
    return (iso2) => names.of(iso2) ?? iso2;
  } catch {
    return (iso2) => iso2;
  }
}

const cache = new Map<string, PhoneCountry[]>();

/** Every country with its dial code, named in `lang` and sorted by name in that language. */
export function allCountries(lang: string): PhoneCountry[] {
  const cached = cache.get(lang);
  if (cached) return cached;
  const nameOf = displayNames(lang);
  const collator = new Intl.Collator(lang, { sensitivity: 'base' });
  const list = getCountries()
    .map((iso2) => {
      const dialCode = getCountryCallingCode(iso2);
      return { name: nameOf(iso2), iso2, dialCode, priority: priorityOf(iso2, dialCode), areaCodes: areaCodesOf(iso2) };
    })
    .sort((a, b) => collator.compare(a.name, b.name));
  cache.set(lang, list);
  return list;
}

/** The entry of a country code in a list (any case), or undefined. */
export function findCountry(countries: readonly PhoneCountry[], iso2: string | null | undefined): PhoneCountry | undefined {
  const code = (iso2 ?? '').toUpperCase();
  return countries.find((country) => country.iso2 === code);
}

/** Which countries the widget offers: only some, all but some, and some first. */
export interface CountryFilter {
  onlyCountries?: readonly string[];
  ignoredCountries?: readonly string[];
  preferredCountries?: readonly string[];
}

/** The dropdown's entries: the preferred countries first (in the order given), then every other allowed country by name. */
export function orderCountries(countries: readonly PhoneCountry[], filter: CountryFilter = {}): { preferred: PhoneCountry[]; others: PhoneCountry[] } {
  const upper = (codes: readonly string[] | undefined) => (codes ?? []).map((code) => code.toUpperCase());
  const only = upper(filter.onlyCountries);
  const ignored = new Set(upper(filter.ignoredCountries));
  const allowed = countries.filter((country) => (only.length === 0 || only.includes(country.iso2)) && !ignored.has(country.iso2));
  const preferred = upper(filter.preferredCountries)
    .map((code) => findCountry(allowed, code))
    .filter((country): country is PhoneCountry => country !== undefined);
  const preferredCodes = new Set(preferred.map((country) => country.iso2));
  return { preferred, others: allowed.filter((country) => !preferredCodes.has(country.iso2)) };
}
