/**
 * rehype plugin: body images made zoomable (zoom.ts). gatsby-remark-images hands its markup over
 * as raw HTML; each raw block holding an image wrapper is parsed (hast-util-raw, the parser
 * rehype-stringify already uses) and replaced by its elements with the wrapper made a zoom
 * trigger. An image that is already inside a link stays as it is (a link cannot hold another).
 */
import { raw } from 'hast-util-raw';
import type { Element, Root, RootContent } from 'hast';
import { mapElements } from './hast';
import { IMAGE_WRAPPER_CLASS, isImageWrapper, makeZoomable } from './zoom';

type Parent = Root | Element;

function zoomableRaw(html: string): RootContent[] | null {
  const parsed = raw({ type: 'root', children: [{ type: 'raw', value: html } as never] }) as Root;
  let changed = false;
  mapElements(parsed, (el) => {
    if (!isImageWrapper(el)) return undefined;
    changed = makeZoomable(el) || changed;
    return [el];
  });
  return changed ? parsed.children : null;
}

function walk(parent: Parent, inLink: boolean): void {
  parent.children = parent.children.flatMap((child) => {
    const value = (child as { type: string; value?: unknown }).type === 'raw' ? (child as { value: string }).value : null;
    if (value !== null && !inLink && value.includes(IMAGE_WRAPPER_CLASS)) return zoomableRaw(value) ?? [child];
    if (child.type === 'element') walk(child, inLink || child.tagName === 'a');
    return [child];
  }) as Parent['children'];
}

export function rehypeZoomableImages() {
  return (tree: Root) => walk(tree, false);
}
