/** The provider's main site, linked from the not-found page and the footer. */
export function providerUrl(): string {
  return process.env.PROVIDER_URL || 'https://couvert.example';
}

/** The provider's display name. */
export function providerName(): string {
  return process.env.PROVIDER_NAME || 'Couvert';
}
