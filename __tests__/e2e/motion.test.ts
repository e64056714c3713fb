/**
 * prefers-reduced-motion (docs/testing.md, 无障碍): with `reduce` the mobile menu modal, the popover chevron and
 * the navigation progress bar do not animate; without it they keep the spec's timings (75 ms modal,
 * nprogress speed 200 ms with trickle). The 200 ms before the bar appears and the 210 ms hover
 * intent of the popovers are delays, not motion, and stay for everyone.
 */
import type { Page } from 'playwright-core';
import { PHONE, useBrowser } from './support/browser';

jest.setTimeout(30_000);

const session = useBrowser();

type Motion = 'reduce' | 'no-preference';

async function openWith(reducedMotion: Motion, path: string, viewport = { width: 1440, height: 900 }): Promise<Page> {
  const { page } = await session.open(path, { viewport, reducedMotion });
  await expect(page.evaluate(() => matchMedia('(prefers-reduced-motion: reduce)').matches)).resolves.toBe(reducedMotion === 'reduce');
  return page;
}

/** Longest running time (ms) of the animations and transitions an element declares. */
const longest = (list: string) => Math.max(...list.split(',').map((d) => parseFloat(d) * (d.trim().endsWith('ms') ? 1 : 1000)));

describe('mobile menu modal', () => {
  it.each([
    ['no-preference', 75],
    ['reduce', 0.01],
  ] as const)('with %s its entry animation lasts %s ms', async (motion, ms) => {
    const page = await openWith(motion, '/', PHONE);
    await page.getByTestId('mobile-menu-button').click();
    const modal = page.getByTestId('mobile-menu');
    await modal.waitFor();
    const duration = await modal.evaluate((el) => getComputedStyle(el).animationDuration);
    expect(longest(duration)).toBeCloseTo(ms, 3);
  });
});

describe('navbar popover', () => {
  it.each([
    ['no-preference', 150],
    ['reduce', 0.01],
  ] as const)('with %s the chevron turns in %s ms, and the panel still opens after the hover delay', async (motion, ms) => {
    const page = await openWith(motion, '/blog');
    const trigger = page.locator('[data-popover="桌面端"] .menu-trigger');
    await expect(
      trigger
        .locator('svg')
        .evaluate((el) => getComputedStyle(el).transitionDuration)
        .then(longest),
    ).resolves.toBeCloseTo(ms, 3);
    await trigger.hover();
    await page.waitForSelector('[data-popover="桌面端"] .menu-content[data-state="open"]', { state: 'visible' });
  });
});

describe('navigation progress bar', () => {
  /** Clicks a footer link whose page data is held back 1.8 s; returns how the bar looked. */
  async function slowNavigation(page: Page): Promise<{ appearedAfter: number; transition: string; widthAtStart: string; widthLater: string }> {
    await page.route('**/page-data/docs/about/privacy/page-data.json', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1800));
      await route.continue();
    });
    await page.evaluate(() => {
      const w = window as unknown as { __bar: Record<string, unknown> };
      w.__bar = {};
      document.addEventListener('click', () => (w.__bar.click = performance.now()), { capture: true, once: true });
      const observer = new MutationObserver(() => {
        const bar = document.querySelector<HTMLElement>('#nprogress .bar');
        if (!bar || w.__bar.at !== undefined) return;
        w.__bar.at = performance.now();
        w.__bar.widthAtStart = bar.style.transform;
        w.__bar.transition = getComputedStyle(bar).transitionDuration;
        // Sampled 1.1 s later, past nprogress's first trickle step (800 ms).
        window.setTimeout(() => (w.__bar.widthLater = bar.style.transform), 1100);
      });
      observer.observe(document.body, { childList: true, subtree: true });
    });
    const link = page.locator('footer a[href="/docs/about/privacy"]');
    await link.scrollIntoViewIfNeeded();
    await link.click();
    await page.waitForFunction(() => (window as unknown as { __bar: { widthLater?: string } }).__bar.widthLater !== undefined, undefined, { timeout: 10_000 });
    const bar = await page.evaluate(() => (window as unknown as { __bar: { click: number; at: number; transition: string; widthAtStart: string; widthLater: string } }).__bar);
    await page.waitForFunction(() => location.pathname === '/docs/about/privacy');
    return { appearedAfter: bar.at - bar.click, transition: bar.transition, widthAtStart: bar.widthAtStart, widthLater: bar.widthLater };
  }

  it('without a preference: appears after 200 ms, slides (200 ms transition) and creeps forward', async () => {
    const page = await openWith('no-preference', '/blog/binder');
    const bar = await slowNavigation(page);
    expect(bar.appearedAfter).toBeGreaterThanOrEqual(190);
    expect(longest(bar.transition)).toBe(200);
    expect(bar.widthLater).not.toBe(bar.widthAtStart);
  });

  it('with reduce: still appears after 200 ms, but neither slides nor creeps', async () => {
    const page = await openWith('reduce', '/blog/binder');
    const bar = await slowNavigation(page);
    expect(bar.appearedAfter).toBeGreaterThanOrEqual(190);
    expect(longest(bar.transition)).toBeLessThan(1);
    expect(bar.widthLater).toBe(bar.widthAtStart);
  });
});
