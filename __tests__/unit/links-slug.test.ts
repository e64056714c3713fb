import { checkInternalLink, checkPageLinks, describeVerdict, splitInternalHref, type LinkTarget } from '../../gatsby/content/link-check';
import { headingIds, markdownHeadings, slugifyHeading } from '../../gatsby/markdown/slug';

describe('heading ids', () => {
  it('keeps Chinese, lower-cases Latin, drops punctuation', () => {
    expect(slugifyHeading('概述')).toBe('概述');
    expect(slugifyHeading('Get Start!')).toBe('get-start');
    expect(slugifyHeading('安装：Windows 与 macOS')).toBe('安装windows-与-macos');
    expect(slugifyHeading('wing -space add')).toBe('wing--space-add');
  });

  it('numbers repeated headings and skips code blocks', () => {
    const md = '## 示例\n```bash\n## not a heading\n```\n## 示例\n### `wing sync` 的用法\n';
    expect(markdownHeadings(md).map((h) => h.text)).toEqual(['示例', '示例', 'wing sync 的用法']);
    expect(headingIds(md)).toEqual(['示例', '示例-1', 'wing-sync-的用法']);
  });

  it('keeps code spans as written and reads _ as emphasis only at word edges, as the page does', () => {
    expect(headingIds('## 拆开 `BINDER_WRITE_READ`\n## `file_hash_module.py` 与 __强调__\n## snake_case_name\n')).toEqual(['拆开-binder_write_read', 'file_hash_modulepy-与-强调', 'snake_case_name']);
  });
});

describe('internal links', () => {
  const pages = new Map<string, LinkTarget>([
    ['/docs/desktop/wing/Get start', { anchors: new Set(['安装']) }],
    ['/blog/binder', { anchors: new Set() }],
    ['/', { anchors: new Set() }],
  ]);

  it('splits and decodes paths and anchors', () => {
    expect(splitInternalHref('/docs/desktop/wing/Get%20start/#%E5%AE%89%E8%A3%85')).toEqual({ path: '/docs/desktop/wing/Get start', anchor: '安装' });
    expect(splitInternalHref('/blog/binder.html?x=1')).toEqual({ path: '/blog/binder', anchor: null });
    expect(splitInternalHref('https://example.com')).toBeNull();
    expect(splitInternalHref('//cdn.example.com/x')).toBeNull();
  });

  it('accepts existing pages and anchors', () => {
    expect(checkInternalLink('/docs/desktop/wing/Get%20start#安装', pages)).toEqual({ ok: true });
    expect(checkInternalLink('/blog/binder/', pages)).toEqual({ ok: true });
    expect(checkInternalLink('/rss.xml', pages)).toEqual({ ok: true });
  });

  it('reports missing pages and anchors', () => {
    const page = checkInternalLink('/blog/nope', pages);
    expect(page).toEqual({ ok: false, reason: 'missing-page', path: '/blog/nope' });
    expect(describeVerdict(page)).toContain('/blog/nope');
    const anchor = checkInternalLink('/docs/desktop/wing/Get%20start#卸载', pages);
    expect(anchor).toEqual({ ok: false, reason: 'missing-anchor', path: '/docs/desktop/wing/Get start', anchor: '卸载' });
    expect(describeVerdict(anchor)).toContain('#卸载');
  });
});

describe('the links of a set of pages (checkPageLinks)', () => {
  const site = (links: string[]) =>
    new Map([
      ['/docs/desktop/wing/Get start', { anchors: new Set(['安装']), links: links.map((href) => ({ href, line: 7 })) }],
      ['/blog/binder', { anchors: new Set<string>(), links: [] }],
    ]);

  it('checks pages and anchors, #id within its own page, and skips other sites and files', () => {
    const links = ['#安装', '#卸载', '/blog/binder', '/blog/nope', 'https://example.com/x', '//cdn.example.com/x', './img/a.png', '/static/a/b', '/rss.xml'];
    const problems = checkPageLinks(site(links), { isFile: (p) => p.startsWith('/static/') });
    expect(problems.map((p) => [p.page, p.link.href, p.link.line, p.message])).toEqual([
      ['/docs/desktop/wing/Get start', '#卸载', 7, '目标页面 /docs/desktop/wing/Get start 没有锚点 #卸载'],
      ['/docs/desktop/wing/Get start', '/blog/nope', 7, '目标页面不存在：/blog/nope'],
    ]);
    // Without isFile, a file folder's path is a page that does not exist.
    expect(checkPageLinks(site(['/static/a/b'])).map((p) => p.message)).toEqual(['目标页面不存在：/static/a/b']);
  });

  it('under a path prefix, requires it on every site link and strips it before checking', () => {
    const problems = checkPageLinks(site(['/fomosite/blog/binder', '/fomosite', '/blog/binder', '/fomosite/docs/desktop/wing/Get%20start#卸载', '#安装']), { pathPrefix: '/fomosite' });
    expect(problems.map((p) => [p.link.href, p.message])).toEqual([
      ['/fomosite', '目标页面不存在：/'],
      ['/blog/binder', '链接没有带上站点基础路径 /fomosite'],
      ['/fomosite/docs/desktop/wing/Get%20start#卸载', '目标页面 /docs/desktop/wing/Get start 没有锚点 #卸载'],
    ]);
  });
});
