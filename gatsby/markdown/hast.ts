/**
 * Small helpers over hast (the HTML syntax tree of unified) shared by the build-time MDX
 * renderer's plugins. Pure functions over plain objects: no unified import, unit-testable.
 * Elements are built with hastscript's `h(tagName, properties, children)`, which also gives
 * properties hast's own names and types (`data-x` → dataX, `class="a b"` → ['a', 'b']).
 */
import type { Element, ElementContent, Root, RootContent, Text } from 'hast';

export type { Element, ElementContent, Root, RootContent };

export { h } from 'hastscript';

export function text(value: string): Text {
  return { type: 'text', value };
}

export function isElement(node: unknown, tagName?: string): node is Element {
  const el = node as Element | undefined;
  return !!el && el.type === 'element' && (tagName === undefined || el.tagName === tagName);
}

export function classList(node: Element): string[] {
  const value = node.properties?.className;
  if (Array.isArray(value)) return value.map(String);
  return typeof value === 'string' ? value.split(/\s+/).filter(Boolean) : [];
}

/** Text content, leaving out subtrees `skip` rejects (e.g. heading anchors). */
export function textContent(node: Root | RootContent, skip: (el: Element) => boolean = () => false): string {
  if (node.type === 'text') return node.value;
  if (node.type === 'element' && skip(node)) return '';
  if ('children' in node) return (node.children as RootContent[]).map((child) => textContent(child, skip)).join('');
  return '';
}

/**
 * Visits every element depth first; the visitor may return replacement nodes for the element
 * (which are not visited again) or undefined to keep it and descend into it. The children arrays
 * are changed in place, only where an element is replaced: a page's render walks its tree several
 * times, and copying every array on every walk was garbage for nothing.
 */
export function mapElements(parent: Root | Element, visitor: (el: Element, parent: Root | Element) => ElementContent[] | undefined): void {
  const children = parent.children as (RootContent | ElementContent)[];
  for (let i = 0; i < children.length; i += 1) {
    const child = children[i] as RootContent | ElementContent;
    if (child.type !== 'element') continue;
    const replaced = visitor(child, parent);
    if (!replaced) mapElements(child, visitor);
    else {
      if (replaced.length !== 1 || replaced[0] !== child) children.splice(i, 1, ...replaced);
      i += replaced.length - 1;
    }
  }
}
