/** Writes rss.xml, atom.xml, sitemap.xml, robots.txt and opensearch.xml into public/ (called from onPostBuild). */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { SitemapStream, streamToPromise } from 'sitemap';
import { absoluteUrl, buildFeeds, FEED_PATHS, robotsTxt, sitemapPaths, type SiteIdentity } from '../../src/lib/discovery';
import { OPENSEARCH_PATH, openSearchXml } from '../../src/lib/opensearch';
import type { PostSummary } from '../../src/lib/routes';

export async function writeDiscoveryFiles(publicDir: string, site: SiteIdentity, input: { posts: PostSummary[]; allPaths: string[]; unlisted: Set<string>; authorName: (id: string) => string; authorsOf: (slug: string) => string[] }): Promise<number> {
  const { rss, atom } = buildFeeds(input.posts, site, input.authorName, input.authorsOf);
  writeFileSync(path.join(publicDir, FEED_PATHS.rss.slice(1)), rss);
  writeFileSync(path.join(publicDir, FEED_PATHS.atom.slice(1)), atom);
  const paths = sitemapPaths(input.allPaths, input.unlisted);
  const stream = new SitemapStream();
  for (const p of paths) stream.write({ url: absoluteUrl(site, p), changefreq: p.startsWith('/docs') ? 'weekly' : 'monthly' });
  stream.end();
  writeFileSync(path.join(publicDir, 'sitemap.xml'), (await streamToPromise(stream)).toString());
  writeFileSync(path.join(publicDir, 'robots.txt'), robotsTxt(site));
  writeFileSync(path.join(publicDir, OPENSEARCH_PATH.slice(1)), openSearchXml(site));
  return paths.length;
}
