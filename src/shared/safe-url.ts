/** The URL when it is an absolute http(s) address, else null (keeps javascript: and the like out of links). */
export function safeLinkUrl(url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url.trim());
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : null;
  } catch {
    return null;
  }
}

/** The image address when it is a site path ("/media/...") or an absolute https URL, else null. */
export function safeImageSrc(path: string | null | undefined): string | null {
  if (!path) return null;
  const value = path.trim();
  // A single leading slash: "//host/x" would load from another origin.
  if (value.startsWith('/') && !value.startsWith('//')) return value;
  try {
    return new URL(value).protocol === 'https:' ? value : null;
  } catch {
    return null;
  }
}
