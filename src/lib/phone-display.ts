/** The tel: link for a phone number, keeping only a leading + and digits. */
export function telHref(phone: string): string {
  const trimmed = phone.trim();
  const digits = trimmed.replace(/\D/g, '');
  return `tel:${trimmed.startsWith('+') ? '+' : ''}${digits}`;
}

/**
 * A phone number grouped for reading: French numbers as "+33 1 42 00 00 00", other
 * international numbers as their country code then the rest, anything else unchanged.
 */
export function displayPhone(phone: string): string {
  const compact = phone.replace(/[\s.\-()]/g, '');
  const french = /^\+33(\d)(\d{2})(\d{2})(\d{2})(\d{2})$/.exec(compact);
  if (french) return `+33 ${french.slice(1).join(' ')}`;
  return phone.trim();
}
