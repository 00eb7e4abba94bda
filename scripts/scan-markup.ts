/**
 * A scan of a page's tags as the HTML tokenizer reads them, for scripts/page-preparer.ts: where each <script> and
 * <style> element is, where the body starts and the head ends. It reads what Astro writes (quoted or plain attribute
 * values, comments, a doctype, raw text elements) and gives up (null) on anything it would have to guess at: foreign
 * content holding raw text elements or a <template>, <plaintext>, a script whose text opens a comment, odd tags, and
 * before <body> any text or element that would make the parser open the body itself.
 */

/** One <script> or <style> element: offsets of its start, the end of its start tag and its end (after the end tag). */
export interface ScannedElement {
  name: 'script' | 'style';
  start: number;
  tagEnd: number;
  end: number;
  /** Inside a <template>: its content, not the document's (a style there is not the body's). */
  inTemplate: boolean;
}

/** What scanMarkup found. */
export interface MarkupScan {
  elements: ScannedElement[];
  /** Offset of the body start tag (a page without one is not plain to read). */
  bodyStart: number;
  /** Offset of the one </head> end tag; -1 when there is none. */
  headEnd: number;
}

// Elements whose content is text up to their end tag (with scripting on, as parse5 reads noscript).
const RAW_TEXT = new Set(['script', 'style', 'textarea', 'title', 'xmp', 'iframe', 'noembed', 'noframes', 'noscript']);
const GIVE_UP = new Set(['plaintext']);
const FOREIGN = new Set(['svg', 'math']);
const HTML_SPACE = /^[\t\n\f\r ]*$/;
const TAG_NAME = /[a-zA-Z][^\t\n\f\r />]*/y;
// One attribute and the space before it: a name, then maybe = and a double-quoted, single-quoted or plain value.
const ATTRIBUTE = /[\t\n\f\r ]+[^\t\n\f\r />"'<=][^\t\n\f\r />"'<=]*(?:[\t\n\f\r ]*=[\t\n\f\r ]*(?:"[^"]*"|'[^']*'|[^\t\n\f\r >"'<=`]+))?/y;
const TAG_CLOSE = /[\t\n\f\r ]*\/?>/y;
const DOCTYPE = /<!doctype[^>]*>/iy;
// What may come before <body> without the parser opening the body itself (text or any other element would).
const BEFORE_BODY = new Set(['html', 'head', 'meta', 'link', 'title', 'style', 'script', 'noscript', 'base', 'template']);

function matchAt(pattern: RegExp, text: string, at: number): RegExpExecArray | null {
  pattern.lastIndex = at;
  return pattern.exec(text);
}

/** The page's script and style elements, its body's start and head's end; null when the page is not plain to read. */
export function scanMarkup(page: string): MarkupScan | null {
  const elements: ScannedElement[] = [];
  let bodyStart = -1;
  let headEnd = -1;
  let foreign = 0;
  let templates = 0;
  let at = page.indexOf('<');
  // Where the text since the last tag starts, while no body start tag was seen.
  let textFrom = 0;
  while (at >= 0) {
    if (bodyStart < 0 && !HTML_SPACE.test(page.slice(textFrom, at))) return null;
    const next = page[at + 1];
    if (next === '!') {
      if (page.startsWith('<!--', at)) {
        // "<!-->" and "<!--->" are whole comments to the tokenizer: not worth reading right.
        if (page.startsWith('<!-->', at) || page.startsWith('<!--->', at)) return null;
        const close = page.indexOf('-->', at + 4);
        // "--!>" ends a comment too.
        if (close < 0 || page.slice(at + 4, close).includes('--!>')) return null;
        textFrom = close + 3;
        at = page.indexOf('<', textFrom);
        continue;
      }
      const doctype = matchAt(DOCTYPE, page, at);
      if (!doctype) return null;
      textFrom = at + doctype[0].length;
      at = page.indexOf('<', textFrom);
      continue;
    }
    if (next === '/') {
      const name = matchAt(TAG_NAME, page, at + 2);
      if (!name) return null;
      const close = matchAt(TAG_CLOSE, page, at + 2 + name[0].length);
      if (!close) return null;
      const lower = name[0].toLowerCase();
      if (lower === 'head') {
        if (headEnd >= 0) return null;
        headEnd = at;
      } else if (bodyStart < 0 && !BEFORE_BODY.has(lower)) return null;
      if (FOREIGN.has(lower) && foreign > 0) foreign -= 1;
      if (lower === 'template' && templates > 0) templates -= 1;
      textFrom = close.index + close[0].length;
      at = page.indexOf('<', textFrom);
      continue;
    }
    // "<?" opens a comment up to the next ">".
    if (next === '?') return null;
    const name = next !== undefined && /[a-zA-Z]/.test(next) ? matchAt(TAG_NAME, page, at + 1) : null;
    if (!name) {
      // A "<" that opens no tag is text.
      at = page.indexOf('<', at + 1);
      continue;
    }
    let end = at + 1 + name[0].length;
    for (let attribute = matchAt(ATTRIBUTE, page, end); attribute; attribute = matchAt(ATTRIBUTE, page, end)) end += attribute[0].length;
    const close = matchAt(TAG_CLOSE, page, end);
    if (!close) return null;
    const tagEnd = end + close[0].length;
    const lower = name[0].toLowerCase();
    if (GIVE_UP.has(lower)) return null;
    if (lower === 'body' && bodyStart < 0) bodyStart = at;
    else if (bodyStart < 0 && !BEFORE_BODY.has(lower)) return null;
    if (FOREIGN.has(lower) && !close[0].includes('/')) foreign += 1;
    if (lower === 'template') {
      if (foreign > 0) return null;
      templates += 1;
    }
    if (RAW_TEXT.has(lower)) {
      if (foreign > 0) return null;
      const endTag = new RegExp(`</${lower}[\\t\\n\\f\\r />]`, 'gi');
      endTag.lastIndex = tagEnd;
      const found = endTag.exec(page);
      if (!found) return null;
      const endClose = matchAt(TAG_CLOSE, page, found.index + 2 + lower.length);
      if (!endClose) return null;
      const elementEnd = endClose.index + endClose[0].length;
      // A script's text that opens a comment changes where the tokenizer ends it: not read here.
      if (lower === 'script' && page.slice(tagEnd, found.index).includes('<!--')) return null;
      if (lower === 'script' || lower === 'style') elements.push({ name: lower, start: at, tagEnd, end: elementEnd, inTemplate: templates > 0 });
      textFrom = elementEnd;
      at = page.indexOf('<', textFrom);
      continue;
    }
    textFrom = tagEnd;
    at = page.indexOf('<', tagEnd);
  }
  if (bodyStart < 0 || (headEnd >= 0 && headEnd > bodyStart)) return null;
  return { elements, bodyStart, headEnd };
}
