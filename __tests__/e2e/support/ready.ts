import type { Page } from 'playwright-core';
import { ROUTE_UPDATE_MARK } from '../../../src/lib/navigation';
import { GATSBY_NAVIGATE } from '../../../src/lib/gatsby-runtime';

/**
 * Waits until the page has hydrated and every effect of the first client render has run: Gatsby's
 * root component marks `onInitialClientRender` in its own effect, which React runs after the
 * effects of all components below it. Faster than waiting for network idle (Gatsby keeps
 * prefetching links in view), so tests that need the network quiet wait for that themselves.
 */
export async function ready(page: Page): Promise<void> {
  await page.waitForFunction(() => performance.getEntriesByName('onInitialClientRender').length > 0);
}

/**
 * Goes to `path` (encoded, as in a link's href) the way a reader's click on a link does: Gatsby's
 * client-side navigation in the document already open (hydrated: see ready()), no new document;
 * with `replace`, in place of the current history entry (as a link with Gatsby's `replace` does).
 * Resolves once the new page has rendered (gatsby-browser.tsx marks ROUTE_UPDATE_MARK with the
 * path in onRouteUpdate), its components' effects have run (see afterFrame()) and
 * the progress bar, if the navigation was slow enough to show it, has gone.
 */
export async function navigateClientSide(page: Page, path: string, { replace = false } = {}): Promise<void> {
  await page.evaluate(
    ([name, navigate, to, replaceEntry]) => {
      performance.clearMarks(name);
      (window as unknown as Record<string, (to: string, options: { replace: boolean }) => void>)[navigate]?.(to, { replace: replaceEntry });
    },
    [ROUTE_UPDATE_MARK, GATSBY_NAVIGATE, path, replace] as const,
  );
  await page.waitForFunction(
    ([name, to]) => {
      const target = new URL(to, location.href);
      const mark = performance.getEntriesByName(name).at(-1) as PerformanceMark | undefined;
      return mark?.detail === location.pathname && location.pathname === target.pathname && !document.getElementById('nprogress');
    },
    [ROUTE_UPDATE_MARK, path] as const,
  );
  await afterFrame(page);
}

/**
 * Resolves in the task after the second frame from now: whatever the last event set going in the
 * page (React's render of it and its effects, callbacks asked for the next frame, the layout and
 * hover updates a frame brings) has run. What a test waits on before it checks that an event
 * did not do something: the page has finished what it would have done.
 */
export async function afterFrame(page: Page): Promise<void> {
  await page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 0)))));
}

/**
 * Resolves once the page has had an idle period (the work it put off until idle, such as Gatsby's
 * prefetches of links in view, has run) and then afterFrame(): nothing it set going is left to do.
 */
export async function idle(page: Page): Promise<void> {
  await page.evaluate(() => new Promise<void>((resolve) => requestIdleCallback(() => resolve())));
  await afterFrame(page);
}

/**
 * Records every navigation the page asks Gatsby for from now on (links, navigate(): all go through
 * GATSBY_NAVIGATE, looked up at each call), at the moment it is asked, before anything loads;
 * returns a function that reads them. For a test that checks that something navigates nowhere.
 */
export async function recordNavigations(page: Page): Promise<() => Promise<string[]>> {
  await page.evaluate((navigate) => {
    const w = window as unknown as Record<string, unknown> & { __navigations: string[] };
    const original = w[navigate] as (to: unknown, options?: unknown) => unknown;
    w.__navigations = [];
    w[navigate] = (to: unknown, options?: unknown) => {
      w.__navigations.push(String(to));
      return original(to, options);
    };
  }, GATSBY_NAVIGATE);
  return () => page.evaluate(() => (window as unknown as { __navigations: string[] }).__navigations);
}
