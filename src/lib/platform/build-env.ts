/** The PUBLIC_* settings inlined at site build time; each is undefined when unset or outside a Vite build. */

// Each read names `import.meta.env.X` literally: that is the text Vite replaces at build time.
// Plain Node has no import.meta.env, hence the try.

/** Base URL of the API when it is not the site's own origin (PUBLIC_API_URL). */
export function buildApiUrl(): string | undefined {
  try {
    return import.meta.env.PUBLIC_API_URL || undefined;
  } catch {
    return undefined;
  }
}

/** The analytics project key (PUBLIC_POSTHOG_KEY); no analytics without it. */
export function buildPosthogKey(): string | undefined {
  try {
    return import.meta.env.PUBLIC_POSTHOG_KEY || undefined;
  } catch {
    return undefined;
  }
}

/** The analytics host (PUBLIC_POSTHOG_HOST). */
export function buildPosthogHost(): string | undefined {
  try {
    return import.meta.env.PUBLIC_POSTHOG_HOST || undefined;
  } catch {
    return undefined;
  }
}

/** The OAuth client id the password grant presents (PUBLIC_OAUTH_CLIENT_ID). */
export function buildOAuthClientId(): string | undefined {
  try {
    return import.meta.env.PUBLIC_OAUTH_CLIENT_ID || undefined;
  } catch {
    return undefined;
  }
}

/** The OAuth client secret the password grant presents (PUBLIC_OAUTH_CLIENT_SECRET; a public client's secret ships with the site). */
export function buildOAuthClientSecret(): string | undefined {
  try {
    return import.meta.env.PUBLIC_OAUTH_CLIENT_SECRET || undefined;
  } catch {
    return undefined;
  }
}

/** Where /login/facebook and /login/google live when not on the API's host (PUBLIC_LOGIN_HOST). */
export function buildLoginHost(): string | undefined {
  try {
    return import.meta.env.PUBLIC_LOGIN_HOST || undefined;
  } catch {
    return undefined;
  }
}

/** The provider's support address "report a problem" writes to (PUBLIC_SUPPORT_EMAIL). */
export function buildSupportEmail(): string | undefined {
  try {
    return import.meta.env.PUBLIC_SUPPORT_EMAIL || undefined;
  } catch {
    return undefined;
  }
}

/** The IP-to-country service the phone widget asks for the visitor's country (PUBLIC_COUNTRY_LOOKUP_URL); no lookup without it. */
export function buildCountryLookupUrl(): string | undefined {
  try {
    return import.meta.env.PUBLIC_COUNTRY_LOOKUP_URL || undefined;
  } catch {
    return undefined;
  }
}
