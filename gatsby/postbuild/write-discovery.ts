/**
 * Writes the feeds (rss.xml, atom.xml, and a pair per tag and per series), sitemap.xml, robots.txt,
 * and opensearch.xml into public/ (called from onPostBuild).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { SitemapStream, streamToPromise } from 'sitemap';
import { buildFeeds, FEED_PATHS, robotsTxt, sitemapEntries, sitemapPaths, topicChannels, type LastChanges, type SeriesFeedInput } from './discovery';
import type { SiteIdentity } from '../../src/lib/types/site-identity';
import { OPENSEARCH_PATH, openSearchXml } from '../../src/lib/opensearch';
import type { PostSummary } from '../../src/lib/routes';

/** Writes `text` at a site path (unencoded: a tag's Chinese name is the folder's name, as for its page). */
export function writeAt(publicDir: string, sitePath: string, text: string): void {
  const file = path.join(publicDir, ...sitePath.split('/').filter(Boolean));
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, text);
}

export async function writeDiscoveryFiles(
  publicDir: string,
  site: SiteIdentity,
  input: {
    posts: PostSummary[];
    series?: SeriesFeedInput[];
    allPaths: string[];
    unlisted: Set<string>;
    changes: LastChanges;
    authorName: (id: string) => string;
    authorsOf: (slug: string) => string[];
  },
): Promise<{ urls: number; feeds: number }> {
  const { rss, atom } = buildFeeds(input.posts, site, input.authorName, input.authorsOf);
  writeAt(publicDir, FEED_PATHS.rss, rss);
  writeAt(publicDir, FEED_PATHS.atom, atom);
  const topics = topicChannels(site, input.posts, input.series ?? []);
  for (const { channel, posts } of topics) {
    const feeds = buildFeeds(posts, site, input.authorName, input.authorsOf, channel);
    writeAt(publicDir, channel.paths.rss, feeds.rss);
    writeAt(publicDir, channel.paths.atom, feeds.atom);
  }
  const paths = sitemapPaths(input.allPaths, input.unlisted);
  // lastmod as written (a calendar date), not turned into a UTC timestamp.
  const stream = new SitemapStream({ lastmodDateOnly: true });
  for (const entry of sitemapEntries(site, paths, input.changes)) stream.write(entry);
  stream.end();
  writeFileSync(path.join(publicDir, 'sitemap.xml'), (await streamToPromise(stream)).toString());
  writeFileSync(path.join(publicDir, 'robots.txt'), robotsTxt(site));
  writeFileSync(path.join(publicDir, OPENSEARCH_PATH.slice(1)), openSearchXml(site));
  return { urls: paths.length, feeds: 1 + topics.length };
}
