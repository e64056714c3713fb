/**
 * The table of contents of a rendered page, read from its hast after rehype-slug: h2 entries with
 * their h3 entries nested, in the shape src/lib/toc.ts reads (`#id` urls, plain-text titles
 * without the heading's `#` anchor).
 */
import type { TocItem } from '../toc';
import { classList, isElement, textContent, type Element, type Root, type RootContent } from './hast';

const isAnchor = (el: Element) => classList(el).includes('heading-anchor');

export function tocFromHast(tree: Root): TocItem[] {
  const items: TocItem[] = [];
  const visit = (nodes: RootContent[]) => {
    for (const node of nodes) {
      if (!isElement(node)) continue;
      if ((node.tagName === 'h2' || node.tagName === 'h3') && typeof node.properties?.id === 'string') {
        const item: TocItem = { url: `#${node.properties.id}`, title: textContent(node, isAnchor).trim() };
        const parent = items[items.length - 1];
        if (node.tagName === 'h3' && parent) (parent.items ??= []).push(item);
        else items.push(item);
      } else {
        visit(node.children);
      }
    }
  };
  visit(tree.children);
  return items;
}
