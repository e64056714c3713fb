/** The pages a build lists in its sitemap.xml, as site paths (encoded, as a browser asks for them). */
import { readFileSync } from 'node:fs';
import path from 'node:path';

export function sitemapPaths(siteDir: string): string[] {
  const sitemap = readFileSync(path.join(siteDir, 'sitemap.xml'), 'utf8');
  return [...sitemap.matchAll(/<loc>https?:\/\/[^/<]+([^<]*)<\/loc>/g)].map((m) => (m[1] as string).replace(/^\/fomosite(?=\/)/, '') || '/');
}
