/**
 * Decisions taken on client-side navigation (spec §4), kept pure for unit tests:
 * where to scroll after a route update, and when the progress bar may appear.
 */

export const PROGRESS_DELAY_MS = 200;
/** nprogress defaults named by the spec. */
export const PROGRESS_OPTIONS = { minimum: 0.08, speed: 200, trickleRate: 0.02, trickleSpeed: 800, showSpinner: false, trickle: true } as const;

export type ProgressOptions = Omit<typeof PROGRESS_OPTIONS, 'speed' | 'trickle'> & { speed: number; trickle: boolean };

/**
 * The bar's options for a reader who asked for reduced motion (prefers-reduced-motion: reduce):
 * it still appears after 200 ms and still tells that a page is loading, but it neither creeps
 * forward (no trickle) nor slides or fades (speed 0). Everyone else gets the spec's defaults.
 */
export function progressOptions(reducedMotion: boolean): ProgressOptions {
  return reducedMotion ? { ...PROGRESS_OPTIONS, speed: 0, trickle: false } : PROGRESS_OPTIONS;
}

export interface LocationLike {
  pathname: string;
  search: string;
  hash: string;
}

export type ScrollDecision = { kind: 'keep' } | { kind: 'top' } | { kind: 'element'; id: string };

export function scrollAfterNavigation(previous: LocationLike | null | undefined, next: LocationLike): ScrollDecision {
  if (next.hash && next.hash !== '#') {
    let id = next.hash.slice(1);
    try {
      id = decodeURIComponent(id);
    } catch {
      /* keep raw id */
    }
    return { kind: 'element', id };
  }
  if (previous && previous.pathname === next.pathname && previous.search !== next.search) return { kind: 'keep' };
  return { kind: 'top' };
}

/** `/blog/binder.html` and `/blog/binder/index.html` → `/blog/binder`; anything else → null. */
export function stripHtmlSuffix(pathname: string): string | null {
  const stripped = pathname.replace(/\/index\.html$/, '').replace(/\.html$/, '');
  if (stripped === pathname) return null;
  return stripped === '' ? '/' : stripped;
}
