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
 * path in onRouteUpdate), its components' effects have run (the task after the next frame) and
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
  await page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))));
}
