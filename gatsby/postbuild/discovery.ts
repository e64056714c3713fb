/**
 * Feeds and discovery files written after every build: RSS 2.0 and Atom for the blog, each tag and
 * each series (the `feed` library), sitemap.xml (the `sitemap` library) and robots.txt. Unlisted pages and
 * drafts never appear; paths with Chinese or spaces are percent-encoded.
 */
import { Feed } from 'feed';
import { SEARCH_PAGE_PATH } from '../../src/lib/search/search-link';
import { encodePath } from '../../src/lib/url-path';
import { FEED_PATHS, seriesFeedPaths, tagFeedPaths, type FeedPaths } from '../../src/lib/feeds';
import { postsWithTag, summarizeTags } from '../../src/lib/tags';
import type { PostSummary } from '../../src/lib/routes';
import type { SiteIdentity } from '../../src/lib/types/site-identity';

export { FEED_PATHS };
export const FEED_ITEMS = 20;

export function absoluteUrl(site: SiteIdentity, path: string): string {
  return `${site.origin}${site.pathPrefix}${encodePath(path === '/' ? '/' : path)}`;
}

/** What a feed is of: its title, the page it stands for and its own two addresses. */
export interface FeedChannel {
  title: string;
  /** The page a reader follows it from (the blog, a tag's page, a series' first part). */
  page: string;
  paths: FeedPaths;
}

/** The whole blog's feed. */
export const blogChannel = (site: SiteIdentity): FeedChannel => ({ title: `${site.title} 博客`, page: '/blog', paths: FEED_PATHS });

/**
 * The posts of `channel`, newest first (at most FEED_ITEMS), as RSS 2.0 and Atom. Every feed has
 * the same item format: a tag's or a series' feed is the main feed's items that belong to it.
 */
export function buildFeeds(posts: PostSummary[], site: SiteIdentity, authorName: (id: string) => string, authorsOf: (slug: string) => string[], channel: FeedChannel = blogChannel(site)): { rss: string; atom: string } {
  const feed = new Feed({
    title: channel.title,
    description: site.description,
    id: absoluteUrl(site, channel.page),
    link: absoluteUrl(site, channel.page),
    language: 'zh-CN',
    copyright: site.copyright,
    updated: posts[0] ? new Date(`${posts[0].date}T00:00:00Z`) : new Date(0),
    feedLinks: { rss: absoluteUrl(site, channel.paths.rss), atom: absoluteUrl(site, channel.paths.atom) },
  });
  for (const post of posts.slice(0, FEED_ITEMS)) {
    const link = absoluteUrl(site, post.path);
    feed.addItem({
      title: post.title,
      id: link,
      link,
      description: post.description,
      date: new Date(`${post.date}T00:00:00Z`),
      category: post.tags.map((name) => ({ name })),
      author: authorsOf(post.slug).map((id) => ({ name: authorName(id) })),
    });
  }
  return { rss: feed.rss2(), atom: feed.atom1() };
}

/** A series as the feeds need it: key, name and its listed parts' paths (from the page plan's series boxes). */
export interface SeriesFeedInput {
  key: string;
  name: string;
  parts: readonly string[];
}

/**
 * Every feed after the main one: one per tag (its listed posts) and one per series (its listed
 * parts), newest first like the main feed. `posts`: the listed posts, newest first.
 */
export function topicChannels(site: SiteIdentity, posts: readonly PostSummary[], series: readonly SeriesFeedInput[]): Array<{ channel: FeedChannel; posts: PostSummary[] }> {
  const out: Array<{ channel: FeedChannel; posts: PostSummary[] }> = [];
  for (const tag of summarizeTags(posts)) {
    out.push({ channel: { title: `${site.title} 博客 · 标签：${tag.label}`, page: tag.path, paths: tagFeedPaths(tag.label) }, posts: postsWithTag(posts, tag.label) });
  }
  for (const s of series) {
    const parts = new Set(s.parts);
    const listed = posts.filter((p) => parts.has(p.path));
    const first = s.parts.find((p) => listed.some((post) => post.path === p));
    if (!first) continue;
    out.push({ channel: { title: `${site.title} 博客 · ${s.name}`, page: first, paths: seriesFeedPaths(s.key) }, posts: listed });
  }
  return out;
}

/** Built pages that are never in the sitemap: the search results page is noindex (its content is the query's). */
export const NOT_IN_SITEMAP: ReadonlySet<string> = new Set([SEARCH_PAGE_PATH]);

/** Every built path except unlisted ones and the search page, for sitemap.xml. */
export function sitemapPaths(planPaths: string[], unlisted: ReadonlySet<string>): string[] {
  return [...new Set(['/', ...planPaths.filter((p) => !unlisted.has(p) && !NOT_IN_SITEMAP.has(p))])];
}

export interface SitemapEntry {
  url: string;
  changefreq: 'weekly' | 'monthly';
  /** yyyy-mm-dd: a doc's last change, a post's last change after its date or else its date (none for lists). */
  lastmod?: string;
}

export interface LastChanges {
  /** Pages' “最后更新于” dates by path (src/lib/last-updated.ts). */
  updated: ReadonlyMap<string, { date: string }>;
  /** Posts' own dates by path. */
  published: ReadonlyMap<string, string>;
}

/** sitemap.xml's entries: the paths of sitemapPaths() with their absolute URL and <lastmod>. */
export function sitemapEntries(site: SiteIdentity, paths: readonly string[], changes: LastChanges): SitemapEntry[] {
  return paths.map((p) => {
    const lastmod = changes.updated.get(p)?.date ?? changes.published.get(p);
    const entry: SitemapEntry = { url: absoluteUrl(site, p), changefreq: p.startsWith('/docs') ? 'weekly' : 'monthly' };
    return lastmod ? { ...entry, lastmod } : entry;
  });
}

export function robotsTxt(site: SiteIdentity): string {
  return ['User-agent: *', 'Allow: /', `Disallow: ${site.pathPrefix}/404`, '', `Sitemap: ${site.origin}${site.pathPrefix}/sitemap.xml`, ''].join('\n');
}
