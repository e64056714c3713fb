import { existsSync } from 'node:fs';
import path from 'node:path';

/**
 * The site's root: the nearest folder above this module holding package.json. Found rather than
 * counted, because this module runs both from its source (gatsby/content) and bundled into
 * .cache/compiled/gatsby-config.js and gatsby-node.js (by Gatsby's compile step).
 */
function siteRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'package.json'))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`no package.json above ${from}: cannot find the site's content folder`);
  }
}

/** The content folder the build reads. Benchmarks and tests point SITE_CONTENT_DIR at another one; editors never need it. */
export const contentDir = process.env.SITE_CONTENT_DIR ? path.resolve(process.env.SITE_CONTENT_DIR) : path.join(siteRoot(__dirname), 'content');
