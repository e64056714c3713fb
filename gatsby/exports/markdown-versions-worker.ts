/**
 * The Markdown twins of a production build, on a worker thread (gatsby/worker-thread.ts): started
 * by writeTwinFiles (gatsby/exports/build-exports.ts) with every listed page's source, it renders or takes
 * from the cache each twin, writes it to public/ and hands the texts back for llms-full.txt.
 */
import { heapKeeper } from '../memory';
import { workerTask } from '../worker-thread';
import { twinCache } from './markdown-version-cache';
import { TwinImageError, writeTwins, type TwinCache, type TwinSite, type TwinSource } from './markdown-versions';

export interface TwinJob {
  publicDir: string;
  sources: TwinSource[];
  site: TwinSite;
}

export interface TwinJobResult {
  /** Each twin's text by page path, in the sources' order. */
  twins: Array<[string, string]>;
  /** Twins rendered now (the others came from the cache). */
  rendered: number;
  /** Twin files written (the others were already as they are). */
  written: number;
  /** An image a page names that does not exist: the build stops with this message. */
  imageError?: string;
}

workerTask(async ({ publicDir, sources, site }: TwinJob): Promise<TwinJobResult> => {
  const cache = twinCache();
  let rendered = 0;
  const entries: TwinCache['entries'] = {
    get: (key) => cache.entries.get(key),
    set(key, value) {
      rendered++;
      cache.entries.set(key, value);
    },
  };
  try {
    const { twins, written } = await writeTwins(publicDir, sources, site, { ...cache, entries }, heapKeeper());
    return { twins: [...twins], rendered, written };
  } catch (error) {
    if (error instanceof TwinImageError) return { twins: [], rendered, written: 0, imageError: error.message };
    throw error;
  }
});
