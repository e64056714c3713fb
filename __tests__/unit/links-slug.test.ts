import { checkInternalLink, describeVerdict, splitInternalHref, type LinkTarget } from '../../src/lib/links';
import { headingIds, markdownHeadings, slugifyHeading } from '../../src/lib/slug';

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
