/** A minimal browser for redirect dances: keeps cookies per host, follows redirects one by one, submits forms. */

/** One step the browser took. */
export interface Hop {
  method: string;
  url: string;
  status: number;
  location?: string;
}

/** What a page answered. */
export interface Page {
  url: string;
  status: number;
  body: string;
  headers: Headers;
}

/** A browser with a cookie jar. */
export class TestBrowser {
  readonly hops: Hop[] = [];
  private readonly jar = new Map<string, Map<string, string>>();

  private cookieHeader(url: URL): string | undefined {
    const cookies = this.jar.get(url.host);
    if (!cookies || cookies.size === 0) return undefined;
    return [...cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  private remember(url: URL, headers: Headers): void {
    for (const line of headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(';');
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      const expired = attributes.some((attribute) => /^\s*max-age=0\s*$/i.test(attribute)) || value === '';
      const cookies = this.jar.get(url.host) ?? new Map<string, string>();
      if (expired) cookies.delete(name);
      else cookies.set(name, value);
      this.jar.set(url.host, cookies);
    }
  }

  /** The cookies this browser holds for a host. */
  cookies(host: string): Map<string, string> {
    return this.jar.get(host) ?? new Map();
  }

  /** One request, no redirect followed. */
  async request(method: 'GET' | 'POST', target: string, form?: Record<string, string>): Promise<Page & { location?: string }> {
    const url = new URL(target);
    const headers: Record<string, string> = {};
    const cookie = this.cookieHeader(url);
    if (cookie) headers.cookie = cookie;
    if (form) headers['content-type'] = 'application/x-www-form-urlencoded';
    const response = await fetch(url, { method, headers, body: form ? new URLSearchParams(form).toString() : undefined, redirect: 'manual' });
    this.remember(url, response.headers);
    const location = response.headers.get('location') ?? undefined;
    const absolute = location ? new URL(location, url).href : undefined;
    this.hops.push({ method, url: url.href, status: response.status, location: absolute });
    return { url: url.href, status: response.status, body: await response.text(), headers: response.headers, location: absolute };
  }

  /**
   * Follows redirects from `target` until a page answers without one, or until `stopAt` says a URL is the
   * destination (it is then not fetched). Returns the last page or the destination URL.
   */
  async follow(
    method: 'GET' | 'POST',
    target: string,
    form?: Record<string, string>,
    stopAt?: (url: URL) => boolean,
  ): Promise<{ page?: Page; stoppedAt?: string }> {
    let page = await this.request(method, target, form);
    for (let i = 0; i < 20 && page.location; i++) {
      if (stopAt?.(new URL(page.location))) return { stoppedAt: page.location };
      page = await this.request('GET', page.location);
    }
    return { page };
  }
}

/** The action of the first form of an HTML page, absolute. */
export function formAction(page: Page): string {
  const match = page.body.match(/<form[^>]*action="([^"]+)"/i);
  if (!match) throw new Error(`no form on ${page.url}: ${page.body.slice(0, 300)}`);
  return new URL(match[1]!.replaceAll('&amp;', '&'), page.url).href;
}

/** The hidden inputs of the first form of a page. */
export function hiddenInputs(page: Page): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const match of page.body.matchAll(/<input[^>]*type="hidden"[^>]*>/gi)) {
    const name = match[0].match(/name="([^"]*)"/)?.[1];
    const value = match[0].match(/value="([^"]*)"/)?.[1] ?? '';
    if (name) fields[name] = value.replaceAll('&amp;', '&').replaceAll('&quot;', '"');
  }
  return fields;
}
