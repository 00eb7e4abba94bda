/** "Report a problem" on the tracking page: a mailto: to the provider's support address naming the booking. */
import { buildSupportEmail } from '../platform/build-env.ts';

/** The support address when PUBLIC_SUPPORT_EMAIL is not set at build time. */
export const DEFAULT_SUPPORT_EMAIL = 'support@couvert.example';

/** The provider's support address (PUBLIC_SUPPORT_EMAIL, else the default). */
export function supportEmail(): string {
  return buildSupportEmail() ?? DEFAULT_SUPPORT_EMAIL;
}

/** A mailto: link to `address` with the subject and a body that both carry the booking reference. */
export function reportProblemHref(address: string, subject: string, body: string): string {
  // URLSearchParams writes spaces as '+', which mail clients show literally: mailto wants %20 (RFC 6068).
  const query = `subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`;
  return `mailto:${address}?${query}`;
}
