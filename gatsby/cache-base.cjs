'use strict';
/**
 * The build cache's folder and its atomic write (documented in gatsby/cache.ts, which re-exports
 * both). Plain CommonJS because Gatsby's own code reaches them too, through the patch of its query
 * extraction (gatsby/framework/query-extraction-cache.cjs), where no TypeScript is compiled.
 */
const fs = require('node:fs');
const path = require('node:path');

/** `SITE_BUILD_CACHE` (resolved against the site) when set, else node_modules/.cache/iofomo-site. */
function buildCacheDir(env = process.env, root = process.cwd()) {
  return env.SITE_BUILD_CACHE ? path.resolve(root, env.SITE_BUILD_CACHE) : path.join(root, 'node_modules', '.cache', 'iofomo-site');
}

/** Writes a file under a temporary name, then renames it: a reader never sees half a file. */
function writeAtomic(file, data) {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(temporary, data);
  fs.renameSync(temporary, file);
}

module.exports = { buildCacheDir, writeAtomic };
