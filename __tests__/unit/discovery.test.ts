import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { writeDiscoveryFiles } from '../../gatsby/postbuild/write-discovery';
import { absoluteUrl, buildFeeds, robotsTxt, sitemapEntries, sitemapPaths, topicChannels } from '../../gatsby/postbuild/discovery';
import { openSearchXml } from '../../src/lib/opensearch';
import type { PostSummary } from '../../src/lib/routes';

const site = { origin: 'https://www.iofomo.com', pathPrefix: '', title: 'iofomo', description: '开源工具', copyright: 'Copyright © iofomo' };
const posts: PostSummary[] = [
  { slug: 'binder', path: '/blog/binder', title: '深入 Binder 拦截 & <ioctl>', date: '2023-10-10', tags: ['android', '空壳'], description: '描述', readingMinutes: 3 },
  { slug: 'cos', path: '/blog/cos', title: '存储卡', date: '2023-09-01', tags: ['cos'], description: '描述二', readingMinutes: 5 },
];

describe('feeds', () => {
  const { rss, atom } = buildFeeds(
    posts,
    site,
    () => 'Tiony.bo',
    () => ['tiony.bo'],
  );
  const parser = new XMLParser({ ignoreAttributes: false });

  it('writes well-formed RSS 2.0 with every listed post', () => {
    expect(XMLValidator.validate(rss)).toBe(true);
    const doc = parser.parse(rss);
    expect(doc.rss['@_version']).toBe('2.0');
    const items = doc.rss.channel.item;
    expect(items).toHaveLength(2);
    expect(items[0].title).toBe('深入 Binder 拦截 & <ioctl>');
    expect(items[0].link).toBe('https://www.iofomo.com/blog/binder');
    expect(doc.rss.channel.language).toBe('zh-CN');
  });

  it('writes well-formed Atom with encoded links', () => {
    expect(XMLValidator.validate(atom)).toBe(true);
    const doc = parser.parse(atom);
    expect(doc.feed['@_xmlns']).toBe('http://www.w3.org/2005/Atom');
    expect(doc.feed.entry).toHaveLength(2);
    expect(doc.feed.entry[1].id).toBe('https://www.iofomo.com/blog/cos');
  });
});

describe('sitemap and robots', () => {
  it('encodes Chinese and spaces, honours the prefix', () => {
    expect(absoluteUrl(site, '/blog/tags/空壳')).toBe('https://www.iofomo.com/blog/tags/%E7%A9%BA%E5%A3%B3');
    expect(absoluteUrl({ ...site, pathPrefix: '/fomosite' }, '/docs/desktop/wing/Get start')).toBe('https://www.iofomo.com/fomosite/docs/desktop/wing/Get%20start');
  });

  it('leaves unlisted pages out', () => {
    expect(sitemapPaths(['/blog', '/blog/secret', '/docs/intro'], new Set(['/blog/secret']))).toEqual(['/', '/blog', '/docs/intro']);
  });

  it('points robots.txt at the sitemap', () => {
    expect(robotsTxt({ ...site, pathPrefix: '/fomosite' })).toContain('Sitemap: https://www.iofomo.com/fomosite/sitemap.xml');
  });
});

describe('sitemap <lastmod>', () => {
  const changes = {
    updated: new Map([
      ['/docs/desktop/wing/Get start', { date: '2026-11-23' }],
      ['/blog/binder', { date: '2026-11-20', author: 'Tiony.bo' }],
    ]),
    published: new Map([
      ['/blog/binder', '2023-10-10'],
      ['/blog/cos', '2023-09-01'],
    ]),
  };

  it('gives a doc its last change, a post its last change or else its date, and lists none', () => {
    const entries = sitemapEntries(site, ['/', '/blog', '/blog/binder', '/blog/cos', '/docs/desktop/wing/Get start', '/docs/intro'], changes);
    expect(entries.map((e) => [e.url.replace(site.origin, ''), e.lastmod, e.changefreq])).toEqual([
      ['/', undefined, 'monthly'],
      ['/blog', undefined, 'monthly'],
      ['/blog/binder', '2026-11-20', 'monthly'],
      ['/blog/cos', '2023-09-01', 'monthly'],
      ['/docs/desktop/wing/Get%20start', '2026-11-23', 'weekly'],
      ['/docs/intro', undefined, 'weekly'],
    ]);
  });

  it('writes them into sitemap.xml as calendar dates', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'sitemap-'));
    try {
      await writeDiscoveryFiles(dir, site, {
        posts,
        allPaths: ['/blog/binder', '/blog/cos', '/docs/desktop/wing/Get start', '/docs/intro'],
        unlisted: new Set(),
        changes,
        authorName: () => 'Tiony.bo',
        authorsOf: () => [],
      });
      const xml = readFileSync(path.join(dir, 'sitemap.xml'), 'utf8');
      expect(XMLValidator.validate(xml)).toBe(true);
      const urls = new XMLParser().parse(xml).urlset.url as Array<{ loc: string; lastmod?: string }>;
      expect(Object.fromEntries(urls.map((u) => [u.loc.replace(site.origin, ''), u.lastmod ?? null]))).toEqual({
        '/': null,
        '/blog/binder': '2026-11-20',
        '/blog/cos': '2023-09-01',
        '/docs/desktop/wing/Get%20start': '2026-11-23',
        '/docs/intro': null,
      });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('OpenSearch description', () => {
  const parser = new XMLParser({ ignoreAttributes: false });
  it('is valid OpenSearch 1.1 pointing at the results page under the origin and base URL', () => {
    for (const pathPrefix of ['', '/fomosite']) {
      const xml = openSearchXml({ ...site, pathPrefix });
      expect(XMLValidator.validate(xml)).toBe(true);
      const doc = parser.parse(xml).OpenSearchDescription;
      expect(doc['@_xmlns']).toBe('http://a9.com/-/spec/opensearch/1.1/');
      expect(doc.ShortName).toBe('iofomo');
      expect([...String(doc.ShortName)].length).toBeLessThanOrEqual(16);
      expect(doc.Description).toContain('iofomo');
      expect(doc.InputEncoding).toBe('UTF-8');
      const urls = [doc.Url].flat() as Array<Record<string, string>>;
      expect(urls.find((u) => u['@_type'] === 'text/html')?.['@_template']).toBe(`https://www.iofomo.com${pathPrefix}/search?q={searchTerms}`);
      expect(urls.find((u) => u['@_rel'] === 'self')?.['@_template']).toBe(`https://www.iofomo.com${pathPrefix}/opensearch.xml`);
    }
  });

  it('keeps the search page out of the sitemap', () => {
    expect(sitemapPaths(['/blog', '/search', '/docs/intro'], new Set())).toEqual(['/', '/blog', '/docs/intro']);
  });
});

describe('feeds of a tag and of a series', () => {
  const more: PostSummary[] = [...posts, { slug: 'oneway', path: '/blog/oneway', title: '单向调用', date: '2023-10-27', tags: ['android'], description: '描述三', readingMinutes: 4 }];
  const newestFirst = [...more].sort((a, b) => b.date.localeCompare(a.date));
  const topics = topicChannels(site, newestFirst, [{ key: 'binder', name: 'Binder 系列', parts: ['/blog/binder', '/blog/oneway', '/blog/draft-part'] }]);
  const byPage = new Map(topics.map((t) => [t.channel.page, t]));

  it('gives every tag its posts and addresses beside its page', () => {
    const tags = topics.filter((t) => t.channel.page.startsWith('/blog/tags/'));
    expect(tags.map((t) => t.channel.page).sort()).toEqual(['/blog/tags/android', '/blog/tags/cos', '/blog/tags/空壳']);
    expect(byPage.get('/blog/tags/android')?.posts.map((p) => p.slug)).toEqual(['oneway', 'binder']);
    expect(byPage.get('/blog/tags/空壳')?.channel.paths).toEqual({ rss: '/blog/tags/空壳/rss.xml', atom: '/blog/tags/空壳/atom.xml' });
  });

  it('gives a series its listed parts, linked to its first part', () => {
    const series = topics.find((t) => t.channel.paths.rss === '/blog/series/binder/rss.xml');
    expect(series?.channel.page).toBe('/blog/binder');
    expect(series?.channel.title).toContain('Binder 系列');
    expect(series?.posts.map((p) => p.slug)).toEqual(['oneway', 'binder']);
    expect(topicChannels(site, newestFirst, [{ key: 'gone', name: '空系列', parts: ['/blog/draft-part'] }]).some((t) => t.channel.paths.rss.includes('gone'))).toBe(false);
  });

  it('writes them with the main feed’s item format and their own addresses', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'feeds-'));
    try {
      await writeDiscoveryFiles(dir, site, {
        posts: newestFirst,
        series: [{ key: 'binder', name: 'Binder 系列', parts: ['/blog/binder', '/blog/oneway'] }],
        allPaths: [],
        unlisted: new Set(),
        changes: { updated: new Map(), published: new Map() },
        authorName: () => 'Tiony.bo',
        authorsOf: () => ['tiony.bo'],
      });
      const parser = new XMLParser({ ignoreAttributes: false });
      const rss = readFileSync(path.join(dir, 'blog', 'tags', '空壳', 'rss.xml'), 'utf8');
      expect(XMLValidator.validate(rss)).toBe(true);
      const channel = parser.parse(rss).rss.channel;
      const main = parser.parse(readFileSync(path.join(dir, 'rss.xml'), 'utf8')).rss.channel;
      expect(channel.link).toBe('https://www.iofomo.com/blog/tags/%E7%A9%BA%E5%A3%B3');
      expect(channel.item.link).toBe('https://www.iofomo.com/blog/binder');
      expect(Object.keys(channel.item).sort()).toEqual(Object.keys(main.item[0]).sort());
      const atom = parser.parse(readFileSync(path.join(dir, 'blog', 'series', 'binder', 'atom.xml'), 'utf8')).feed;
      expect(atom.entry.map((e: { id: string }) => e.id)).toEqual(['https://www.iofomo.com/blog/oneway', 'https://www.iofomo.com/blog/binder']);
      expect([atom.link].flat().find((l: Record<string, string>) => l['@_rel'] === 'self')?.['@_href']).toBe('https://www.iofomo.com/blog/series/binder/atom.xml');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
