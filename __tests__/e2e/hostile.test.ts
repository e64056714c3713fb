/**
 * Hostile conditions (docs/spec.md §4, §8): no JavaScript, storage that throws, page data that
 * fails to load during a client navigation. The page must stay readable and navigable.
 */
import { pageDataPath } from '../../gatsby/framework/internals';
import { useBrowser, PHONE, url } from './support/browser';
import { ready } from './support/ready';

const THROWING_STORAGE = () => {
  const fail = () => {
    throw new DOMException('blocked', 'SecurityError');
  };
  Object.defineProperty(window, 'localStorage', { get: fail, configurable: true });
};

describe('hostile conditions', () => {
  const session = useBrowser();

  describe('without JavaScript', () => {
    it('shows content, navbar links, footer and working pagination', async () => {
      const { page } = await session.load('/blog', { javaScriptEnabled: false });
      await expect(page.locator('h1').textContent()).resolves.toBe('博客');
      await expect(page.getByTestId('post-card').count()).resolves.toBe(9);
      // Popover links are in the HTML and open on hover (CSS fallback).
      const wingLink = page.locator('header a[href="/docs/desktop/wing/Introduce"]');
      await expect(wingLink.count()).resolves.toBe(1);
      await page.locator('header [data-popover="桌面端"]').hover();
      await expect(wingLink.isVisible()).resolves.toBe(true);
      await expect(page.getByTestId('footer').locator('a[href="/docs/about/privacy"]').count()).resolves.toBe(1);
      await page.getByTestId('pagination').getByRole('link', { name: '下一页' }).click();
      await page.waitForURL(url('/blog/page/2'));
      await expect(page.getByTestId('post-card').count()).resolves.toBe(9);
    });

    it('renders docs with sidebar and code, and offers links instead of the menu on a phone', async () => {
      const { page } = await session.load('/docs/mobile/binderceptor/sdk', { javaScriptEnabled: false, viewport: PHONE });
      await expect(page.locator('h1').textContent()).resolves.toBe('集成开发');
      await expect(page.locator('.markdown pre').count()).resolves.toBeGreaterThan(3);
      const fallback = page.locator('header .noscript-links a');
      await expect(fallback.allTextContents()).resolves.toEqual(['文档', '博客']);
      await fallback.first().click();
      await page.waitForURL(url('/docs/intro'));
    });
  });

  describe('with localStorage throwing on every access', () => {
    it('keeps theme, announcement and docs version working for the open page', async () => {
      const { errors } = await session.open('/docs/desktop/wing/Introduce');
      const { page: p, errors: pageErrors } = await session.open('/docs/desktop/wing/Introduce', {}, THROWING_STORAGE);
      await expect(p.locator('html').getAttribute('data-theme')).resolves.toBe('light');
      await p.getByTestId('color-mode-toggle').click();
      await expect(p.locator('html').getAttribute('data-theme')).resolves.toBe('dark');
      await p.getByTestId('announcement-bar').getByRole('button', { name: '关闭公告' }).click();
      await expect(p.getByTestId('announcement-bar').count()).resolves.toBe(0);
      await p.getByTestId('docs-version').locator('select').selectOption('current');
      await expect(p.getByTestId('docs-version').locator('select').inputValue()).resolves.toBe('current');
      expect(pageErrors).toEqual([]);
      expect(errors).toEqual([]);
    });
  });

  describe('failed loads during client navigation', () => {
    it.each([
      ['page data', `**/${pageDataPath('/blog/oneway')}`],
      ['a JavaScript chunk', '**/component---src-templates-tag-list-tsx-*.js'],
    ])('%s that cannot be loaded makes a full reload of the target, never a blank page', async (_what, pattern) => {
      const target = pattern.includes('oneway') ? '/blog/oneway' : '/blog/tags/binder';
      const { page } = await session.load('/blog/binder');
      await ready(page);
      // Documents the browser loads from here on; a client-side navigation loads none.
      const documentLoads: string[] = [];
      page.on('request', (request) => {
        if (request.isNavigationRequest() && request.frame() === page.mainFrame()) documentLoads.push(new URL(request.url()).pathname);
      });
      // Every request fails until the browser loads a document (Gatsby's loader retries page data
      // up to three times: one failed request is not a failed load).
      let failed = 0;
      await page.route(pattern, async (route) => {
        if (documentLoads.length === 0) {
          failed += 1;
          await route.abort('failed');
        } else {
          await route.continue();
        }
      });
      await page.evaluate(() => ((window as unknown as { beforeNavigation?: boolean }).beforeNavigation = true));
      await page.evaluate((to) => (window as unknown as { ___navigate: (p: string) => void }).___navigate(to), target);
      await page.waitForURL(url(target));
      await page.waitForLoadState('load');
      expect(failed).toBeGreaterThan(0);
      // One full load of the target itself: a new document, not the old one showing the new URL.
      expect(documentLoads).toEqual([target]);
      await expect(page.evaluate(() => (window as unknown as { beforeNavigation?: boolean }).beforeNavigation)).resolves.toBeUndefined();
      await expect(page.locator('h1').first().textContent()).resolves.toBeTruthy();
      await expect(page.locator('body').innerText()).resolves.not.toBe('');
    });
  });

  describe('code that cannot be downloaded', () => {
    it('the mobile menu: its loading error with Retry instead of a blank page, and Retry opens the menu', async () => {
      const { page } = await session.load('/blog', { viewport: PHONE });
      await ready(page);
      let fail = true;
      await page.route('**/mobile-menu-*.js', (route) => (fail ? route.abort('failed') : route.continue()));
      await page.getByTestId('mobile-menu-button').click();
      const error = page.getByTestId('loading-error');
      await error.waitFor();
      await expect(error.textContent()).resolves.toContain('加载失败，请检查网络后重试。');
      // The page is still there around it.
      await expect(page.locator('h1').textContent()).resolves.toBe('博客');
      await expect(page.getByTestId('navbar').isVisible()).resolves.toBe(true);
      fail = false;
      await error.getByRole('button', { name: 'Retry' }).click();
      await page.getByTestId('mobile-menu').waitFor({ state: 'visible' });
      await expect(error.count()).resolves.toBe(0);
    });
  });
});
