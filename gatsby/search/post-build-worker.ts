/**
 * The search files of a production build, on a worker thread (gatsby/worker-thread.ts): started
 * by the post-build step in gatsby/search/gatsby-node.ts, it cuts each page's sections from the
 * page data the build wrote and builds the index while the other post-build steps run.
 */
import path from 'node:path';
import { contentDir } from '../content/dir';
import { ContentError } from '../content/model';
import { workerTask } from '../worker-thread';
import { ContentRenderError, writeSiteSearchFiles, type SiteSearchReport } from './build';
import { persistentFieldTokens, rendererFingerprint, searchCacheDirs } from './cache';
import { pageDataRendered } from './page-data';

export interface SearchWorkerResult {
  /** Undefined when content errors stopped it (createPages reports them all). */
  report?: SiteSearchReport;
  /** Pages whose page data had no rendered body (rendered from source instead). */
  missing: string[];
  /** A content file that does not render, named: the build stops with it. */
  renderError?: string;
  /** Fields whose tokens came from the last build / were tokenized now. */
  tokens?: { reused: number; made: number };
}

workerTask(async ({ publicDir }: { publicDir: string }): Promise<SearchWorkerResult> => {
  const root = path.resolve('.');
  const missing: string[] = [];
  const dirs = searchCacheDirs(root);
  const tokens = persistentFieldTokens(path.join(dirs.cacheDir, 'tokens.json'), rendererFingerprint(root));
  try {
    const report = await writeSiteSearchFiles({
      root,
      contentDir,
      publicDir,
      ...dirs,
      tokens,
      rendered: (url) => {
        const rendered = pageDataRendered(publicDir, url);
        if (!rendered) missing.push(url);
        return rendered;
      },
      // Nothing else runs on this thread: no need to hand the event loop back between pages.
      betweenPages: () => Promise.resolve(),
    });
    if (!report.skipped) tokens.save();
    return { report, missing, tokens: tokens.stats() };
  } catch (error) {
    if (error instanceof ContentError) return { missing };
    if (error instanceof ContentRenderError) return { missing, renderError: error.message };
    throw error;
  }
});
