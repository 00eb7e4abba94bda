/** Where the server may send a browser back to: this site's own origins only (no open redirect). */

/** Longest accepted return address. */
export const MAX_RETURN_URL_LENGTH = 2048;

/** The origin of a URL ('https://example.com'), or undefined when it is not an http(s) URL. */
export function originOf(url: string): string | undefined {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.origin : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The absolute address to send the browser to, or undefined when `value` leads anywhere else.
 * A path ('/le-zinc?authed=true') is taken on the first origin, the site's; an absolute URL must be on one of `origins`.
 */
export function sameSiteUrl(value: unknown, origins: readonly string[]): string | undefined {
  if (typeof value !== 'string' || value.length === 0 || value.length > MAX_RETURN_URL_LENGTH) return undefined;
  // Backslashes and control characters are read differently by browsers and URL parsers: refuse them outright.
  if (/[\\\u0000-\u001f\u007f]/.test(value)) return undefined;
  const [base] = origins;
  if (!base) return undefined;
  let target: URL;
  try {
    target = value.startsWith('/') && !value.startsWith('//') ? new URL(value, base) : new URL(value);
  } catch {
    return undefined;
  }
  if (target.protocol !== 'http:' && target.protocol !== 'https:') return undefined;
  if (target.username || target.password) return undefined;
  return origins.includes(target.origin) ? target.href : undefined;
}
