'use strict';
/**
 * The build cache's folder and its atomic write (documented in gatsby/cache.ts, which re-exports
 * both). Plain CommonJS because the card painter (gatsby/exports/card-painter.cjs, a plain Node
 * process) uses them too, where no TypeScript is compiled.
 */
const fs = require('node:fs');
const path = require('node:path');

/** `SITE_BUILD_CACHE` (resolved against the site) when set, else node_modules/.cache/iofomo-site. */
function buildCacheDir(env = process.env, root = process.cwd()) {
  return env.SITE_BUILD_CACHE ? path.resolve(root, env.SITE_BUILD_CACHE) : path.join(root, 'node_modules', '.cache', 'iofomo-site');
}

/**
 * Writes a file under a temporary name, then renames it: a reader never sees half a file. `data`
 * may be pieces of text, written one after another (a large file never held as one string).
 */
function writeAtomic(file, data) {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  if (typeof data === 'string' || Buffer.isBuffer(data)) fs.writeFileSync(temporary, data);
  else {
    const fd = fs.openSync(temporary, 'w');
    try {
      for (const piece of data) fs.writeSync(fd, piece);
    } finally {
      fs.closeSync(fd);
    }
  }
  fs.renameSync(temporary, file);
}

module.exports = { buildCacheDir, writeAtomic };
