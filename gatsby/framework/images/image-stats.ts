/**
 * Whether a body image has transparency, worked out once per image content. gatsby-remark-images
 * (with `disableBgImageOnAlpha`, gatsby/markdown/render-node.ts) asks gatsby-plugin-sharp for it
 * every time it renders a page: a full decode of the image in sharp, 230–350 ms for the
 * 1920×1240 PNG of /docs/desktop/wing/Introduce, spent again on each save of that page in
 * `gatsby develop` (the edit waited for it before the tab could show the change), each render for
 * search, and each build. The answer depends only on the image's bytes (and sharp's decoder): it
 * is kept in memory and in the build cache (gatsby/cache.ts), keyed by the File node's content
 * digest, so a restart or `gatsby clean` does not decode the image again.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { buildCacheDir, jsonCache, stableKey, type JsonCache } from '../../cache';
import { REMARK_IMAGES_MODULE, SHARP_PLUGIN_MODULE, SHARP_STATS_EXPORT } from '../internals';

export interface ImageStats {
  isTransparent: boolean;
}
/** What gatsby-remark-images passes: the image's File node and Gatsby's reporter. */
export interface StatsArgs {
  file: { internal: { contentDigest: string } };
  reporter?: unknown;
}
export type StatsFn = (args: StatsArgs) => Promise<ImageStats | null>;

/**
 * `stats` answered from memory, then from `store`, then by `stats` itself (and stored). A null
 * answer (the image could not be read; gatsby-plugin-sharp has reported why) is not stored, so
 * the next render reports it again. `version` is part of the key (sharp's, and this format's).
 */
export function cachedStats(stats: StatsFn, store: JsonCache<ImageStats>, version: string): StatsFn {
  const known = new Map<string, Promise<ImageStats | null>>();
  return (args) => {
    const key = stableKey({ digest: args.file.internal.contentDigest, version });
    let answer = known.get(key);
    if (!answer) {
      const stored = store.get(key);
      answer = stored
        ? Promise.resolve(stored)
        : stats(args).then((result) => {
            if (result) store.set(key, { isTransparent: Boolean(result.isTransparent) });
            return result;
          });
      known.set(key, answer);
      // A failure is forgotten: the next render asks (and gatsby-plugin-sharp reports) again.
      const forget = () => known.delete(key);
      answer.then((result) => result || forget(), forget);
    }
    return answer;
  };
}

const WRAPPED = Symbol.for('iofomo.imageStats');
/** Bump when what is stored changes. */
const IMAGE_STATS_FORMAT = '1';

/**
 * gatsby-remark-images, loaded after gatsby-plugin-sharp's `stats` export has been replaced by the
 * cached one (it copies the export when it loads: SHARP_STATS_EXPORT in ../internals.ts). Throws
 * if something loaded it first, which would leave it with the uncached function.
 */
export function remarkImagesWithCachedStats(requireFromProject: NodeJS.Require = createRequire(path.resolve('package.json')), dir = path.join(buildCacheDir(), 'image-stats')): unknown {
  const sharp = requireFromProject(SHARP_PLUGIN_MODULE) as Record<string | symbol, unknown>;
  if (!sharp[WRAPPED]) {
    const stats = sharp[SHARP_STATS_EXPORT];
    if (typeof stats !== 'function') throw new Error(`${SHARP_PLUGIN_MODULE} 没有导出 ${SHARP_STATS_EXPORT}()：图片透明度缓存需要更新（gatsby/framework/internals.ts）`);
    if (requireFromProject.cache[requireFromProject.resolve(REMARK_IMAGES_MODULE)]) {
      throw new Error(`${REMARK_IMAGES_MODULE} 在透明度缓存装上之前已被载入，它会一直用未缓存的 ${SHARP_STATS_EXPORT}()`);
    }
    const version = `${IMAGE_STATS_FORMAT}/${(requireFromProject('sharp/package.json') as { version: string }).version}`;
    sharp[SHARP_STATS_EXPORT] = cachedStats(stats as StatsFn, jsonCache<ImageStats>(dir), version);
    sharp[WRAPPED] = true;
  }
  return requireFromProject(REMARK_IMAGES_MODULE);
}
