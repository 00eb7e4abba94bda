/** The tel: link for a phone number, keeping only a leading + and digits (light: no phone metadata, safe for any island). */
export function telHref(phone: string): string {
  const trimmed = phone.trim();
  const digits = trimmed.replace(/\D/g, '');
  return `tel:${trimmed.startsWith('+') ? '+' : ''}${digits}`;
}

/** Whether two phone texts name the same number (same leading + and digits). */
export function samePhone(a: string, b: string): boolean {
  return telHref(a) === telHref(b);
}
