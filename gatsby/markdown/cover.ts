/**
 * A post's frontmatter `image` is its cover: shown above the article, in cards and in social
 * previews. Editors often also put the same picture at the top of the body (with a descriptive
 * alt text), which showed it twice on the post page and made the browser download it twice.
 * This remark plugin takes that body copy out and hands its alt text to the cover.
 */
import path from 'node:path';
import type { Image, Root } from 'mdast';

export interface CoverOptions {
  /** The frontmatter `image` as written (relative to the post's folder), if any. */
  src?: string;
  /** Receives the alt text of the body image that was the cover. */
  onFound?: (alt: string) => void;
}

function samePath(a: string, b: string): boolean {
  const clean = (p: string) => path.posix.normalize(decodeURI(p.split(/[?#]/)[0] ?? ''));
  return clean(a) === clean(b);
}

export function remarkCoverOnce({ src, onFound }: CoverOptions = {}) {
  return (tree: Root) => {
    if (!src) return;
    // After remark-unwrap-images, an image alone in its paragraph is a child of the root.
    const index = tree.children.findIndex((node) => node.type === 'image' && samePath((node as Image).url, src));
    if (index < 0) return;
    const image = tree.children[index] as Image;
    tree.children.splice(index, 1);
    onFound?.(image.alt ?? '');
  };
}
