/**
 * Zoomable content images, build side. gatsby-remark-images writes each body image as a wrapper
 * <span> (its box sized by a padding-bottom ratio) holding a <picture> of generated widths. The
 * wrapper becomes a link to the largest generated file in the original format, named
 * “查看大图：<alt>” and announced as a button that opens a dialog: with JavaScript a click, Enter or
 * Space opens the large image in a dialog (components/mdx/image-zoom.ts, loaded on first use);
 * without JavaScript the link opens the file itself. Nothing is fetched before that.
 *
 * Pure hast (unit-tested in jest); images.ts parses gatsby's raw HTML and calls it.
 */
import { ZOOM_CLASS, zoomLabel } from '../../src/lib/image-zoom';
import { classList, isElement, type Element } from './hast';

export const IMAGE_WRAPPER_CLASS = 'gatsby-resp-image-wrapper';

export interface Candidate {
  url: string;
  width: number;
}

/** The widest candidate of a `srcset` (`url 320w, url 640w`); null without width descriptors. */
export function largestCandidate(srcset: string): Candidate | null {
  let best: Candidate | null = null;
  for (const part of srcset.split(',')) {
    const m = /^\s*(\S+)\s+(\d+)w\s*$/.exec(part);
    if (m && (!best || Number(m[2]) > best.width)) best = { url: m[1] as string, width: Number(m[2]) };
  }
  return best;
}

function descendants(el: Element): Element[] {
  return el.children.flatMap((child) => (isElement(child) ? [child, ...descendants(child)] : []));
}

const attr = (el: Element | undefined, name: string): string => {
  const value = el?.properties?.[name];
  return Array.isArray(value) ? value.join(' ') : typeof value === 'string' || typeof value === 'number' ? String(value) : '';
};

export const isImageWrapper = (el: Element): boolean => el.tagName === 'span' && classList(el).includes(IMAGE_WRAPPER_CLASS);

/**
 * Makes one wrapper zoomable, in place. Returns false (and leaves it alone) when it holds no
 * image with generated sizes.
 */
export function makeZoomable(wrapper: Element): boolean {
  const inside = descendants(wrapper);
  const img = inside.find((el) => el.tagName === 'img');
  const sources = inside.filter((el) => el.tagName === 'source');
  const webp = sources.find((el) => attr(el, 'type') === 'image/webp');
  const original = sources.find((el) => el !== webp && !/webp|avif/.test(attr(el, 'type')));
  const large = largestCandidate(attr(original, 'srcSet') || attr(img, 'srcSet'));
  if (!img || !large) return false;
  const largeWebp = largestCandidate(attr(webp, 'srcSet'));
  // The wrapper's box keeps the image's ratio as padding-bottom: n% on its first child.
  const ratio = inside.map((el) => /padding-bottom:\s*([\d.]+)%/.exec(attr(el, 'style'))?.[1]).find(Boolean);
  wrapper.tagName = 'a';
  wrapper.properties = {
    ...wrapper.properties,
    className: [...classList(wrapper), ZOOM_CLASS],
    href: large.url,
    role: 'button',
    ariaHaspopup: 'dialog',
    ariaLabel: zoomLabel(attr(img, 'alt')),
    dataZoomWidth: large.width,
    ...(ratio ? { dataZoomHeight: Math.round((large.width * Number(ratio)) / 100) } : {}),
    ...(largeWebp && largeWebp.width >= large.width ? { dataZoomWebp: largeWebp.url } : {}),
  };
  return true;
}
