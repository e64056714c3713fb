/**
 * The search files of a production build, on a worker thread (gatsby/worker-thread.ts), started
 * with the build (gatsby/search/gatsby-node.ts onPreBootstrap) on the core Gatsby's bootstrap
 * leaves idle. It plans the pages, loads the last build's tokens and finds which pages its cache
 * does not hold; those it takes from the page data the build writes, once the build says it has
 * written it (its one message to this thread), so that no page is rendered twice. Rendering an
 * edit's few pages from their source at once instead gained nothing at today's size and slowed a
 * 5,000-file edit, the render competing with Gatsby for the two cores (docs/gatsby.md).
 */
import path from 'node:path';
import { contentDir } from '../content/dir';
import { ContentError } from '../content/model';
import { collectGarbage, heapKeeper } from '../memory';
import { messageFromParent, workerTask } from '../worker-thread';
import { ContentRenderError, writeSiteSearchFiles, type SiteSearchReport } from './build';
import { rendererFingerprint } from '../code-fingerprint';
import { persistentFieldTokens, SEARCH_BUILD_ENTRY, searchCacheDirs } from './cache';
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
  /** Whether it waited for the build's page data (it does when its cache lacks a page). */
  waitedForPageData: boolean;
  /** Its working time: from the thread's start to its answer, less the wait for the page data. */
  workMs: number;
}

export interface SearchWorkerData {
  publicDir: string;
  /** The site's folder (its .cache holds the manifest and the tokens); the build's working directory unless given (tests). */
  root?: string;
}

workerTask(async ({ publicDir, root = path.resolve('.') }: SearchWorkerData): Promise<SearchWorkerResult> => {
  const started = performance.now();
  const missing: string[] = [];
  const dirs = searchCacheDirs(root);
  /** The build's message: every page's page data is in public/. */
  const pageData = messageFromParent();
  let waitedForPageData = false;
  let waitMs = 0;
  const done = () => ({ waitedForPageData, workMs: performance.now() - started - waitMs });
  const keepHeap = heapKeeper();
  const tokens = persistentFieldTokens(path.join(dirs.cacheDir, 'tokens.json'), rendererFingerprint(root, [SEARCH_BUILD_ENTRY]));
  try {
    const report = await writeSiteSearchFiles({
      root,
      contentDir,
      publicDir,
      ...dirs,
      tokens,
      rendered: async (url) => {
        if (!waitedForPageData) {
          waitedForPageData = true;
          const from = performance.now();
          await pageData;
          waitMs = performance.now() - from;
        }
        const rendered = pageDataRendered(publicDir, url);
        if (!rendered) missing.push(url);
        return rendered;
      },
      // Nothing else runs on this thread: no need to hand the event loop back between pages. Each
      // page's HTML, tree and sections are garbage once cut (gatsby/memory.ts): collected as the
      // heap grows, and once more before the index is built, so that the index's own growth does
      // not start from the render's leftovers.
      betweenPages: () => {
        keepHeap();
        return Promise.resolve();
      },
      afterPages: collectGarbage,
    });
    // The wait for the page data happened inside the render loop: not rendering time.
    return { report: { ...report, renderMs: report.renderMs - waitMs }, missing, tokens: tokens.stats(), ...done() };
  } catch (error) {
    if (error instanceof ContentError) return { missing, ...done() };
    if (error instanceof ContentRenderError) return { missing, renderError: error.message, ...done() };
    throw error;
  }
});
