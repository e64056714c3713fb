/** Writes rss.xml, atom.xml, sitemap.xml, robots.txt and opensearch.xml into public/ (called from onPostBuild). */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { SitemapStream, streamToPromise } from 'sitemap';
import { buildFeeds, FEED_PATHS, robotsTxt, sitemapEntries, sitemapPaths, type LastChanges } from './discovery';
import type { SiteIdentity } from '../../src/lib/types/site-identity';
import { OPENSEARCH_PATH, openSearchXml } from '../../src/lib/opensearch';
import type { PostSummary } from '../../src/lib/routes';

export async function writeDiscoveryFiles(
  publicDir: string,
  site: SiteIdentity,
  input: { posts: PostSummary[]; allPaths: string[]; unlisted: Set<string>; changes: LastChanges; authorName: (id: string) => string; authorsOf: (slug: string) => string[] },
): Promise<number> {
  const { rss, atom } = buildFeeds(input.posts, site, input.authorName, input.authorsOf);
  writeFileSync(path.join(publicDir, FEED_PATHS.rss.slice(1)), rss);
  writeFileSync(path.join(publicDir, FEED_PATHS.atom.slice(1)), atom);
  const paths = sitemapPaths(input.allPaths, input.unlisted);
  // lastmod as written (a calendar date), not turned into a UTC timestamp.
  const stream = new SitemapStream({ lastmodDateOnly: true });
  for (const entry of sitemapEntries(site, paths, input.changes)) stream.write(entry);
  stream.end();
  writeFileSync(path.join(publicDir, 'sitemap.xml'), (await streamToPromise(stream)).toString());
  writeFileSync(path.join(publicDir, 'robots.txt'), robotsTxt(site));
  writeFileSync(path.join(publicDir, OPENSEARCH_PATH.slice(1)), openSearchXml(site));
  return paths.length;
}
