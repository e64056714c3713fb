import type { Page } from 'playwright-core';

/**
 * Waits until the search box `testId` shows the results of `query` itself: not those of a prefix typed on
 * the way (a prefix may show "no results" or other pages), and with every piece the query needed arrived
 * (the box is aria-busy until then; a query's shards and its results' texts come in separate requests).
 */
export async function boxShows(page: Page, testId: string, query: string): Promise<void> {
  await page.waitForFunction(
    ([id, q]) => {
      const wrapper = document.querySelector(`[data-testid="${id}"]`);
      return wrapper?.getAttribute('data-query') === q && wrapper.getAttribute('aria-busy') !== 'true';
    },
    [testId, query] as const,
  );
}
