/**
 * The build cache that outlives `gatsby clean`: files that cost seconds of CPU each and depend
 * only on their inputs — resized images (gatsby-plugin-sharp jobs) and share cards — kept by the
 * hash of those inputs in `node_modules/.cache/iofomo-site/` (the folder npm tools use for caches;
 * `gatsby clean` leaves it, `rm -rf node_modules` or `npm run clean:all` removes it), or in
 * `SITE_BUILD_CACHE` when set (CI points its cache step at it).
 *
 * Why a second cache beside Gatsby's `.cache`: Gatsby forgets every finished image job when its
 * cache is cleared (a changed config, a path-prefix build after a root build, a fresh CI checkout),
 * and the 16 source images of this site cost 13 CPU seconds of PNG and WebP encoding each time.
 *
 * Entries are folders named by a SHA-256 key, written under a temporary name and renamed into
 * place (a crash never leaves half an entry); each hit touches the folder, and folders nobody
 * touched for PRUNE_AFTER_DAYS are removed after a build.
 *
 * The same folder holds caches of other kinds, kept by their own modules: drawn diagrams
 * (gatsby/markdown/draw-diagrams.ts), each page's search sections (gatsby/search/cache.ts, which prunes
 * them itself), one file of what Gatsby's query extraction found in files without GraphQL
 * (gatsby/framework/query-extraction-cache.cjs, which keeps it small itself), and `gatsby develop`'s
 * webpack caches (gatsby/framework/webpack/cache.ts; webpack checks and prunes them itself).
 */
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, utimesSync } from 'node:fs';
import path from 'node:path';
import { buildCacheDir, writeAtomic } from './cache-base.cjs';

export const PRUNE_AFTER_DAYS = 30;

/** The cache's folder, and writing a file atomically (in plain CommonJS, which Gatsby's patched query extraction requires too). */
export { buildCacheDir, writeAtomic };

/** SHA-256 of a value's JSON with object keys sorted (so key order never changes a key). */
export function stableKey(value: unknown): string {
  const sorted = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(sorted);
    if (v && typeof v === 'object') return Object.fromEntries(Object.keys(v).sort().map((k) => [k, sorted((v as Record<string, unknown>)[k])]));
    return v;
  };
  return createHash('sha256').update(JSON.stringify(sorted(value))).digest('hex');
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

export interface CacheEntries {
  /** Copies the entry's files into `dir`; false (nothing copied) when the entry is missing or incomplete. */
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
      if (!files.every((f) => existsSync(path.join(entry, f)))) return false;
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
