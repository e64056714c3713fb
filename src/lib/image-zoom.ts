/**
 * Zoomable content images: the names the build-time markup (gatsby/markdown/zoom.ts) and the
 * dialog that opens in the browser (components/mdx/image-zoom.ts) share. Kept tiny: every page
 * with a body imports it.
 */

/** The link around a body image: `<a class="image-zoom" role="button" href="<largest file>">`. */
export const ZOOM_SELECTOR = 'a.image-zoom';
export const ZOOM_CLASS = 'image-zoom';

/** `查看大图：<alt>`: the trigger's name, read as a button. */
export function zoomLabel(alt: string): string {
  return alt.trim() ? `查看大图：${alt.trim()}` : '查看大图';
}
