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
 */
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export const PRUNE_AFTER_DAYS = 30;

export function buildCacheDir(env: NodeJS.ProcessEnv = process.env, root = process.cwd()): string {
  return env.SITE_BUILD_CACHE ? path.resolve(root, env.SITE_BUILD_CACHE) : path.join(root, 'node_modules', '.cache', 'iofomo-site');
}

/** SHA-256 of a value's JSON with object keys sorted (so key order never changes a key). */
export function stableKey(value: unknown): string {
  const sorted = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(sorted);
    if (v && typeof v === 'object') return Object.fromEntries(Object.keys(v).sort().map((k) => [k, sorted((v as Record<string, unknown>)[k])]));
    return v;
  };
  return createHash('sha256').update(JSON.stringify(sorted(value))).digest('hex');
}

/** Writes a file under a temporary name, then renames it: a reader never sees half a file. */
export function writeAtomic(file: string, data: string | Buffer): void {
  mkdirSync(path.dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, data);
  renameSync(temporary, file);
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

/** What gatsby-plugin-sharp's IMAGE_PROCESSING job receives (gatsby-plugin-sharp/gatsby-worker.js). */
export interface ImageJob {
  inputPaths: Array<{ path: string; contentDigest: string }>;
  outputDir: string;
  args: { operations: Array<{ outputPath: string; args: unknown }>; pluginOptions?: unknown; isLazy?: boolean };
}
export type ImageWorker = (job: ImageJob) => Promise<unknown>;

/**
 * The key of an image job: the input files' content digests (Gatsby's hash of the bytes, not
 * their paths), every operation (output name, size, format, quality …), the plugin's options and
 * the versions of the encoders. The output folder (public/static/<digest>) is not part of it.
 */
export function imageJobKey(job: ImageJob, versions: Record<string, string>): string {
  return stableKey({ inputs: job.inputPaths.map((i) => i.contentDigest), operations: job.args.operations, pluginOptions: job.args.pluginOptions ?? null, versions });
}

export interface ImageCacheStats {
  hits: number;
  misses: number;
}

/** Wraps the sharp worker: a job whose outputs are cached is a copy; any other runs and is stored. */
export function cachedImageWorker(run: ImageWorker, entries: CacheEntries, versions: Record<string, string>, stats: ImageCacheStats = { hits: 0, misses: 0 }): ImageWorker {
  return async (job) => {
    if (job.args.isLazy) return run(job);
    const key = imageJobKey(job, versions);
    const outputs = job.args.operations.map((op) => op.outputPath);
    if (entries.restore(key, outputs, job.outputDir)) {
      stats.hits += 1;
      return undefined;
    }
    const result = await run(job);
    stats.misses += 1;
    entries.store(key, outputs, job.outputDir);
    return result;
  };
}

const WRAPPED = Symbol.for('iofomo.imageCache');
/** Bump when the wrapper changes what it stores. */
const IMAGE_CACHE_FORMAT = '1';

/**
 * Puts the cache in front of gatsby-plugin-sharp's worker. Gatsby's job manager imports the
 * plugin's gatsby-worker.js (the same CommonJS module object this require returns, Node caches it
 * by file) and calls `IMAGE_PROCESSING` on it for every job, also those that page queries in
 * worker processes hand back to the main process; so replacing that export here, in the main
 * process before any job runs, routes every job through the cache. Returns the running counts,
 * or null when the plugin's worker does not look as expected (then images are processed as before).
 */
export function installImageCache(requireFromProject: NodeJS.Require, dir = path.join(buildCacheDir(), 'images')): ImageCacheStats | null {
  const worker = requireFromProject('gatsby-plugin-sharp/gatsby-worker.js') as Record<string | symbol, unknown>;
  const existing = worker[WRAPPED] as ImageCacheStats | undefined;
  if (existing) return existing;
  if (typeof worker.IMAGE_PROCESSING !== 'function') return null;
  const version = (name: string) => (requireFromProject(`${name}/package.json`) as { version: string }).version;
  const versions = { format: IMAGE_CACHE_FORMAT, sharp: version('sharp'), plugin: version('gatsby-plugin-sharp') };
  const stats: ImageCacheStats = { hits: 0, misses: 0 };
  worker.IMAGE_PROCESSING = cachedImageWorker(worker.IMAGE_PROCESSING as ImageWorker, cacheEntries(dir), versions, stats);
  worker[WRAPPED] = stats;
  return stats;
}
