import type { Page } from 'playwright-core';

/**
 * Waits until the page has hydrated and every effect of the first client render has run: Gatsby's
 * root component marks `onInitialClientRender` in its own effect, which React runs after the
 * effects of all components below it. Faster than waiting for network idle (Gatsby keeps
 * prefetching links in view), so tests that need the network quiet wait for that themselves.
 */
export async function ready(page: Page): Promise<void> {
  await page.waitForFunction(() => performance.getEntriesByName('onInitialClientRender').length > 0);
}
