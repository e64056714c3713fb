/**
 * Feeds for the topics readers follow, as nginx serves them: every tag's page and every post in a
 * series names its topic's RSS 2.0 and Atom feeds (<link rel="alternate"> and a visible link); each
 * feed is served with its own type and revalidated, parses as RSS 2.0 / Atom with the fields a feed
 * reader needs, has the main feed's item format, and lists exactly the topic's posts. Tags and
 * series are read from the built pages, not named here.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { pageDataFile, pageHtmlFiles } from '../../gatsby/framework/internals';
import { FEED_PATHS } from '../../src/lib/feeds';
import { encodePath } from '../../src/lib/url-path';
import { url, useBrowser } from './support/browser';
import { SITE_DIR } from './support/env';

jest.setTimeout(90_000);

const session = useBrowser();
const parser = new XMLParser({ ignoreAttributes: false, isArray: (name, jpath) => ['rss.channel.item', 'feed.entry', 'feed.link', 'feed.entry.link'].includes(String(jpath)) });

const built = pageHtmlFiles(SITE_DIR).map(({ path: p }) => ({
  path: p,
  data: JSON.parse(readFileSync(pageDataFile(SITE_DIR, p), 'utf8')) as { componentChunkName: string; result: { pageContext: Record<string, unknown> } },
}));
/** First pages of tag lists, and one post of each series. */
const tagPages = built.filter((p) => p.data.componentChunkName.endsWith('templates-tag-list-tsx') && p.data.result.pageContext.page === 1);
const seriesPosts = [
  ...new Map(
    built
      .filter((p) => p.data.componentChunkName.endsWith('templates-post-tsx') && p.data.result.pageContext.series)
      .map((p) => [(p.data.result.pageContext.series as { key: string }).key, { path: p.path, series: p.data.result.pageContext.series as { key: string; parts: Array<{ path: string }> } }]),
  ).values(),
];

interface Feed {
  type: string | null;
  cache: string | null;
  text: string;
}

async function fetchFeed(page: Page, href: string): Promise<Feed> {
  const response = await page.request.get(url(href));
  expect([href, response.status()]).toEqual([href, 200]);
  return { type: response.headers()['content-type'] ?? null, cache: response.headers()['cache-control'] ?? null, text: await response.text() };
}

/** The links of a page to its topic's feeds: <head> and the visible ones. */
async function feedLinks(page: Page): Promise<{ head: Record<string, string>; visible: string[] }> {
  const head = await page.locator('head link[rel="alternate"]').evaluateAll((links) => links.map((l) => [l.getAttribute('type') ?? '', l.getAttribute('href') ?? '']));
  const own = head.filter(([, href]) => href !== FEED_PATHS.rss && href !== FEED_PATHS.atom);
  const visible = await page.locator('[data-testid="feed-links"] a').evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? ''));
  return { head: Object.fromEntries(own), visible };
}

/** RSS 2.0 as a feed reader reads it: channel title, link, description; each item's title, link, guid, date. */
function readRss(text: string): { title: string; link: string; items: Array<Record<string, unknown>> } {
  expect(XMLValidator.validate(text)).toBe(true);
  const { rss } = parser.parse(text);
  expect(rss['@_version']).toBe('2.0');
  const { channel } = rss;
  for (const field of ['title', 'link', 'description']) expect([field, typeof channel[field]]).toEqual([field, 'string']);
  const items = channel.item as Array<Record<string, unknown>>;
  for (const item of items) {
    expect(Number.isNaN(Date.parse(item.pubDate as string))).toBe(false);
    expect(String(item.link)).toMatch(/^https?:\/\//);
    expect(item.title).toBeTruthy();
  }
  return { title: channel.title, link: channel.link, items };
}

/** Atom as a feed reader reads it: feed id, title, updated, self link; each entry's id, title, updated, alternate link. */
function readAtom(text: string): { self: string; entries: Array<Record<string, unknown>> } {
  expect(XMLValidator.validate(text)).toBe(true);
  const { feed } = parser.parse(text);
  expect(feed['@_xmlns']).toBe('http://www.w3.org/2005/Atom');
  for (const field of ['id', 'title', 'updated']) expect(feed[field]).toBeTruthy();
  const links = feed.link as Array<Record<string, string>>;
  const entries = feed.entry as Array<Record<string, unknown>>;
  for (const entry of entries) {
    expect(entry.id).toBeTruthy();
    expect(Number.isNaN(Date.parse(entry.updated as string))).toBe(false);
    expect((entry.link as Array<Record<string, string>>)[0]?.['@_href']).toMatch(/^https?:\/\//);
  }
  return { self: links.find((l) => l['@_rel'] === 'self')?.['@_href'] ?? '', entries };
}

const pathOf = (link: unknown) => decodeURIComponent(new URL(String(link)).pathname);

describe('topic feeds', () => {
  let main: ReturnType<typeof readRss>;
  beforeAll(async () => {
    main = readRss(readFileSync(path.join(SITE_DIR, FEED_PATHS.rss), 'utf8'));
  });

  it('every tag’s page links its feeds, which list exactly its posts in the main feed’s format', async () => {
    expect(tagPages.length).toBeGreaterThan(0);
    const { page } = await session.tab();
    for (const tag of tagPages) {
      await page.goto(url(encodePath(tag.path)));
      const { head, visible } = await feedLinks(page);
      const rssHref = head['application/rss+xml'] as string;
      const atomHref = head['application/atom+xml'] as string;
      expect([tag.path, visible]).toEqual([tag.path, [rssHref, atomHref]]);
      const rssFeed = await fetchFeed(page, rssHref);
      const atomFeed = await fetchFeed(page, atomHref);
      expect([rssFeed.type, atomFeed.type]).toEqual(['application/rss+xml; charset=utf-8', 'application/atom+xml; charset=utf-8']);
      expect([rssFeed.cache, atomFeed.cache]).toEqual(['public, max-age=0, must-revalidate', 'public, max-age=0, must-revalidate']);
      const rss = readRss(rssFeed.text);
      const atom = readAtom(atomFeed.text);
      expect(pathOf(rss.link)).toBe(tag.path);
      expect(pathOf(atom.self)).toBe(decodeURIComponent(atomHref));
      // The tag's posts: the ones its page lists (page 1 of the list: newest first), in the same order.
      const listed = (tag.data.result.pageContext.posts as Array<{ path: string }>).map((p) => p.path);
      expect(rss.items.map((i) => pathOf(i.link)).slice(0, listed.length)).toEqual(listed);
      expect(atom.entries.map((e) => pathOf((e.link as Array<Record<string, string>>)[0]?.['@_href'])).slice(0, listed.length)).toEqual(listed);
      // Same item format as the main feed: the same fields, and the same item where the main feed has it too.
      expect(Object.keys(rss.items[0] ?? {}).sort()).toEqual(Object.keys(main.items[0] ?? {}).sort());
      const sample = main.items.find((i) => i.link === rss.items[0]?.link);
      if (sample) expect(rss.items[0]).toEqual(sample);
    }
  });

  it('every series links its feeds from its posts, which list its parts', async () => {
    expect(seriesPosts.length).toBeGreaterThan(0);
    const { page } = await session.tab();
    for (const post of seriesPosts) {
      await page.goto(url(encodePath(post.path)));
      const { head, visible } = await feedLinks(page);
      expect(await page.locator('[data-testid="series-box"] [data-testid="feed-links"]').count()).toBe(1);
      expect([post.path, visible]).toEqual([post.path, [head['application/rss+xml'], head['application/atom+xml']]]);
      const rss = readRss((await fetchFeed(page, head['application/rss+xml'] as string)).text);
      const atom = readAtom((await fetchFeed(page, head['application/atom+xml'] as string)).text);
      const parts = post.series.parts.map((p) => p.path).sort();
      expect(rss.items.map((i) => pathOf(i.link)).sort()).toEqual(parts);
      expect(atom.entries.length).toBe(parts.length);
    }
  });
});
