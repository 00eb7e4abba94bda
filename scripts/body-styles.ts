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

/** The page with the body's <style> elements moved to the end of its head (unchanged when there is none). */
export function hoistBodyStyles(page: string): string {
  const bodyAt = page.search(/<body[\s>]/i);
  if (bodyAt < 0 || !/<style[\s>]/i.test(page.slice(bodyAt))) return page;
  const document = parse(page, { sourceCodeLocationInfo: true });
  const root = childElement(document, 'html');
  const head = root && childElement(root, 'head');
  const body = root && childElement(root, 'body');
  const headEnd = head?.sourceCodeLocation?.endTag?.startOffset;
  if (!body || headEnd === undefined) return page;
  const styles = stylesUnder(body).flatMap((style) => (style.sourceCodeLocation ? [style.sourceCodeLocation] : []));
  if (styles.length === 0) return page;
  const moved = styles.map((at) => page.slice(at.startOffset, at.endOffset)).join('');
  let out = page.slice(0, headEnd) + moved;
  let from = headEnd;
  for (const at of styles) {
    out += page.slice(from, at.startOffset);
    from = at.endOffset;
  }
  return out + page.slice(from);
}
