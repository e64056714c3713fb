import { isUnderBase, normalizeBaseUrl } from '../../src/lib/base-url';
import { baseUrlBannerScript } from '../../src/lib/base-url-banner';
import { breadcrumbJsonLd, docBreadcrumbs } from '../../src/lib/breadcrumbs';
import { preferredVersion } from '../../src/lib/docs-version';
import { headScript } from '../../src/lib/head-script';
import { historyEntryId, PROGRESS_OPTIONS, progressOptions, rendersCurrentEntry, returnPosition, scrollAfterNavigation, stripHtmlSuffix } from '../../src/lib/navigation';
import { navbarVisibleAfterScroll } from '../../src/lib/scroll-visibility';
import { h, text } from '../../gatsby/markdown/hast';
import { tocFromHast } from '../../gatsby/markdown/toc';

const loc = (pathname: string, search = '', hash = '') => ({ pathname, search, hash });

describe('navigation', () => {
  it('gives the progress bar markup without an invalid ARIA role, hidden from assistive technology, with the bar nprogress moves', () => {
    // nprogress's own template gives the bar role="bar", not an ARIA role; axe reports it whenever the bar is on screen.
    const template = PROGRESS_OPTIONS.template;
    expect(template).not.toMatch(/\srole=/);
    expect(template).toMatch(/^<div [^>]*aria-hidden="true"/);
    // nprogress finds the element it moves by barSelector inside the template.
    expect(PROGRESS_OPTIONS.barSelector).toMatch(/^\.[\w-]+$/);
    expect(template).toMatch(new RegExp(`class="${PROGRESS_OPTIONS.barSelector.slice(1)}"`));
  });

  it('keeps the defaults without a reduced-motion preference; with one, the bar neither trickles nor animates, and nothing else changes', () => {
    expect(progressOptions(false)).toEqual(PROGRESS_OPTIONS);
    expect(progressOptions(false)).toMatchObject({ trickle: true, speed: expect.any(Number) });
    expect(progressOptions(false).speed).toBeGreaterThan(0);
    const { speed, trickle, ...rest } = progressOptions(true);
    expect({ speed, trickle }).toEqual({ speed: 0, trickle: false });
    const { speed: _speed, trickle: _trickle, ...defaults } = PROGRESS_OPTIONS;
    expect(rest).toEqual(defaults);
  });

  it('restores the saved position only on the entry Back/Forward returned to', () => {
    const at = (pathname: string, search = '', hash = '') => ({ pathname, search, hash });
    expect(historyEntryId({ key: '1795489381435' }, at('/search', '?q=x'))).toBe('1795489381435 /search?q=x');
    expect(historyEntryId(null, at('/blog'))).toBe('initial /blog');
    // An in-page #link's entry has no key of its own: its address keeps it apart from the page's.
    expect(historyEntryId({ searchScrollY: 3 }, at('/blog', '', '#a'))).toBe('initial /blog#a');
    expect(returnPosition([0, 600], 'k1 /a', 'k1 /a')).toEqual([0, 600]);
    expect(returnPosition([0, 600], null, 'k1 /a')).toBeNull();
    expect(returnPosition([0, 600], 'k0 /a', 'k1 /a')).toBeNull();
    // Nothing saved for the entry.
    expect(returnPosition(undefined, 'k1 /a', 'k1 /a')).toBeNull();
  });

  it('tells a late render (the reader pressed Back while the page was on its way) from the entry the browser is on', () => {
    const search = 'http://localhost/search?q=binder';
    const post = 'http://localhost/blog/binder?highlight=binder';
    // The page clicked renders after the browser has gone back: not the current entry.
    expect(rendersCurrentEntry({ href: post, key: '2' }, { href: search, state: { key: '1', searchScrollY: 600 } })).toBe(false);
    // Same address, another entry (Back between two visits of one address).
    expect(rendersCurrentEntry({ href: search, key: '3' }, { href: search, state: { key: '1' } })).toBe(false);
    expect(rendersCurrentEntry({ href: search, key: '1' }, { href: search, state: { key: '1', searchScrollY: 600 } })).toBe(true);
    // The entry the site was opened at, and an in-page #link's: no key of their own on either side.
    expect(rendersCurrentEntry({ href: search, key: 'initial' }, { href: search, state: null })).toBe(true);
    expect(rendersCurrentEntry({ href: `${search}#a` }, { href: `${search}#a`, state: { searchScrollY: 3 } })).toBe(true);
    expect(rendersCurrentEntry({ href: search, key: 'initial' }, { href: search, state: { key: '1' } })).toBe(false);
    // A location without an address is taken as current.
    expect(rendersCurrentEntry({}, { href: search, state: null })).toBe(true);
  });

  it('scrolls to the hash target, else to the top, but not on a query-only change', () => {
    expect(scrollAfterNavigation(loc('/a'), loc('/b'))).toEqual({ kind: 'top' });
    expect(scrollAfterNavigation(loc('/a'), loc('/b', '', '#%E6%A6%82%E8%BF%B0'))).toEqual({ kind: 'element', id: '概述' });
    expect(scrollAfterNavigation(loc('/a', '?q=1'), loc('/a', '?q=2'))).toEqual({ kind: 'keep' });
    expect(scrollAfterNavigation(null, loc('/a'))).toEqual({ kind: 'top' });
  });

  it('strips .html and /index.html', () => {
    expect(stripHtmlSuffix('/blog/binder.html')).toBe('/blog/binder');
    expect(stripHtmlSuffix('/blog/binder/index.html')).toBe('/blog/binder');
    expect(stripHtmlSuffix('/index.html')).toBe('/');
    expect(stripHtmlSuffix('/blog/binder')).toBeNull();
  });

  it('hides the navbar on scroll down and shows it on scroll up', () => {
    expect(navbarVisibleAfterScroll(0, 400, true, 60)).toBe(false);
    expect(navbarVisibleAfterScroll(400, 300, false, 60)).toBe(true);
    expect(navbarVisibleAfterScroll(400, 402, false, 60)).toBe(false);
    expect(navbarVisibleAfterScroll(100, 30, false, 60)).toBe(true);
  });
});

describe('base URL', () => {
  it('normalizes', () => {
    expect(normalizeBaseUrl('/')).toBe('/');
    expect(normalizeBaseUrl('fomosite/')).toBe('/fomosite');
    expect(isUnderBase('/fomosite/blog', '/fomosite/')).toBe(true);
    expect(isUnderBase('/blog', '/fomosite')).toBe(false);
  });
  it('adds the diagnostic banner script only for a prefixed build, and it shows the banner only at an address outside the base', () => {
    expect(baseUrlBannerScript('/', 'iofomo')).toBe('');
    const script = baseUrlBannerScript('/fomosite/', 'iofomo');
    /** Runs the script at `pathname` with the body already there: the banner's text, or null. */
    const bannerAt = (pathname: string): string | null => {
      const inserted: Array<{ id: string; textContent: string; role?: string }> = [];
      const element = () => ({
        id: '',
        textContent: '',
        style: {},
        setAttribute(name: string, value: string) {
          (this as Record<string, unknown>)[name] = value;
        },
      });
      const document = { createElement: element, body: { firstChild: null, insertBefore: (el: { id: string; textContent: string }) => inserted.push(el) }, addEventListener() {} };
      new Function('document', 'location', script)(document, { pathname });
      expect(inserted.length).toBeLessThanOrEqual(1);
      return inserted[0] ? `${inserted[0].id} ${inserted[0].role} ${inserted[0].textContent}` : null;
    };
    expect(bannerAt('/fomosite')).toBeNull();
    expect(bannerAt('/fomosite/blog/binder')).toBeNull();
    for (const outside of ['/', '/blog/binder', '/fomosite-old/blog']) {
      expect(bannerAt(outside)).toMatch(/^base-url-banner alert Your iofomo site did not load properly\..*\/fomosite\//);
    }
  });
});

describe('head script', () => {
  it('applies light by default and dark only when stored, marks the dismissed announcement, and survives blocked storage', () => {
    const html = {
      attrs: {} as Record<string, string>,
      setAttribute(k: string, v: string) {
        this.attrs[k] = v;
      },
    };
    const run = (stored: Record<string, string> | 'throw') => {
      html.attrs = {};
      const storage = {
        getItem: (k: string) => {
          if (stored === 'throw') throw new Error('blocked');
          return stored[k] ?? null;
        },
      };
      new Function('document', 'localStorage', headScript('a1'))({ documentElement: html }, storage);
      return html.attrs;
    };
    expect(run({})['data-theme']).toBe('light');
    expect(run({ theme: 'dark' })['data-theme']).toBe('dark');
    expect(run({ 'announcement-dismissed': 'a1' })['data-announcement-dismissed']).toBe('');
    expect(run({ 'announcement-dismissed': 'old' })['data-announcement-dismissed']).toBeUndefined();
    expect(run('throw')['data-theme']).toBe('light');
  });
});

describe('docs helpers', () => {
  it('builds breadcrumbs home › area › tool › page', () => {
    const crumbs = docBreadcrumbs(
      'mobile/binderceptor/sdk',
      '集成开发',
      () => 'Binderceptor',
      () => true,
    );
    expect(crumbs).toEqual([{ label: '首页', path: '/' }, { label: '移动端', path: '/docs/intro' }, { label: 'Binderceptor', path: '/docs/mobile/binderceptor/Introduce' }, { label: '集成开发' }]);
    expect(
      docBreadcrumbs(
        'intro',
        '概览',
        () => undefined,
        () => true,
      ),
    ).toEqual([{ label: '首页', path: '/' }, { label: '概览' }]);
    const json = JSON.parse(breadcrumbJsonLd(crumbs, 'https://www.iofomo.com', '/docs/mobile/binderceptor/sdk'));
    expect(json['@type']).toBe('BreadcrumbList');
    expect(json.itemListElement[3]).toEqual({ '@type': 'ListItem', position: 4, name: '集成开发', item: 'https://www.iofomo.com/docs/mobile/binderceptor/sdk' });
  });

  it('keeps h2 and h3 only in the table of contents', () => {
    const entries = tocFromHast({ type: 'root', children: [h('h2', { id: '概述' }, [text('概述')]), h('h3', { id: '安装' }, [text('安装')]), h('h4', { id: '细节' }, [text('细节')])] });
    expect(entries).toEqual([
      { id: '概述', title: '概述', depth: 2 },
      { id: '安装', title: '安装', depth: 3 },
    ]);
  });

  it('resolves the preferred docs version', () => {
    const versions = [{ name: 'current', label: 'Next', path: '/docs', mainDocId: 'desktop/wing/Introduce' }];
    expect(preferredVersion('current', versions).label).toBe('Next');
    expect(preferredVersion('1.0', versions).name).toBe('current');
    expect(preferredVersion(null, versions).name).toBe('current');
  });
});
