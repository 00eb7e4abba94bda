/**
 * Moves every <style> element of a built page's body into its head (Astro writes its islands' rule where the first
 * island is): a <style> in the body is an error for the W3C validator. The same rules in the same order; parse5 finds
 * the real elements, so text that merely looks like a style tag stays where it is.
 */
import { html, parse, type DefaultTreeAdapterTypes } from 'parse5';

type Node = DefaultTreeAdapterTypes.Node;
type Element = DefaultTreeAdapterTypes.Element;

const isElement = (node: Node): node is Element => 'tagName' in node;

function childElement(parent: Node, name: string): Element | undefined {
  return 'childNodes' in parent ? parent.childNodes.filter(isElement).find((child) => child.tagName === name) : undefined;
}

/** The HTML <style> elements under `root`, in document order (not inside <template> or foreign content such as SVG). */
function stylesUnder(root: Element): Element[] {
  const found: Element[] = [];
  const visit = (node: Element) => {
    for (const child of node.childNodes.filter(isElement)) {
      if (child.namespaceURI !== html.NS.HTML || child.tagName === 'template') continue;
      if (child.tagName === 'style') found.push(child);
      else visit(child);
    }
  };
  visit(root);
  return found;
}

/** Whether the page may have a <style> in its body (cheap, and exact when false): only then is it worth parsing. */
export function mayHaveBodyStyles(page: string): boolean {
  const bodyAt = page.search(/<body[\s>]/i);
  return bodyAt >= 0 && /<style[\s>]/i.test(page.slice(bodyAt));
}

/** One change to a page's source: the text between two offsets replaced. */
export interface PageEdit {
  start: number;
  end: number;
  text: string;
}

/** The edits that move the body's <style> elements of a parsed page (`document`, of source `page`) to the end of its head. */
export function bodyStyleEdits(document: DefaultTreeAdapterTypes.Document, page: string): PageEdit[] {
  const root = childElement(document, 'html');
  const head = root && childElement(root, 'head');
  const body = root && childElement(root, 'body');
  const headEnd = head?.sourceCodeLocation?.endTag?.startOffset;
  if (!body || headEnd === undefined) return [];
  const styles = stylesUnder(body).flatMap((style) => (style.sourceCodeLocation ? [style.sourceCodeLocation] : []));
  if (styles.length === 0) return [];
  const moved = styles.map((at) => page.slice(at.startOffset, at.endOffset)).join('');
  return [{ start: headEnd, end: headEnd, text: moved }, ...styles.map((at) => ({ start: at.startOffset, end: at.endOffset, text: '' }))];
}

/** The page with the edits made (they do not overlap). */
export function applyEdits(page: string, edits: readonly PageEdit[]): string {
  const parts: string[] = [];
  let from = 0;
  for (const edit of [...edits].sort((a, b) => a.start - b.start || a.end - b.end)) {
    parts.push(page.slice(from, edit.start), edit.text);
    from = edit.end;
  }
  parts.push(page.slice(from));
  return parts.join('');
}

/** The page with the body's <style> elements moved to the end of its head (unchanged when there is none). */
export function hoistBodyStyles(page: string): string {
  if (!mayHaveBodyStyles(page)) return page;
  const edits = bodyStyleEdits(parse(page, { sourceCodeLocationInfo: true }), page);
  return edits.length === 0 ? page : applyEdits(page, edits);
}
