/**
 * Prepares rendered pages as preparePage (scripts/external-scripts.ts) does, without building a document of each one.
 * Astro writes the same few inline scripts (its island runtime, the client:* loaders) and the same islands' <style>
 * into every merchant page of a kind: the first page of a kind is parsed with parse5, and the elements moved there,
 * exact source, are moved in the next pages wherever a scan of their tags (scanMarkup) finds them as elements. The
 * scan reads tags as the HTML tokenizer does (quoted attribute values, comments, raw text), so text that only looks
 * like one of those elements (in an attribute value, where Astro leaves `<` as it is, or in another element's text)
 * is never replaced. A page with anything not seen before (another inline script, another body <style>, a script
 * start tag not known to run no inline code) or that the scan does not read plainly is parsed instead, and what it
 * shows learned: never a guess (tests/site/page-preparer.test.ts; tests/site/hostile-merchant-site.test.ts renders
 * hostile merchants both ways).
 */
import { applyEdits, type PageEdit } from './body-styles.ts';
import { preparePageInDetail, type ExternalizedPage, type ExternalScript } from './external-scripts.ts';
import { scanMarkup } from './scan-markup.ts';

/** A preparer: prepare(page) gives what preparePage(page) gives; counts says how many pages were parsed. */
export interface PagePreparer {
  prepare(page: string): ExternalizedPage;
  readonly counts: { parsed: number; replaced: number };
}

/** A new preparer, knowing nothing yet. */
export function pagePreparer(): PagePreparer {
  // Moved script element as written -> the element replacing it and its file.
  const moved = new Map<string, { replacement: string; script: ExternalScript }>();
  // Start tags, as written, of script elements that run no inline code (a src, or a data block): left in place.
  const kept = new Set<string>();
  const hoisted = new Set<string>();
  const counts = { parsed: 0, replaced: 0 };

  function parseAndLearn(page: string): ExternalizedPage {
    counts.parsed += 1;
    const prepared = preparePageInDetail(page);
    for (const { element, replacement, script } of prepared.moved) moved.set(element, { replacement, script });
    for (const tag of prepared.kept) kept.add(tag);
    for (const style of prepared.hoisted) hoisted.add(style);
    return { html: prepared.html, scripts: prepared.scripts };
  }

  /** The page prepared from what was learned; null when it holds anything else. */
  function replaceKnown(page: string): ExternalizedPage | null {
    const scan = scanMarkup(page);
    if (!scan) return null;
    const edits: PageEdit[] = [];
    const styles: string[] = [];
    const scripts = new Map<string, string>();
    for (const element of scan.elements) {
      const source = page.slice(element.start, element.end);
      if (element.name === 'style') {
        // The head's, or a template's: left where they are, as a parse leaves them.
        if (element.start < scan.bodyStart || element.inTemplate) continue;
        if (!hoisted.has(source)) return null;
        styles.push(source);
        edits.push({ start: element.start, end: element.end, text: '' });
        continue;
      }
      const known = moved.get(source);
      if (known) {
        scripts.set(known.script.file, known.script.code);
        edits.push({ start: element.start, end: element.end, text: known.replacement });
      } else if (!kept.has(page.slice(element.start, element.tagEnd))) return null;
    }
    if (styles.length > 0) {
      if (scan.headEnd < 0) return null;
      edits.push({ start: scan.headEnd, end: scan.headEnd, text: styles.join('') });
    }
    return { html: edits.length === 0 ? page : applyEdits(page, edits), scripts: [...scripts].map(([file, code]) => ({ file, code })) };
  }

  function prepare(page: string): ExternalizedPage {
    const replaced = replaceKnown(page);
    if (!replaced) return parseAndLearn(page);
    counts.replaced += 1;
    return replaced;
  }

  return { prepare, counts };
}
