/**
 * Resized images that outlive `gatsby clean`: gatsby-plugin-sharp's jobs go through the build
 * cache (gatsby/cache.ts), keyed by their inputs' content digests, operations, plugin options and
 * encoder versions. A hit is a copy of the stored outputs; a miss runs sharp and stores them.
 */
import path from 'node:path';
import { buildCacheDir, cacheEntries, stableKey, type CacheEntries } from '../../cache';
import { IMAGE_JOB_NAME, SHARP_WORKER_MODULE } from '../internals';

/** What gatsby-plugin-sharp's IMAGE_PROCESSING job receives (SHARP_WORKER_MODULE). */
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
 * Puts the cache in front of gatsby-plugin-sharp's worker: its IMAGE_PROCESSING export is
 * replaced, in the main process before any job runs, which routes every job through the cache
 * (how Gatsby's job manager reaches it: SHARP_WORKER_MODULE in ../internals.ts). Returns the
 * running counts, or null when the plugin's worker does not look as expected (then images are
 * processed as before).
 */
export function installImageCache(requireFromProject: NodeJS.Require, dir = path.join(buildCacheDir(), 'images')): ImageCacheStats | null {
  const worker = requireFromProject(SHARP_WORKER_MODULE) as Record<string | symbol, unknown>;
  const existing = worker[WRAPPED] as ImageCacheStats | undefined;
  if (existing) return existing;
  const run = worker[IMAGE_JOB_NAME];
  if (typeof run !== 'function') return null;
  const version = (name: string) => (requireFromProject(`${name}/package.json`) as { version: string }).version;
  const versions = { format: IMAGE_CACHE_FORMAT, sharp: version('sharp'), plugin: version('gatsby-plugin-sharp') };
  const stats: ImageCacheStats = { hits: 0, misses: 0 };
  worker[IMAGE_JOB_NAME] = cachedImageWorker(run as ImageWorker, cacheEntries(dir), versions, stats);
  worker[WRAPPED] = stats;
  return stats;
}
