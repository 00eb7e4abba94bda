/** Reading built pages as a browser does (parse5, the HTML standard's parser): elements, attributes and text, never string matching. */
import { html, parse, type DefaultTreeAdapterTypes } from 'parse5';

/** A parsed element. */
export type DomElement = DefaultTreeAdapterTypes.Element;
type DomNode = DefaultTreeAdapterTypes.Node;

/** Parses a whole page. */
export function parsePage(source: string): DefaultTreeAdapterTypes.Document {
  return parse(source);
}

function childrenOf(node: DomNode, withTemplates: boolean): DomNode[] {
  const children: DomNode[] = 'childNodes' in node ? [...node.childNodes] : [];
  if (withTemplates && node.nodeName === 'template' && 'content' in node) children.unshift(node.content);
  return children;
}

/** Every element under root in document order, the contents of <template>s included (they become live when cloned). */
export function allElements(root: DomNode): DomElement[] {
  const found: DomElement[] = [];
  const visit = (node: DomNode) => {
    if ('tagName' in node) found.push(node);
    for (const child of childrenOf(node, true)) visit(child);
  };
  visit(root);
  return found;
}

/** Whether the element is in the HTML namespace (an SVG <script> is another element). */
export function isHtmlElement(element: DomElement): boolean {
  return element.namespaceURI === html.NS.HTML;
}

/** An attribute's value, or null when the element does not have it. */
export function attribute(element: DomElement, name: string): string | null {
  return element.attrs.find((attr) => attr.name === name)?.value ?? null;
}

/** The element's text as textContent reads it (template contents excluded, as in a browser). */
export function textOf(node: DomNode): string {
  if (node.nodeName === '#text' && 'value' in node) return node.value;
  return childrenOf(node, false).map(textOf).join('');
}

/** The elements under root matching a tag name and, optionally, a class. */
export function elementsBy(root: DomNode, tagName: string, className?: string): DomElement[] {
  return allElements(root).filter(
    (element) => element.tagName === tagName && (className === undefined || (attribute(element, 'class') ?? '').split(/\s+/).includes(className)),
  );
}

/** The one element matching, or an error naming what was looked for. */
export function onlyElement(root: DomNode, tagName: string, className?: string): DomElement {
  const found = elementsBy(root, tagName, className);
  if (found.length !== 1) throw new Error(`expected one <${tagName}${className ? `.${className}` : ''}>, found ${found.length}`);
  return found[0] as DomElement;
}
