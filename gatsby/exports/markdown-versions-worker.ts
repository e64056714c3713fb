/**
 * The Markdown versions of a production build, on a worker thread (gatsby/worker-thread.ts): started
 * by writeMarkdownFiles (gatsby/exports/build-exports.ts) with every listed page's source, it renders or takes
 * from the cache each Markdown version, writes it to public/ and hands the texts back for llms-full.txt.
 */
import { heapKeeper } from '../memory';
import { workerTask } from '../worker-thread';
import { markdownVersionCache } from './markdown-version-cache';
import { MarkdownImageError, writeMarkdownVersions, type MarkdownVersionCache, type MarkdownVersionSite, type MarkdownVersionSource } from './markdown-versions';

export interface MarkdownVersionsJob {
  publicDir: string;
  sources: MarkdownVersionSource[];
  site: MarkdownVersionSite;
}

export interface MarkdownVersionsJobResult {
  /** Each Markdown version's text by page path, in the sources' order. */
  markdownVersions: Array<[string, string]>;
  /** Markdown versions rendered now (the others came from the cache). */
  rendered: number;
  /** Markdown version files written (the others were already as they are). */
  written: number;
  /** An image a page names that does not exist: the build stops with this message. */
  imageError?: string;
}

workerTask(async ({ publicDir, sources, site }: MarkdownVersionsJob): Promise<MarkdownVersionsJobResult> => {
  const cache = markdownVersionCache();
  let rendered = 0;
  const entries: MarkdownVersionCache['entries'] = {
    get: (key) => cache.entries.get(key),
    set(key, value) {
      rendered++;
      cache.entries.set(key, value);
    },
  };
  try {
    const { markdownVersions, written } = await writeMarkdownVersions(publicDir, sources, site, { ...cache, entries }, heapKeeper());
    return { markdownVersions: [...markdownVersions], rendered, written };
  } catch (error) {
    if (error instanceof MarkdownImageError) return { markdownVersions: [], rendered, written: 0, imageError: error.message };
    throw error;
  }
});
