/**
 * Site chrome in real Chromium against the production build (docs/spec.md §2, §4, §8, §9):
 * popovers, the 996 px breakpoint, the mobile menu, colour mode, announcement bar, hide-on-scroll
 * navbar, copy button, skip link, error boundary, scroll after navigation, no third-party
 * requests, html lang. The spec's delays (popovers' 210 ms, the progress bar's 200 ms) are
 * measured in timing.test.ts, which runs on its own.
 */
import type { Page } from 'playwright-core';
import { PHONE, useBrowser, url } from './support/browser';
import { afterFrame, ready } from './support/ready';
import { BASE_URL } from './support/env';
import { centre, content, hoverOpen, NEUTRAL, trigger } from './support/navbar';
import { timersRun, trackTimers } from './support/probes';
import { POPOVER_DELAY_MS } from '../../src/lib/delay';

jest.setTimeout(30_000);

const session = useBrowser();

/** A hydrated page at `path`, with fresh storage (useBrowser().open). */
const open = session.open;

describe('navbar popovers (spec §2, §9: 672/336 px)', () => {
  it('has the configured widths (672 px for 桌面端/移动端/服务, 336 px for 博客) and the star footer link in each', async () => {
    const { page } = await open('/');
    for (const [label, width] of [
      ['桌面端', 672],
      ['移动端', 672],
      ['服务', 672],
      ['博客', 336],
    ] as const) {
      await page.mouse.move(NEUTRAL.x, NEUTRAL.y);
      await page.waitForSelector(`${content(label)}[data-state="closed"]`, { state: 'attached' });
      await hoverOpen(page, label);
      const panel = page.locator(`${content(label)} [data-popover-width]`);
      const box = await panel.boundingBox();
      expect(box?.width).toBe(width);
      const star = page.locator(`${content(label)} a.panel-footer`);
      await expect(star.isVisible()).resolves.toBe(true);
      await expect(star.getAttribute('href')).resolves.toMatch(/^https:\/\/(github\.com|gitee\.com)\/iofomo/);
      await expect(star.textContent()).resolves.toMatch(/Star|星/);
      // Only the hovered popover is open.
      await expect(page.locator('.menu-content[data-state="open"]').count()).resolves.toBe(1);
    }
    // Two columns in the wide panels, one in the narrow one.
    await hoverOpen(page, '博客');
    const blogColumns = await page.locator(`${content('博客')} ul`).evaluate((el) => getComputedStyle(el).gridTemplateColumns.split(' ').length);
    expect(blogColumns).toBe(1);
    await page.mouse.move(NEUTRAL.x, NEUTRAL.y);
    await page.waitForSelector(`${content('博客')}[data-state="closed"]`, { state: 'attached' });
    await hoverOpen(page, '服务');
    const serviceColumns = await page.locator(`${content('服务')} ul`).evaluate((el) => getComputedStyle(el).gridTemplateColumns.split(' ').length);
    expect(serviceColumns).toBe(2);
  });

  it('works from the keyboard: aria-expanded follows, ArrowDown enters the panel, Escape returns to the trigger, focus leaving closes', async () => {
    const { page } = await open('/');
    const expanded = () => page.locator(trigger('桌面端')).getAttribute('aria-expanded');
    const focused = () => page.evaluate(() => document.activeElement?.className ?? '');
    await page.focus(trigger('桌面端'));
    await page.keyboard.press('Enter');
    await expect(expanded()).resolves.toBe('true');
    await page.keyboard.press('Escape');
    await expect(expanded()).resolves.toBe('false');
    await page.keyboard.press('ArrowDown');
    await page.waitForFunction(() => document.activeElement?.classList.contains('entry') ?? false);
    await expect(page.locator(content('桌面端')).getAttribute('data-state')).resolves.toBe('open');
    await page.keyboard.press('Escape');
    await expect(expanded()).resolves.toBe('false');
    await expect(focused()).resolves.toContain('menu-trigger');
    // Tab through the four tools and the star link, then out of the item: the panel closes.
    await page.keyboard.press('ArrowDown');
    await page.waitForFunction(() => document.activeElement?.classList.contains('entry') ?? false);
    for (let i = 0; i < 5; i += 1) await page.keyboard.press('Tab');
    await expect(page.locator(content('桌面端')).getAttribute('data-state')).resolves.toBe('closed');
  });

  it('closes on route change even while the pointer rests on the panel', async () => {
    const { page } = await open('/docs/desktop/wing/Introduce');
    await hoverOpen(page, '桌面端');
    // Rest the pointer on the open panel, then change route without touching the menu.
    const panel = await centre(page, `${content('桌面端')} [data-popover-width]`);
    await trackTimers(page);
    await page.mouse.move(panel.x, panel.y);
    // A close the move set going (POPOVER_DELAY_MS after a leave) has happened by now.
    await afterFrame(page);
    await timersRun(page, POPOVER_DELAY_MS);
    await expect(page.locator(content('桌面端')).getAttribute('data-state')).resolves.toBe('open');
    await page.evaluate(() => (window as unknown as { ___navigate: (to: string) => void }).___navigate('/docs/intro'));
    await page.waitForURL(url('/docs/intro'));
    await page.waitForSelector(`${content('桌面端')}[data-state="closed"]`, { state: 'hidden' });
  });
});

describe('996 px breakpoint (spec §9)', () => {
  it('shows the menu button and hides the desktop menu at 995 px, and the reverse at 996 px', async () => {
    const { page } = await open('/', { viewport: { width: 995, height: 800 } });
    const menuButton = page.getByTestId('mobile-menu-button');
    const desktopMenu = page.locator('header nav[aria-label="主导航"]');
    await expect(menuButton.isVisible()).resolves.toBe(true);
    await expect(desktopMenu.isVisible()).resolves.toBe(false);
    await expect(page.locator(trigger('桌面端')).isVisible()).resolves.toBe(false);

    await page.setViewportSize({ width: 996, height: 800 });
    await page.waitForFunction(() => window.innerWidth === 996);
    await expect(menuButton.isVisible()).resolves.toBe(false);
    await expect(desktopMenu.isVisible()).resolves.toBe(true);
    await expect(page.locator(trigger('桌面端')).isVisible()).resolves.toBe(true);
    // Hover still opens a popover at exactly 996 px.
    await hoverOpen(page, '服务');
  });
});

describe('mobile menu modal', () => {
  // Tab reaches the search box inside the modal, which disables its <input> while the index loads:
  // focus must not drop to <body> (SearchBox parks it on the field wrapper meanwhile).
  it('opens full screen, keeps Tab and Shift+Tab inside, and closes on Escape', async () => {
    const { page } = await open('/', { viewport: PHONE });
    await page.getByTestId('mobile-menu-button').click();
    const modal = page.getByTestId('mobile-menu');
    await modal.waitFor({ state: 'visible' });
    // Full screen once its 75 ms entry animation has run.
    await page.waitForFunction(
      () =>
        document
          .querySelector('[data-testid="mobile-menu"]')
          ?.getAnimations()
          .every((a) => a.playState === 'finished') ?? false,
    );
    const box = await modal.boundingBox();
    expect(box).not.toBeNull();
    expect(Math.round(box!.x)).toBe(0);
    expect(Math.round(box!.y)).toBe(0);
    expect(Math.round(box!.width)).toBe(PHONE.width);
    expect(Math.round(box!.height)).toBe(PHONE.height);
    await expect(page.getByRole('dialog').count()).resolves.toBe(1);
    // Where focus is after each key press: inside the dialog, or a description of where it escaped to.
    const focusAfter = async (key: string, times: number) => {
      const trail: string[] = [];
      for (let i = 0; i < times; i += 1) {
        await page.keyboard.press(key);
        trail.push(
          await page.evaluate(() => {
            const el = document.activeElement;
            const where = el?.closest('[data-testid="mobile-menu"]') ? 'inside' : 'OUTSIDE';
            const name = el === document.body ? '' : (el?.getAttribute('aria-label') ?? el?.textContent?.trim().slice(0, 12) ?? '');
            return `${where}: <${el?.tagName.toLowerCase()}> ${name}`.trim();
          }),
        );
      }
      return trail;
    };
    await expect(page.evaluate(() => Boolean(document.activeElement?.closest('[data-testid="mobile-menu"]')))).resolves.toBe(true);
    const forward = await focusAfter('Tab', 14);
    expect(forward.filter((f) => !f.startsWith('inside'))).toEqual([]);
    // Tab really cycled through several controls rather than being stuck on one.
    expect(new Set(forward).size).toBeGreaterThanOrEqual(4);
    const backward = await focusAfter('Shift+Tab', 8);
    expect(backward.filter((f) => !f.startsWith('inside'))).toEqual([]);
    await page.keyboard.press('Escape');
    await modal.waitFor({ state: 'detached' });
    // Focus returns to the menu button.
    await expect(page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).resolves.toBe('mobile-menu-button');
  });

  it('closes on navigation through one of its links (doc to doc, same template)', async () => {
    const { page } = await open('/docs/desktop/cabin/Introduce', { viewport: PHONE });
    await page.getByTestId('mobile-menu-button').click();
    const modal = page.getByTestId('mobile-menu');
    await modal.waitFor({ state: 'visible' });
    // Narrow phone: collapsible sections.
    await modal.locator('details summary', { hasText: '桌面端' }).click();
    await modal.locator('details[open] a[href="/docs/desktop/wing/Introduce"]').click();
    await page.waitForURL(url('/docs/desktop/wing/Introduce'));
    await modal.waitFor({ state: 'detached' });
    await expect(page.locator('h1').first().isVisible()).resolves.toBe(true);
  });

  it('uses collapsible sections on a narrow phone and a 2 to 3 column grid on wider phones', async () => {
    const { page } = await open('/', { viewport: PHONE });
    await page.getByTestId('mobile-menu-button').click();
    const modal = page.getByTestId('mobile-menu');
    await modal.waitFor({ state: 'visible' });
    await expect(modal.locator('details summary').first().isVisible()).resolves.toBe(true);
    await expect(modal.locator('.sections-grid').isVisible()).resolves.toBe(false);
    for (const [width, columns] of [
      [600, 2],
      [800, 3],
    ] as const) {
      await page.setViewportSize({ width, height: 800 });
      await page.waitForFunction((w) => window.innerWidth === w, width);
      await expect(modal.locator('.sections-grid').isVisible()).resolves.toBe(true);
      const count = await modal.locator('.sections-grid').evaluate((el) => getComputedStyle(el).gridTemplateColumns.split(' ').length);
      expect(count).toBe(columns);
    }
  });
});

describe('colour mode (spec §4: default light, stored under "theme", no system preference)', () => {
  const DARK_BG = 'rgb(15, 20, 25)';
  const LIGHT_BG = 'rgb(255, 255, 255)';
  const bodyBg = (page: Page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor);

  it('recolours highlighted code with the theme', async () => {
    const { page } = await open('/blog/binder');
    const keyword = () =>
      page
        .locator('.code-pre .token.keyword')
        .first()
        .evaluate((el) => getComputedStyle(el).color);
    await expect(keyword()).resolves.toBe('rgb(207, 34, 46)');
    await page.getByTestId('color-mode-toggle').click();
    await page.waitForFunction(() => document.documentElement.getAttribute('data-theme') === 'dark');
    await expect(keyword()).resolves.toBe('rgb(255, 123, 114)');
  });

  it('is light with a dark system preference, toggles to dark, stores it and reloads dark before any app script', async () => {
    const { page, context } = await open('/', { colorScheme: 'dark' });
    await expect(page.evaluate(() => matchMedia('(prefers-color-scheme: dark)').matches)).resolves.toBe(true);
    await expect(page.locator('html').getAttribute('data-theme')).resolves.toBe('light');
    expect(await bodyBg(page)).toBe(LIGHT_BG);

    await page.getByTestId('color-mode-toggle').click();
    await expect(page.locator('html').getAttribute('data-theme')).resolves.toBe('dark');
    await expect(page.evaluate(() => localStorage.getItem('theme'))).resolves.toBe('dark');
    await page.waitForFunction((dark) => getComputedStyle(document.body).backgroundColor === dark, DARK_BG);

    // Record the theme at the moment the parser creates <body> — after the <head> ran, before any
    // of the app's scripts (they sit at the end of <body>) — and whether Gatsby had started.
    await context.addInitScript(() => {
      const w = window as unknown as { __atBody?: { theme: string | null; gatsbyStarted: boolean } };
      const observer = new MutationObserver(() => {
        if (!document.body || w.__atBody) return;
        w.__atBody = { theme: document.documentElement.getAttribute('data-theme'), gatsbyStarted: '___loader' in window || '___navigate' in window };
        observer.disconnect();
      });
      observer.observe(document, { childList: true, subtree: true });
    });
    await page.reload();
    await ready(page);
    await expect(page.evaluate(() => (window as unknown as { __atBody: unknown }).__atBody)).resolves.toEqual({ theme: 'dark', gatsbyStarted: false });
    await expect(page.locator('html').getAttribute('data-theme')).resolves.toBe('dark');
    expect(await bodyBg(page)).toBe(DARK_BG);
    await expect(page.getByTestId('color-mode-toggle').getAttribute('aria-label')).resolves.toBe('切换到浅色模式');

    // With every script file blocked the page is still dark: the theme never depends on the app.
    await page.route('**/*.js', (route) => route.abort());
    await page.reload();
    await expect(page.locator('html').getAttribute('data-theme')).resolves.toBe('dark');
    expect(await bodyBg(page)).toBe(DARK_BG);
    await page.unroute('**/*.js');

    // And back to light, stored as such.
    await page.reload();
    await ready(page);
    await page.getByTestId('color-mode-toggle').click();
    await expect(page.locator('html').getAttribute('data-theme')).resolves.toBe('light');
    await expect(page.evaluate(() => localStorage.getItem('theme'))).resolves.toBe('light');
  });

  it('keeps working when localStorage throws, and the toggle still switches the open page', async () => {
    const { page, errors } = await open('/', {}, () => {
      Object.defineProperty(window, 'localStorage', {
        configurable: true,
        get() {
          throw new DOMException('storage is blocked', 'SecurityError');
        },
      });
    });
    await expect(
      page.evaluate(() => {
        try {
          void localStorage;
          return 'readable';
        } catch {
          return 'throws';
        }
      }),
    ).resolves.toBe('throws');
    await expect(page.locator('html').getAttribute('data-theme')).resolves.toBe('light');
    await expect(page.locator('h1').first().isVisible()).resolves.toBe(true);
    await expect(page.getByTestId('announcement-bar').isVisible()).resolves.toBe(true);
    await page.getByTestId('color-mode-toggle').click();
    await expect(page.locator('html').getAttribute('data-theme')).resolves.toBe('dark');
    await page.waitForFunction(() => getComputedStyle(document.body).backgroundColor === 'rgb(15, 20, 25)');
    await page.getByTestId('color-mode-toggle').click();
    await expect(page.locator('html').getAttribute('data-theme')).resolves.toBe('light');
    // Client navigation still works too.
    await page.locator('footer a[href="/docs/intro"]').click();
    await page.waitForURL(url('/docs/intro'));
    await page.getByTestId('doc-page').waitFor();
    expect(errors).toEqual([]);
  });
});

describe('announcement bar (spec §2: dismissal remembered, reset when the id changes)', () => {
  it('stores the bar id on dismissal, stays hidden after reload, and shows again for another stored id', async () => {
    const { page } = await open('/');
    const bar = page.getByTestId('announcement-bar');
    await expect(bar.isVisible()).resolves.toBe(true);
    const id = await bar.getAttribute('data-announcement-id');
    expect(id).toBeTruthy();
    await bar.getByRole('button', { name: '关闭公告' }).click();
    await bar.waitFor({ state: 'hidden' });
    await expect(page.evaluate(() => localStorage.getItem('announcement-dismissed'))).resolves.toBe(id);

    await page.reload();
    // Hidden from the first paint (the head script marks <html>), and after hydration.
    await expect(page.locator('html').getAttribute('data-announcement-dismissed')).resolves.toBe('');
    await expect(bar.isVisible()).resolves.toBe(false);
    await ready(page);
    await expect(bar.isVisible()).resolves.toBe(false);

    await page.evaluate(() => localStorage.setItem('announcement-dismissed', 'an-older-announcement'));
    await page.reload();
    await ready(page);
    await expect(bar.isVisible()).resolves.toBe(true);
    await expect(bar.getAttribute('data-announcement-id')).resolves.toBe(id);
  });
});

describe('navbar hides on scroll', () => {
  it('sets data-hidden="true" when scrolling down and "false" again when scrolling up', async () => {
    const { page } = await open('/blog');
    const navbar = page.getByTestId('navbar');
    await expect(navbar.getAttribute('data-hidden')).resolves.toBe('false');
    await page.mouse.move(700, 500);
    await page.mouse.wheel(0, 800);
    await page.waitForFunction(() => document.querySelector('[data-testid="navbar"]')?.getAttribute('data-hidden') === 'true');
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(60);
    // Hidden means moved out of view.
    await page.waitForFunction(() => (document.querySelector('[data-testid="navbar"]') as HTMLElement).getBoundingClientRect().bottom <= 0);
    await page.mouse.wheel(0, -200);
    await page.waitForFunction(() => document.querySelector('[data-testid="navbar"]')?.getAttribute('data-hidden') === 'false');
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(60);
    await page.waitForFunction(() => (document.querySelector('[data-testid="navbar"]') as HTMLElement).getBoundingClientRect().top >= 0);
  });
});

describe('code block copy button (spec §4)', () => {
  it('copies the code and shows 已复制', async () => {
    const { page, context } = await open('/blog/binder');
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: BASE_URL });
    const block = page.locator('.code-block').first();
    const button = block.locator('[data-copy-button]');
    await button.scrollIntoViewIfNeeded();
    await expect(button.textContent()).resolves.toBe('复制');
    await button.click();
    await page.waitForFunction(() => document.querySelector('.code-block [data-copy-button]')?.textContent === '已复制');
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    // The clipboard holds the block's code (compared line by line, ignoring blank-line rendering).
    const lines = (text: string) =>
      text
        .split('\n')
        .map((l) => l.trimEnd())
        .filter((l) => l.trim() !== '');
    const shown = await block.locator('pre').innerText();
    expect(lines(copied)).toEqual(lines(shown));
    expect(lines(copied).length).toBeGreaterThan(3);
  });
});

describe('skip link', () => {
  it('is the first focusable element and moves focus to #main-content', async () => {
    const { page } = await open('/docs/desktop/wing/Introduce');
    await page.keyboard.press('Tab');
    await expect(page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).resolves.toBe('skip-link');
    await expect(page.getByTestId('skip-link').isVisible()).resolves.toBe(true);
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => document.activeElement?.id === 'main-content');
    // The next Tab lands inside the main content, not back in the navbar.
    await page.keyboard.press('Tab');
    await expect(page.evaluate(() => Boolean(document.activeElement?.closest('#main-content')))).resolves.toBe(true);
  });
});

describe('error boundary (spec §4, §8)', () => {
  /** The <title> the server rendered for a path. */
  async function serverTitle(path: string): Promise<string> {
    const html = await (await fetch(url(path))).text();
    return (/<title[^>]*>([^<]*)<\/title>/.exec(html)?.[1] ?? '').replace(/&amp;/g, '&');
  }

  async function expectCrashedThenRecovered(page: Page, path: string): Promise<void> {
    const boundary = page.getByTestId('error-boundary');
    await boundary.waitFor({ state: 'visible', timeout: 3000 });
    await expect(boundary.getByText('This page crashed').isVisible()).resolves.toBe(true);
    await expect(boundary.getByRole('button', { name: 'Try again' }).isVisible()).resolves.toBe(true);
    // Titled 'Page Error', and it stays so (Gatsby's Head update after the route change must not undo
    // it). Checked at the end, so that a wrong title does not hide whether recovery works.
    await page.waitForFunction(() => document.title === 'Page Error', undefined, { timeout: 2000 }).catch(() => undefined);
    // Gatsby's Head has written the new page's own <title> (in an effect after the route change): the update that must not undo it.
    const expectedTitle = await serverTitle(path);
    expect(expectedTitle).toContain('iofomo');
    await page.waitForFunction((t) => [...document.querySelectorAll('head title[data-gatsby-head]')].some((title) => title.textContent === t), expectedTitle);
    await afterFrame(page);
    const titleWhileCrashed = await page.title();
    // The chrome around the content survives the crash.
    await expect(page.getByTestId('navbar').isVisible()).resolves.toBe(true);
    await expect(page.getByTestId('footer').isVisible()).resolves.toBe(true);

    await boundary.getByRole('button', { name: 'Try again' }).click();
    await boundary.waitFor({ state: 'detached' });
    await page.getByTestId('doc-page').waitFor({ state: 'visible' });
    await expect(page.locator('[data-testid="doc-page"] h1').isVisible()).resolves.toBe(true);
    // The recovered page has its own title back.
    await page.waitForFunction((t) => document.title === t, expectedTitle, { timeout: 2000 }).catch(() => undefined);
    const titleAfterRetry = await page.title();
    expect(titleWhileCrashed).toBe('Page Error');
    expect(titleAfterRetry).toBe(expectedTitle);
  }

  // React 18 retries a failed concurrent render once: CrashProbe (src/components/layout/ErrorBoundary.tsx)
  // keeps throwing until the boundary has caught and cleared the flag, so the fallback does show.
  it('with window.__IOFOMO_CRASH_ONCE__ set after hydration, a client navigation shows "This page crashed" / "Try again", title "Page Error", and Try again recovers', async () => {
    const { page } = await open('/');
    await page.evaluate(() => {
      (window as unknown as { __IOFOMO_CRASH_ONCE__: boolean }).__IOFOMO_CRASH_ONCE__ = true;
    });
    await page.locator('footer a[href="/docs/intro"]').click();
    await page.waitForFunction(() => location.pathname === '/docs/intro');
    await expectCrashedThenRecovered(page, '/docs/intro');
  });

  it('the boundary itself: a crash that persists until the fallback shows gives the same fallback, title and recovery', async () => {
    const { page } = await open('/');
    // The flag reads true on every render attempt until the fallback is on screen, so React's
    // automatic retry of a failed render cannot hide the crash; "Try again" then renders normally.
    await page.evaluate(() => {
      let armed = true;
      Object.defineProperty(window, '__IOFOMO_CRASH_ONCE__', {
        configurable: true,
        get: () => armed && !document.querySelector('[data-testid="error-boundary"]'),
        set: () => undefined,
      });
      new MutationObserver((_, observer) => {
        if (document.querySelector('[data-testid="error-boundary"]')) {
          armed = false;
          observer.disconnect();
        }
      }).observe(document.body, { childList: true, subtree: true });
    });
    await page.locator('footer a[href="/docs/intro"]').click();
    await page.waitForFunction(() => location.pathname === '/docs/intro');
    await expectCrashedThenRecovered(page, '/docs/intro');
  });
});

describe('scroll after navigation (spec §4)', () => {
  it('scrolls a hash target into view, and lands at the top on a plain navigation', async () => {
    const { page } = await open('/docs/services/infiling/blog');
    const hashLink = page.locator('.markdown a[href*="/docs/services/infiling/Introduce#"]');
    await expect(hashLink.count()).resolves.toBe(1);
    await hashLink.scrollIntoViewIfNeeded();
    await hashLink.click();
    await page.waitForFunction(() => location.pathname === '/docs/services/infiling/Introduce');
    expect(decodeURIComponent(new URL(page.url()).hash)).toBe('#目录结构');
    await page.waitForFunction(() => {
      const heading = document.getElementById('目录结构');
      if (!heading) return false;
      const top = heading.getBoundingClientRect().top;
      return window.scrollY > 100 && top >= 0 && top < window.innerHeight / 2;
    });

    // A plain navigation from far down the page lands at the top.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await page.waitForFunction(() => window.scrollY > 300);
    const next = page.locator('[data-testid="doc-pager"] a').first();
    const target = await next.evaluate((a) => (a as HTMLAnchorElement).pathname);
    await next.click();
    await page.waitForFunction((p) => document.querySelector<HTMLAnchorElement>('[data-testid="doc-sidebar"] a[aria-current="page"]')?.pathname === p, target);
    await page.waitForFunction(() => window.scrollY === 0);
  });
});

describe('self-contained pages', () => {
  it('requests nothing from any origin but 127.0.0.1 on /, /blog, a post and a doc, all with <html lang="zh-Hans">', async () => {
    const context = await session.newContext();
    const foreign: string[] = [];
    let local = 0;
    context.on('request', (request) => {
      const { protocol, hostname } = new URL(request.url());
      if (protocol === 'data:' || protocol === 'blob:') return;
      if (hostname === '127.0.0.1') local += 1;
      else foreign.push(request.url());
    });
    await Promise.all(
      ['/', '/blog', '/blog/binder', '/docs/desktop/wing/Introduce'].map(async (path) => {
        const page = await context.newPage();
        await page.goto(url(path));
        await ready(page);
        // Bring lazy images and viewport-prefetched links into play.
        await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
        await page.waitForLoadState('networkidle');
        await expect(page.locator('html').getAttribute('lang')).resolves.toBe('zh-Hans');
      }),
    );
    expect(local).toBeGreaterThan(10);
    expect(foreign).toEqual([]);
  });
});

describe('post cover', () => {
  it('is shown once, fetched eagerly with high priority, with the alt text the body gave it', async () => {
    const context = await session.newContext();
    const covers: string[] = [];
    context.on('request', (request) => {
      if (/\/cover\.(png|webp)$/.test(new URL(request.url()).pathname)) covers.push(request.url());
    });
    const page = await context.newPage();
    await page.goto(url('/blog/binder'));
    await ready(page);
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await page.waitForLoadState('networkidle');
    const cover = page.locator('article picture.cover img');
    await expect(cover.getAttribute('fetchpriority')).resolves.toBe('high');
    await expect(cover.getAttribute('loading')).resolves.toBe('eager');
    await expect(cover.getAttribute('alt')).resolves.toContain('Binder 调用从 Java 代理经 libbinder 到 ioctl');
    // The same picture is not repeated in the body, so it is downloaded once.
    await expect(page.locator('article .markdown img[src*="cover"]').count()).resolves.toBe(0);
    expect(covers).toHaveLength(1);
  });
});
