'use strict';
/**
 * Where the build cache that outlives `gatsby clean` lives (documented in build/cache.ts). Plain
 * CommonJS because Gatsby's own code reaches it too, through the patch of its query extraction
 * (build/gatsby/query-extraction-cache.cjs), where no TypeScript is compiled.
 */
const path = require('node:path');

/** `SITE_BUILD_CACHE` (resolved against the site) when set, else node_modules/.cache/iofomo-site. */
function buildCacheDir(env = process.env, root = process.cwd()) {
  return env.SITE_BUILD_CACHE ? path.resolve(root, env.SITE_BUILD_CACHE) : path.join(root, 'node_modules', '.cache', 'iofomo-site');
}

module.exports = { buildCacheDir };
