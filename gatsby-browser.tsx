/**
 * Gatsby's browser hooks: the progress bar on slow navigations, the scroll position after a
 * navigation and on Back/Forward (src/lib/navigation.ts), hydration inside a transition, and the
 * search marks of a page opened from a result (loaded only when the address asks for them).
 */
import type { GatsbyBrowser } from 'gatsby';
import { startTransition, type ReactElement } from 'react';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import NProgress from 'nprogress';
import { GATSBY_FOCUS_WRAPPER_ID, GATSBY_NAVIGATE } from './src/lib/gatsby-runtime';
import { historyEntryId, PROGRESS_DELAY_MS, ROUTE_UPDATE_MARK, progressOptions, rendersCurrentEntry, returnPosition, scrollAfterNavigation } from './src/lib/navigation';
import { asksForMarks } from './src/lib/search/mark-param';

let progressTimer: number | undefined;
/** The path of the page on screen; back/forward within one page (hash) loads nothing. */
let renderedPath = typeof window === 'undefined' ? '' : window.location.pathname;
/** The history entry Back/Forward just returned to, until its position is restored (see returnPosition). */
let returnedTo: string | null = null;
let returnTimer: number | undefined;
/** Where the reader left each history entry of this page view, by the entry's key. */
const positions = new Map<string, [number, number]>();
const currentEntry = () => historyEntryId(window.history.state, window.location);

/** Starts the 200 ms clock when a navigation starts (Gatsby's own hooks fire only once loaded). */
function navigationStarted(): void {
  window.clearTimeout(progressTimer);
  progressTimer = window.setTimeout(() => {
    // Asked at each start: the reader may change the setting while the page is open.
    NProgress.configure(progressOptions(window.matchMedia('(prefers-reduced-motion: reduce)').matches));
    NProgress.start();
  }, PROGRESS_DELAY_MS);
}

type Navigate = (to: string | number, options?: unknown) => unknown;

/** Gatsby creates window.___navigate before the first render; every Link and navigate() uses it. */
export const onInitialClientRender: GatsbyBrowser['onInitialClientRender'] = () => {
  const w = window as unknown as Partial<Record<typeof GATSBY_NAVIGATE, Navigate>>;
  const original = w[GATSBY_NAVIGATE];
  if (original) {
    w[GATSBY_NAVIGATE] = (to, options) => {
      returnedTo = null;
      const target = typeof to === 'string' ? new URL(to, window.location.href) : null;
      // Same page, other hash or query: no page load, so no progress bar.
      if (!target || target.pathname !== window.location.pathname) navigationStarted();
      return original(to, options);
    };
  }
  window.addEventListener(
    'scroll',
    () => {
      // Not while returning: the browser's own restoring (onto the old page, maybe too short) is no reader's.
      if (returnedTo === null) positions.set(currentEntry(), [window.scrollX, window.scrollY]);
    },
    { passive: true },
  );
  window.addEventListener('popstate', () => {
    returnedTo = currentEntry();
    window.clearTimeout(returnTimer);
    returnTimer = window.setTimeout(() => {
      returnedTo = null;
    }, 2000);
    if (window.location.pathname !== renderedPath) navigationStarted();
  });
};

export const onRouteUpdate: GatsbyBrowser['onRouteUpdate'] = ({ location }) => {
  renderedPath = location.pathname;
  window.clearTimeout(progressTimer);
  if (NProgress.isStarted()) NProgress.done();
  // One entry at a time, however many pages a reader goes through.
  performance.clearMarks(ROUTE_UPDATE_MARK);
  performance.mark(ROUTE_UPDATE_MARK, { detail: location.pathname });
  // Arrived from a search result: mark its words (the module loads only then).
  if (asksForMarks(window.location.search)) void import(/* webpackChunkName: "search-marks" */ './src/components/search/arrival-marks').then((m) => m.markArrival());
};

export const shouldUpdateScroll: GatsbyBrowser['shouldUpdateScroll'] = ({ routerProps, prevRouterProps }) => {
  const { location } = routerProps;
  // Rendered after the reader had already gone on (Back pressed while this page was on its way):
  // leave the scroll and the pending return to the entry the browser is on; its render comes next.
  if (!rendersCurrentEntry(location, { href: window.location.href, state: window.history.state })) return false;
  // Back/forward: restore where the reader was.
  const entry = currentEntry();
  const back = returnPosition(positions.get(entry), returnedTo, entry);
  if (returnedTo === entry) returnedTo = null;
  if (back) {
    window.scrollTo(...back);
    return false;
  }
  const decision = scrollAfterNavigation(prevRouterProps?.location ?? null, location);
  if (decision.kind === 'keep') return false;
  if (decision.kind === 'element') {
    const target = document.getElementById(decision.id);
    if (target) {
      target.scrollIntoView();
      return false;
    }
  }
  window.scrollTo(0, 0);
  return false;
};

/**
 * Gatsby hydrates with a plain hydrateRoot, which React 18 runs as one uninterrupted task (the
 * default hydration lane is a blocking lane): on a slow phone that task was the page's longest.
 * Inside a transition the same hydration yields to the browser every few milliseconds, so the page
 * stays responsive while it becomes interactive; a click on a part not yet hydrated makes React
 * finish hydrating first and then replays the click. Containers without server markup (client-only
 * pages, none today; Gatsby's development indicator) are rendered as Gatsby does, with createRoot;
 * both return the unmount function Gatsby expects. (Gatsby types the renderer as the legacy
 * ReactDOM.render signature, hence the cast.)
 */
export const replaceHydrateFunction: GatsbyBrowser['replaceHydrateFunction'] = () =>
  ((element: ReactElement, container: Element) => {
    // Gatsby also renders its development loading indicator into an element of its own.
    const prerendered = Boolean(container.querySelector(`#${GATSBY_FOCUS_WRAPPER_ID}`)?.children.length);
    if (!prerendered) {
      const root = createRoot(container);
      root.render(element);
      return () => root.unmount();
    }
    let root: Root | undefined;
    startTransition(() => {
      root = hydrateRoot(container, element);
    });
    return () => root?.unmount();
  }) as unknown as ReturnType<NonNullable<GatsbyBrowser['replaceHydrateFunction']>>;

/**
 * Site-wide CSS is rendered at build time only (gatsby-ssr.tsx). `gatsby develop` renders in the
 * browser without that step, so it adds the same styles here; production bundles drop this branch.
 * The content constructs come in their light view: their CSS without the build-time code they
 * name (gatsby/framework/webpack/light-constructs.ts).
 */
export const wrapPageElement: GatsbyBrowser['wrapPageElement'] = ({ element }) => {
  if (process.env.NODE_ENV === 'development') {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { GlobalStyles, siteStyles } = require('./src/components/layout/GlobalStyles') as typeof import('./src/components/layout/GlobalStyles');
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { CONTENT_STYLES } = require('./gatsby/markdown/constructs') as typeof import('./gatsby/markdown/constructs');
    return (
      <>
        <GlobalStyles styles={siteStyles(CONTENT_STYLES)} />
        {element}
      </>
    );
  }
  return element;
};
