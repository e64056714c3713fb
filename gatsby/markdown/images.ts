/**
 * Body images. remark plugin: an image alone in its paragraph stands on its own. rehype plugin:
 * body images made zoomable (zoom.ts). gatsby-remark-images hands its markup over
 * as raw HTML; each raw block holding an image wrapper is parsed (hast-util-raw, the parser
 * rehype-raw uses) and replaced by its elements with the wrapper made a zoom trigger. An image that is already inside a link stays as it is (a link cannot hold another).
 */
import { raw } from 'hast-util-raw';
import type { Element, Root, RootContent } from 'hast';
import remarkUnwrapImages from 'remark-unwrap-images';
import { mapElements } from './hast';
import { onlyWith } from './node-types';
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

/** In place, like mapElements: most pages have no image, and this walk copied every children array of them for nothing. */
function walk(parent: Parent, inLink: boolean): void {
  const children = parent.children as RootContent[];
  for (let i = 0; i < children.length; i += 1) {
    const child = children[i] as RootContent | { type: 'raw'; value: string };
    if (child.type === 'element') walk(child, inLink || child.tagName === 'a');
    else if (child.type === 'raw' && !inLink && child.value.includes(IMAGE_WRAPPER_CLASS)) {
      const replaced = zoomableRaw(child.value);
      if (!replaced) continue;
      children.splice(i, 1, ...replaced);
      i += replaced.length - 1;
    }
  }
}

export function rehypeZoomableImages() {
  return (tree: Root) => walk(tree, false);
}

/** remark plugin: an image alone in its paragraph stands on its own (remark-unwrap-images), on pages that have images. */
export const remarkLoneImages = onlyWith(['image', 'imageReference'], remarkUnwrapImages);
