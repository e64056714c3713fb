/**
 * Decisions taken on client-side navigation (spec §4), kept pure for unit tests:
 * where to scroll after a route update, and when the progress bar may appear.
 */

export const PROGRESS_DELAY_MS = 200;

/**
 * Performance mark set when a page has rendered after any navigation (onRouteUpdate), its
 * `detail` the path: what a monitoring script, or a test that navigates client-side, waits for
 * (Gatsby itself marks only the first render, 'onInitialClientRender').
 */
export const ROUTE_UPDATE_MARK = 'route-update';
/**
 * nprogress defaults named by the spec, and its markup: nprogress's own template gives the bar
 * role="bar" (and the spinner role="spinner"), which are not ARIA roles — assistive technology is
 * handed an invalid role and axe reports it whenever the bar is on screen. The bar is decoration
 * (the page's own title change tells a screen reader that the page changed), so it is hidden from
 * the accessibility tree and found by its class.
 */
export const PROGRESS_OPTIONS = {
  minimum: 0.08,
  speed: 200,
  trickleRate: 0.02,
  trickleSpeed: 800,
  showSpinner: false,
  trickle: true,
  template: '<div class="bar" aria-hidden="true"><div class="peg"></div></div>',
  barSelector: '.bar',
} as const;

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

/**
 * A history entry as the scroll memory knows it: the router's key (reach router's state.key,
 * 'initial' where it set none: the entry the site was opened at, or one the browser made for an
 * in-page #link) and the entry's address, so entries without a key of their own stay apart.
 */
export function historyEntryId(state: unknown, url: Pick<LocationLike, 'pathname' | 'search' | 'hash'>): string {
  return `${routerKey(state)} ${url.pathname}${url.search}${url.hash}`;
}

/** Reach router's key of a history entry from its state, 'initial' where it set none (as reach router reads it). */
function routerKey(state: unknown): string {
  const key = state && typeof state === 'object' ? (state as { key?: unknown }).key : undefined;
  return typeof key === 'string' && key ? key : 'initial';
}

/**
 * Where to scroll when Back/Forward returns to an entry: the position the reader left it at, when
 * the entry being shown (`current`) is the one the browser just returned to (`returnedTo`, recorded
 * on popstate). Null for any other navigation. The positions are kept by the entry the browser is
 * on when the reader scrolls (gatsby-browser.tsx), not by the router's location: the router learns
 * of a popstate a frame later, and Gatsby saved the browser's own restoring scroll in between under
 * the entry being left (nor does reach router tell a popped location's action, 'POP').
 */
export function returnPosition(saved: readonly [number, number] | undefined, returnedTo: string | null, current: string): [number, number] | null {
  if (returnedTo === null || returnedTo !== current || !saved) return null;
  return [saved[0], saved[1]];
}

/**
 * Whether the location the router renders is still the history entry the browser is on. Reach
 * router hears of a push or a popstate and renders it a frame or more later; a reader who presses
 * Back while the page they just opened is still on its way (a slow phone, a busy machine) has
 * already moved the browser on. That late render is of a page the reader has left: it must neither
 * scroll nor use up the return to the entry they went back to, whose own render follows it. Same
 * address and same router key (reach router's state.key, 'initial' where it set none). A location
 * without an address (none the router makes) counts as current.
 */
export function rendersCurrentEntry(rendered: { href?: string; key?: string }, current: { href: string; state: unknown }): boolean {
  if (rendered.href === undefined) return true;
  return rendered.href === current.href && (rendered.key ?? 'initial') === routerKey(current.state);
}

/** `/blog/binder.html` and `/blog/binder/index.html` → `/blog/binder`; anything else → null. */
export function stripHtmlSuffix(pathname: string): string | null {
  const stripped = pathname.replace(/\/index\.html$/, '').replace(/\.html$/, '');
  if (stripped === pathname) return null;
  return stripped === '' ? '/' : stripped;
}
