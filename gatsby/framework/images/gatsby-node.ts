/**
 * Image processing's Gatsby hooks: the build cache in front of gatsby-plugin-sharp's worker,
 * installed before any job runs (image-cache.ts). The post-build step reports what the cache saved.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import type { GatsbyNode, Reporter } from 'gatsby';
import { buildCacheDir, cacheEntries } from '../../cache';
import { SHARP_WORKER_MODULE } from '../internals';
import { installImageCache, type ImageCacheStats } from './image-cache';

/** Hits and misses of the image cache that outlives `gatsby clean`. */
let imageCache: ImageCacheStats | null = null;

export const onPreBootstrap: GatsbyNode['onPreBootstrap'] = ({ reporter }) => {
  imageCache = installImageCache(createRequire(path.resolve('package.json')));
  if (!imageCache) reporter.warn(`${SHARP_WORKER_MODULE} 里没有图片任务的处理函数：图片不经构建缓存处理`);
};

/** The post-build step: what the image cache saved this build, and entries nobody used for a month removed. */
export function reportBuildCache(reporter: Reporter): void {
  const pruned = cacheEntries(path.join(buildCacheDir(), 'images')).prune() + cacheEntries(path.join(buildCacheDir(), 'share-cards')).prune();
  if (imageCache && imageCache.hits + imageCache.misses > 0) {
    reporter.info(`图片构建缓存（${path.relative(process.cwd(), buildCacheDir())}）：${imageCache.hits} 个任务来自缓存，${imageCache.misses} 个新处理${pruned ? `；清理了 ${pruned} 个一个月没用过的条目` : ''}`);
  }
}
