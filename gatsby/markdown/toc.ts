/**
 * The table of contents of a rendered page, read from its hast after the heading pass (headings.ts): its h2 and h3
 * headings in order (spec §9: levels 2 to 3), by id, with plain-text titles that leave out the
 * heading's `#` anchor.
 */
import { classList, isElement, textContent, type Element, type Root, type RootContent } from './hast';
import type { TocEntry } from '../../src/lib/types/toc';

const isAnchor = (el: Element) => classList(el).includes('heading-anchor');

export function tocFromHast(tree: Root): TocEntry[] {
  const entries: TocEntry[] = [];
  const visit = (nodes: RootContent[]) => {
    for (const node of nodes) {
      if (!isElement(node)) continue;
      if ((node.tagName === 'h2' || node.tagName === 'h3') && typeof node.properties?.id === 'string') {
        entries.push({ id: node.properties.id, title: textContent(node, isAnchor).trim(), depth: node.tagName === 'h2' ? 2 : 3 });
      } else {
        visit(node.children);
      }
    }
  };
  visit(tree.children);
  return entries;
}
