/**
 * The build cache that outlives `gatsby clean`: files that cost seconds of CPU each and depend
 * only on their inputs — resized images (gatsby-plugin-sharp jobs) and share cards — kept by the
 * hash of those inputs in `node_modules/.cache/iofomo-site/` (the folder npm tools use for caches;
 * `gatsby clean` leaves it, `rm -rf node_modules` or `npm run clean:all` removes it), or in
 * `SITE_BUILD_CACHE` when set (CI points its cache step at it).
 *
 * Why a second cache beside Gatsby's `.cache`: Gatsby forgets every finished image job when its
 * cache is cleared (a changed config, a path-prefix build after a root build, a fresh CI checkout),
 * and encoding this site's source images as PNG and WebP again costs seconds of CPU each time
 * (figures: docs/decisions/build-cache.md).
 *
 * Entries are folders named by a SHA-256 key, written under a temporary name and renamed into
 * place (a crash never leaves half an entry), with the SHA-256 of each file: an entry whose files
 * no longer match (damaged on disk) is removed and made again, never copied into public/. Each hit
 * touches the folder, and folders nobody touched for PRUNE_AFTER_DAYS are removed after a build.
 *
 * The same folder holds caches of other kinds, kept by their own modules: share cards
 * (gatsby/exports/share-cards.ts), drawn diagrams (gatsby/markdown/draw-diagrams.ts), each page's
 * search sections (gatsby/search/cache.ts, which prunes them itself), and `gatsby develop`'s webpack
 * caches (gatsby/framework/webpack/cache.ts; webpack checks and prunes them itself). Five kinds in all, each
 * there for a measured figure and each detecting a damaged entry itself (docs/gatsby.md lists both):
 * an editor never needs `npm run clean:all` to get out of a bad cache.
 */
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { buildCacheDir, writeAtomic } from './cache-base.cjs';

export const PRUNE_AFTER_DAYS = 30;

/** The cache's folder, and writing a file atomically (in plain CommonJS, which Gatsby's patched query extraction requires too). */
export { buildCacheDir, writeAtomic };

/** SHA-256 of a value's JSON with object keys sorted (so key order never changes a key). */
export function stableKey(value: unknown): string {
  const sorted = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(sorted);
    if (v && typeof v === 'object')
      return Object.fromEntries(
        Object.keys(v)
          .sort()
          .map((k) => [k, sorted((v as Record<string, unknown>)[k])]),
      );
    return v;
  };
  return createHash('sha256')
    .update(JSON.stringify(sorted(value)))
    .digest('hex');
}

/** Small JSON results by key, one file each (`dir/<key>.json`), written atomically. */
export interface JsonCache<T> {
  get(key: string): T | undefined;
  set(key: string, value: T): void;
}

export function jsonCache<T>(dir: string): JsonCache<T> {
  const file = (key: string) => path.join(dir, `${key}.json`);
  return {
    get(key) {
      try {
        return JSON.parse(readFileSync(file(key), 'utf8')) as T;
      } catch {
        return undefined; // missing or unreadable: computed again
      }
    },
    set(key, value) {
      writeAtomic(file(key), JSON.stringify(value));
    },
  };
}

/** Copies `files` (relative paths) from one folder to another, creating folders as needed. */
function copyAll(files: readonly string[], from: string, to: string): void {
  for (const file of files) {
    const target = path.join(to, file);
    mkdirSync(path.dirname(target), { recursive: true });
    copyFileSync(path.join(from, file), target);
  }
}

/** Each entry's list of its files' SHA-256, written last: what restore() checks the files against. */
const SUMS = '.sums.json';
const sums = (dir: string, files: readonly string[]) =>
  Object.fromEntries(
    files.map((file) => [
      file,
      createHash('sha256')
        .update(readFileSync(path.join(dir, file)))
        .digest('hex'),
    ]),
  );

/** Whether an entry holds exactly these files, each with the bytes it was stored with. */
function intact(entry: string, files: readonly string[]): boolean {
  try {
    const stored = JSON.parse(readFileSync(path.join(entry, SUMS), 'utf8')) as Record<string, string>;
    const found = sums(entry, files);
    return Object.keys(stored).length === files.length && files.every((file) => stored[file] === found[file]);
  } catch {
    return false; // missing, unreadable, or stored before entries had sums
  }
}

export interface CacheEntries {
  /**
   * Copies the entry's files into `dir`; false (nothing copied) when the entry is missing, or
   * incomplete or damaged (a file's bytes differ from what was stored): such an entry is removed.
   */
  restore(key: string, files: readonly string[], dir: string): boolean;
  /** Stores `files` of `dir` as the entry; a failure to store is not the build's failure. */
  store(key: string, files: readonly string[], dir: string): void;
  /** Removes entries not used for `days` days; returns how many. */
  prune(days?: number, now?: number): number;
}

/** Content-addressed entries under `dir/<kind>/<key>/`. */
export function cacheEntries(dir: string): CacheEntries {
  const entryDir = (key: string) => path.join(dir, key);
  return {
    restore(key, files, target) {
      const entry = entryDir(key);
      if (!intact(entry, files)) {
        rmSync(entry, { recursive: true, force: true }); // stored again by the run that follows
        return false;
      }
      copyAll(files, entry, target);
      const now = new Date();
      utimesSync(entry, now, now);
      return true;
    },
    store(key, files, source) {
      const entry = entryDir(key);
      const temporary = `${entry}.${process.pid}.${Date.now()}.tmp`;
      try {
        copyAll(files, source, temporary);
        writeFileSync(path.join(temporary, SUMS), JSON.stringify(sums(temporary, files)));
        rmSync(entry, { recursive: true, force: true });
        renameSync(temporary, entry);
      } catch {
        rmSync(temporary, { recursive: true, force: true });
      }
    },
    prune(days = PRUNE_AFTER_DAYS, now = Date.now()) {
      if (!existsSync(dir)) return 0;
      let removed = 0;
      for (const name of readdirSync(dir)) {
        const full = path.join(dir, name);
        const stale = name.endsWith('.tmp') || now - statSync(full).mtimeMs > days * 86_400_000;
        if (stale) {
          rmSync(full, { recursive: true, force: true });
          removed += 1;
        }
      }
      return removed;
    },
  };
}
