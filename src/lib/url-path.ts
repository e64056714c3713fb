/**
 * Site paths as they appear in an href or the address bar. Its own module because every page's
 * <head> (canonical URL) needs it, while the rest of lib/docs only the docs template does.
 */

/** The same path as it appears in an href or the address bar: `Get start` → `Get%20start`. */
export function encodePath(path: string): string {
  return path
    .split('/')
    .map((segment) => encodeURIComponent(decodeURIComponentSafe(segment)))
    .join('/');
}

function decodeURIComponentSafe(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
