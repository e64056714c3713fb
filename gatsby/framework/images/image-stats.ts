/**
 * Whether a body image has transparency, worked out once per image content. gatsby-remark-images
 * (with `disableBgImageOnAlpha`, gatsby/markdown/render-node.ts) asks gatsby-plugin-sharp for it
 * every time it renders a page: a full decode of the image in sharp, long for a large PNG like
 * the one of /docs/desktop/wing/Introduce (docs/gatsby.md), spent again on each save of that page in
 * `gatsby develop` (the edit waited for it before the tab could show the change), each render for
 * search, and each build. The answer depends only on the image's bytes: it is kept in memory for
 * the process, keyed by the File node's content digest. (It was also kept in the build cache
 * across processes; no figure showed that paying for a cache of its own, so it no longer is.)
 */
import { createRequire } from 'node:module';
import path from 'node:path';
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
 * `stats` answered from memory, else by `stats` itself. A null answer (the image could not be
 * read; gatsby-plugin-sharp has reported why) is forgotten, so the next render reports it again.
 */
export function cachedStats(stats: StatsFn): StatsFn {
  const known = new Map<string, Promise<ImageStats | null>>();
  return (args) => {
    const key = args.file.internal.contentDigest;
    let answer = known.get(key);
    if (!answer) {
      answer = stats(args);
      known.set(key, answer);
      const forget = () => known.delete(key);
      answer.then((result) => result || forget(), forget);
    }
    return answer;
  };
}

const WRAPPED = Symbol.for('iofomo.imageStats');
/**
 * gatsby-remark-images, loaded after gatsby-plugin-sharp's `stats` export has been replaced by the
 * cached one (it copies the export when it loads: SHARP_STATS_EXPORT in ../internals.ts). Throws
 * if something loaded it first, which would leave it with the uncached function.
 */
export function remarkImagesWithCachedStats(requireFromProject: NodeJS.Require = createRequire(path.resolve('package.json'))): unknown {
  const sharp = requireFromProject(SHARP_PLUGIN_MODULE) as Record<string | symbol, unknown>;
  if (!sharp[WRAPPED]) {
    const stats = sharp[SHARP_STATS_EXPORT];
    if (typeof stats !== 'function') throw new Error(`${SHARP_PLUGIN_MODULE} 没有导出 ${SHARP_STATS_EXPORT}()：图片透明度的记忆需要更新（gatsby/framework/internals.ts）`);
    if (requireFromProject.cache[requireFromProject.resolve(REMARK_IMAGES_MODULE)]) {
      throw new Error(`${REMARK_IMAGES_MODULE} 在透明度的记忆装上之前已被载入，它会一直用未缓存的 ${SHARP_STATS_EXPORT}()`);
    }
    sharp[SHARP_STATS_EXPORT] = cachedStats(stats as StatsFn);
    sharp[WRAPPED] = true;
  }
  return requireFromProject(REMARK_IMAGES_MODULE);
}
