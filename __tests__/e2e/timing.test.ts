/**
 * The spec's delays, measured in real time (docs/spec.md §2, §9): a navbar popover opens 210 ms
 * after the pointer arrives and closes 210 ms after it leaves, a click or Escape does not wait for
 * that delay, and the navigation progress bar appears only after 200 ms. Project e2e-timed runs
 * this file (with motion.test.ts) on its own after the parallel e2e run, so that a busy machine
 * cannot delay the page's timers; everything else about the site chrome is in chrome.test.ts.
 */
import type { Page } from 'playwright-core';
import { useBrowser } from './support/browser';
import { centre, content, item, NEUTRAL, trigger } from './support/navbar';
import { afterFrame } from './support/ready';
import { armAttributeProbe, firstChangeTo, probeDone, readProbe, timersRun, trackTimers } from './support/probes';
import { POPOVER_DELAY_MS } from '../../src/lib/delay';
import { PROGRESS_DELAY_MS } from '../../src/lib/navigation';

jest.setTimeout(30_000);

const session = useBrowser();
const open = session.open;

describe('navbar popovers (spec §2, §9: 210 ms in and out)', () => {
  const OPEN_OFFSETS = [100, 140, 400];
  const CLOSE_OFFSETS = [100, 450];
  /** A click or Escape takes effect within this (well under the 210 ms delay). */
  const AT_ONCE_MS = 150;
  /** When the second click lands, after the pointer arrived: late in the 210 ms hover delay. */
  const LATE_CLICK_MS = 170;

  it('opens not before 150 ms and by 400 ms of hover, then closes about 210 ms after the pointer leaves', async () => {
    const { page } = await open('/');
    await page.mouse.move(NEUTRAL.x, NEUTRAL.y);
    await armAttributeProbe(page, 'open', { eventTarget: trigger('桌面端'), event: 'pointermove', target: content('桌面端'), attribute: 'data-state', offsets: OPEN_OFFSETS });
    const at = await centre(page, trigger('桌面端'));
    await page.mouse.move(at.x, at.y);
    const opening = await probeDone(page, 'open', OPEN_OFFSETS);
    expect(opening.samples['100']).toBe('closed');
    expect(opening.samples['140']).toBe('closed');
    expect(opening.samples['400']).toBe('open');
    const openedAfter = firstChangeTo(opening, 'open', opening.eventAt as number);
    expect(openedAfter).not.toBeNull();
    expect(openedAfter as number).toBeGreaterThanOrEqual(150);
    expect(openedAfter as number).toBeLessThanOrEqual(400);
    await expect(page.locator(content('桌面端')).isVisible()).resolves.toBe(true);

    // Leave: the <li> holds both the trigger and the panel, so its pointerleave is "the pointer left".
    await armAttributeProbe(page, 'close', { eventTarget: item('桌面端'), event: 'pointerleave', target: content('桌面端'), attribute: 'data-state', offsets: CLOSE_OFFSETS });
    await page.mouse.move(NEUTRAL.x, NEUTRAL.y);
    const closing = await probeDone(page, 'close', CLOSE_OFFSETS);
    expect(closing.samples['100']).toBe('open');
    expect(closing.samples['450']).toBe('closed');
    const closedAfter = firstChangeTo(closing, 'closed', closing.eventAt as number);
    expect(closedAfter).not.toBeNull();
    // Spec: 210 ms after leave.
    expect(closedAfter as number).toBeGreaterThanOrEqual(190);
    expect(closedAfter as number).toBeLessThanOrEqual(450);
    await expect(page.locator(content('桌面端')).isVisible()).resolves.toBe(false);
  });

  it('toggles on click, stays closed after a quick click-close, and closes on Escape at once', async () => {
    const { page } = await open('/');
    const closed = (label: string) => page.waitForSelector(`${content(label)}[data-state="closed"]`, { state: 'attached' });
    await trackTimers(page);
    await page.click(trigger('移动端'));
    await page.waitForSelector(`${content('移动端')}[data-state="open"]`, { state: 'visible' });
    await armAttributeProbe(page, 'click-close', { eventTarget: trigger('移动端'), event: 'click', target: content('移动端'), attribute: 'data-state', offsets: [] });
    await page.click(trigger('移动端'));
    await closed('移动端');
    // It stays closed although the pointer still rests on the trigger (no hover re-open): checked
    // once every popover timer the pointer set going has run, and the frame after.
    await afterFrame(page);
    await timersRun(page, POPOVER_DELAY_MS);
    await expect(page.locator(content('移动端')).getAttribute('data-state')).resolves.toBe('closed');
    const clickClose = await readProbe(page, 'click-close');
    // Closed at once (not after the hover delay), and never opened again.
    expect(clickClose.changes.map((c) => c.value)).toEqual(['closed']);
    expect(firstChangeTo(clickClose, 'closed', clickClose.eventAt as number) as number).toBeLessThan(AT_ONCE_MS);

    // Arrive and click open, then click closed late in the 210 ms hover delay (as a slow machine
    // does): the hover-intent timer that started on arrival must neither reopen the panel nor
    // cancel its closing. The second click is timed in the page from the pointer's arrival; a busy
    // machine may land it past the delay, where it tests nothing: try again, up to three times.
    let inDelay = 0;
    const lateAt: number[] = [];
    for (let attempt = 0; attempt < 3 && inDelay === 0; attempt += 1) {
      await page.mouse.move(NEUTRAL.x, NEUTRAL.y);
      await closed('桌面端');
      await timersRun(page, POPOVER_DELAY_MS);
      const probe = `late-click-${attempt}`;
      await armAttributeProbe(page, probe, { eventTarget: trigger('桌面端'), event: 'pointermove', target: content('桌面端'), attribute: 'data-state', offsets: [] });
      const at = await centre(page, trigger('桌面端'));
      await page.mouse.move(at.x, at.y);
      await page.mouse.down();
      await page.mouse.up();
      await page.waitForSelector(`${content('桌面端')}[data-state="open"]`, { state: 'visible' });
      // Late in the delay: LATE_CLICK_MS after the pointer arrived, by the page's clock.
      await page.waitForFunction(
        ([name, late]) => {
          const arrived = (window as unknown as { __probes: Record<string, { eventAt: number | null }> }).__probes[name]?.eventAt;
          return typeof arrived === 'number' && performance.now() - arrived >= late;
        },
        [probe, LATE_CLICK_MS] as const,
      );
      // The listener is in place before the click is sent: DevTools delivers input and script on
      // separate channels, so a click sent while the script is still on its way can arrive first.
      await page.evaluate(() => {
        const w = window as unknown as { __clickedAt?: Promise<number> };
        w.__clickedAt = new Promise<number>((resolve) => document.addEventListener('click', () => resolve(performance.now()), { capture: true, once: true }));
      });
      await page.mouse.down();
      await page.mouse.up();
      const clicked = await page.evaluate(() => (window as unknown as { __clickedAt: Promise<number> }).__clickedAt);
      await afterFrame(page);
      await timersRun(page, POPOVER_DELAY_MS);
      await expect(page.locator(content('桌面端')).getAttribute('data-state')).resolves.toBe('closed');
      const timeline = await readProbe(page, probe);
      const arrived = timeline.eventAt as number;
      lateAt.push(Math.round(clicked - arrived));
      // It closed at the second click, at once, and stayed closed.
      expect(timeline.changes.at(-1)?.value).toBe('closed');
      expect(firstChangeTo(timeline, 'closed', clicked) as number).toBeLessThan(AT_ONCE_MS);
      if (clicked - arrived < POPOVER_DELAY_MS) inDelay += 1;
    }
    if (inDelay === 0) throw new Error(`the second click never landed inside the ${POPOVER_DELAY_MS} ms hover delay (${lateAt.join(', ')} ms after arrival): cannot check the race`);

    await page.mouse.move(NEUTRAL.x, NEUTRAL.y);
    await page.click(trigger('服务'));
    await page.waitForSelector(`${content('服务')}[data-state="open"]`, { state: 'visible' });
    await page.keyboard.press('Escape');
    // Escape does not wait for the hover-leave delay.
    await page.waitForSelector(`${content('服务')}[data-state="closed"]`, { state: 'attached', timeout: 150 });
  });
});

describe('navigation progress bar (spec §4, §9: only after 200 ms)', () => {
  /** Arms in-page timing for the next click: click time, route-update time, #nprogress time. */
  async function armNavigationTiming(page: Page): Promise<void> {
    await page.evaluate(() => {
      const t: { click?: number; routed?: number; bar?: number } = {};
      (window as unknown as { __nav: typeof t }).__nav = t;
      const from = location.pathname;
      document.addEventListener('click', () => (t.click = performance.now()), { capture: true, once: true });
      const observer = new MutationObserver(() => {
        if (t.bar === undefined && document.getElementById('nprogress')) t.bar = performance.now();
        if (t.routed === undefined && location.pathname !== from) t.routed = performance.now();
      });
      observer.observe(document.documentElement, { childList: true, subtree: true, attributes: true });
    });
  }
  const navTiming = (page: Page) => page.evaluate(() => (window as unknown as { __nav: { click?: number; routed?: number; bar?: number } }).__nav);

  it('does not appear on a fast navigation (resources already loaded)', async () => {
    const { page } = await open('/docs/desktop/wing/Introduce');
    const sidebarLink = (path: string) => page.locator(`[data-testid="doc-sidebar"] a[href="${path}"]`);
    // Visit the second page once, so both pages' data and code are loaded: going back and forth is fast.
    await sidebarLink('/docs/desktop/wing/Get start').click();
    await page.waitForFunction(() => document.querySelector<HTMLAnchorElement>('[data-testid="doc-sidebar"] a[aria-current="page"]')?.pathname === '/docs/desktop/wing/Get%20start');
    await page.waitForLoadState('networkidle');
    await trackTimers(page);
    // This machine may be busy: a navigation that happens to take over 200 ms may rightly show the
    // bar, so try a few and require at least one fast one; no fast one may show the bar.
    let fast = 0;
    const durations: number[] = [];
    for (let i = 0; i < 6 && fast < 1; i += 1) {
      const [path, encoded] = i % 2 === 0 ? ['/docs/desktop/wing/Introduce', '/docs/desktop/wing/Introduce'] : ['/docs/desktop/wing/Get start', '/docs/desktop/wing/Get%20start'];
      await armNavigationTiming(page);
      await sidebarLink(path).click();
      await page.waitForFunction((p) => location.pathname === p, encoded);
      // Settled: the bar's delay timer was cleared by the route update, or ran and showed the bar.
      await timersRun(page, PROGRESS_DELAY_MS);
      const t = await navTiming(page);
      const took = (t.routed as number) - (t.click as number);
      durations.push(Math.round(took));
      if (took < 180) {
        fast += 1;
        expect(t.bar).toBeUndefined();
      }
      await page.locator('#nprogress').waitFor({ state: 'detached' });
      await expect(page.locator('#nprogress').count()).resolves.toBe(0);
    }
    if (fast === 0) throw new Error(`no navigation under 180 ms on this machine (${durations.join(', ')} ms): cannot check the fast case`);
  });

  // The 200 ms clock starts when the navigation is asked for (gatsby-browser.tsx wraps ___navigate),
  // not in Gatsby's route hooks, which fire only once the next page's data and code have loaded.
  it('appears while page data is delayed by 800 ms, and is gone once the route updated', async () => {
    const { page } = await open('/blog/binder');
    let delayed = 0;
    await page.route('**/page-data/docs/about/privacy/page-data.json', async (route) => {
      delayed += 1;
      await new Promise((resolve) => setTimeout(resolve, 800));
      await route.continue();
    });
    const link = page.locator('footer a[href="/docs/about/privacy"]');
    await link.scrollIntoViewIfNeeded();
    await armNavigationTiming(page);
    await link.click();
    await page.waitForFunction(() => location.pathname === '/docs/about/privacy', undefined, { timeout: 5000 });
    await page.getByTestId('doc-page').waitFor();
    const t = await navTiming(page);
    expect(delayed).toBeGreaterThanOrEqual(1);
    expect((t.routed as number) - (t.click as number)).toBeGreaterThanOrEqual(500);
    expect(t.bar).toBeDefined();
    const appearedAfter = (t.bar as number) - (t.click as number);
    expect(appearedAfter).toBeGreaterThanOrEqual(190);
    expect(t.bar as number).toBeLessThan(t.routed as number);
    await page.waitForSelector('#nprogress', { state: 'detached', timeout: 3000 });
  });
});
