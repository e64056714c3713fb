/**
 * Site search's Gatsby hooks. The index and store files are built from the content folder
 * (rendered the way pages are, cut at their h2/h3 headings) and written to public/search under
 * fixed names (src/lib/search/files.ts), so no page changes when content does. Each page's
 * sections and the last index's tokens are kept in the build cache (`gatsby clean` leaves them, so
 * a start after it renders and tokenizes nothing unchanged) and the files are not rebuilt when
 * nothing they are made from changed (manifest in .cache/search-files; gatsby/search/cache.ts).
 * `gatsby build` builds them on a worker thread started with the build: an edited page or a few
 * are rendered from their source at once, more are taken from the HTML the build's page queries
 * rendered (each page's page-data.json, once it is written), so no page is rendered twice; a
 * post-build step awaits it (writeSearchFiles). `gatsby develop` runs queries only on demand, so
 * it renders them itself, when a tab first asks for the files and again after each content change
 * (gatsby/search/develop.ts). Content errors are left to createPages, which reports them all.
 */
import path from 'node:path';
import type { GatsbyNode, Reporter } from 'gatsby';
import { ContentError } from '../content/model';
import { cachedFieldTokens, type FieldTokensCache } from '../../src/lib/search/build-index';
import { SEARCH_PAGE_PATH } from '../../src/lib/search/search-link';
import { SynonymError } from '../../src/lib/search/synonyms';
import { contentDir } from '../content/dir';
import { addDevelopRoute } from '../framework/develop-server';
import { DEVELOP_PAGE_DATA_SENT, gatsbyCommand, isNodeEventOf, NODE_EVENTS, onceBuildPageDataWritten } from '../framework/internals';
import { loadSynonyms, writeSiteSearchFiles, type RenderedHtml, type SiteSearchReport } from './build';
import type { SearchWorkerData, SearchWorkerResult } from './post-build-worker';
import { startWorkerThread } from '../worker-thread';
import { searchCacheDirs } from './cache';
import { DevelopSearchFiles } from './develop';

/**
 * The editors' synonym file is checked first thing: a mistake in it stops the build within seconds,
 * naming the entry. A build starts its search worker now, and tells it when the page data is written.
 */
export const onPreBootstrap: GatsbyNode['onPreBootstrap'] = ({ reporter, emitter }) => {
  try {
    loadSynonyms(contentDir);
  } catch (error) {
    reporter.panic(error instanceof SynonymError ? error.message : String(error));
  }
  if (gatsbyCommand() !== 'build') return;
  const worker = startSearchWorker(path.resolve('public'), 'bootstrap');
  onceBuildPageDataWritten(emitter, () => {
    worker.pageDataAt = performance.now();
    worker.post(PAGE_DATA_WRITTEN);
  });
};

/**
 * The results page keeps its state in the query string (/search?q=…). Gatsby's browser loader takes
 * a path with a query for a page of its own (normalize-page-path keeps the query) unless a match path
 * maps it back: so each keystroke on the page fetched app-data.json and page-data.json?q=… before
 * the address changed, and with those answers arriving out of order under load, an older query came
 * back into the box (a typed letter lost) and the first query typed could land as a replace of the
 * entry it should have followed (a Back step lost). Its own path as its match path makes Gatsby
 * resolve /search?q=… to the page it already has: nothing is fetched and the navigations stay in order.
 */
export const onCreatePage: GatsbyNode['onCreatePage'] = ({ page, actions }) => {
  if (page.path !== SEARCH_PAGE_PATH || page.matchPath === page.path) return;
  actions.deletePage(page);
  actions.createPage({ ...page, matchPath: page.path });
};

/** gatsby develop: the files are built on first request and follow the content (gatsby/search/develop.ts). */
export const onCreateDevServer: GatsbyNode['onCreateDevServer'] = ({ app, emitter, reporter }) => {
  const tokens = cachedFieldTokens();
  const files = new DevelopSearchFiles(async () => {
    const report = await searchFilesReport(reporter, undefined, tokens);
    return report ? { build: report.build } : null;
  }, reporter);
  addDevelopRoute(app, files.routes());
  for (const event of NODE_EVENTS) emitter.on(event, (action: unknown) => isNodeEventOf(action, 'Mdx') && files.changed());
  emitter.on(DEVELOP_PAGE_DATA_SENT, () => files.pageDataSent());
};

/** The build's search worker, once started: when, what it will answer, and the page data's message. */
interface SearchWorker {
  at: number;
  when: 'bootstrap' | 'post-build';
  outcome: Promise<SearchWorkerResult>;
  post(message: unknown): void;
  /** When the build said its page data was written (undefined: it did not say, see writeSearchFiles). */
  pageDataAt?: number;
}
let searchWorker: SearchWorker | undefined;

/** The one message the worker waits for, when it waits: every page's page data is in public/. */
const PAGE_DATA_WRITTEN = 'page-data-written';

/** Starts the build's search worker (once): with the build (onPreBootstrap), else by the post-build step. */
function startSearchWorker(publicDir: string, when: SearchWorker['when']): SearchWorker {
  if (!searchWorker) {
    const started = startWorkerThread<SearchWorkerResult>('gatsby/search/post-build-worker.ts', { publicDir } satisfies SearchWorkerData);
    searchWorker = { at: performance.now(), when, outcome: started.outcome, post: started.post };
    // Awaited by writeSearchFiles, which reports a failure; not an unhandled rejection meanwhile.
    searchWorker.outcome.catch(() => undefined);
  }
  return searchWorker;
}

/**
 * The post-build step: awaits the search files, built on a worker thread
 * (gatsby/search/post-build-worker.ts) started with the build. The page data is written by now:
 * if Gatsby did not say so when it was (gatsby/framework/internals.ts onceBuildPageDataWritten),
 * the worker hears it here, later. A page it has to take from the page data whose page data holds
 * no rendered body is rendered from its source, and said: every listed page is built, so that
 * means the page data moved or the template's query changed. The returned promise settles when
 * the files are written.
 */
export async function writeSearchFiles(reporter: Reporter, publicDir: string): Promise<void> {
  const worker = startSearchWorker(publicDir, 'post-build');
  worker.post(PAGE_DATA_WRITTEN);
  const waitFrom = performance.now();
  const outcome = await worker.outcome;
  const waited = performance.now() - waitFrom;
  if (outcome.renderError) reporter.panic(outcome.renderError);
  if (outcome.report) {
    const tokens = outcome.tokens && !outcome.report.skipped ? `；字段分词 ${outcome.tokens.made} 个新做、${outcome.tokens.reused} 个沿用上次构建` : '';
    reporter.info(`${reportLine(outcome.report, outcome.workMs)}${tokens}${startedNote(worker, outcome, waited)}`);
  }
  const { missing } = outcome;
  if (missing.length) {
    reporter.warn(
      `搜索：${missing.length} 个页面的页面数据里没有渲染好的正文（${missing.slice(0, 3).join('、')}${missing.length > 3 ? ' 等' : ''}），改为从源文件渲染；页面数据的位置（gatsby/framework/internals.ts）或模板查询的 mdx.rendered 可能变了`,
    );
  }
}

/** The log's note on where the worker's time went: beside the build, or waiting for its page data. */
function startedNote(worker: SearchWorker, outcome: SearchWorkerResult, waitedMs: number): string {
  const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
  const waited = waitedMs < 50 ? '收尾时已经写好' : `收尾等了 ${seconds(waitedMs)}`;
  if (worker.when !== 'bootstrap') return `（收尾时开始，${waited}）`;
  if (!outcome.waitedForPageData) return `（构建开始时在工作线程上开始，缓存里已有每一页，与 Gatsby 的各阶段同时；${waited}）`;
  const pageData = worker.pageDataAt === undefined ? '收尾时才收到页面数据' : `${seconds(worker.pageDataAt - worker.at)} 后页面数据写好，与生成 HTML 同时`;
  return `（构建开始时在工作线程上开始，${pageData}；${waited}）`;
}

/** Writes the two files and logs what it took; undefined when content errors (reported by createPages) stop it. */
async function searchFilesReport(reporter: Reporter, rendered?: (url: string) => RenderedHtml | undefined, tokens?: FieldTokensCache) {
  const started = performance.now();
  const root = path.resolve('.');
  let report;
  try {
    report = await writeSiteSearchFiles({
      root,
      contentDir,
      publicDir: path.join(root, 'public'),
      ...searchCacheDirs(root),
      rendered,
      tokens,
    });
  } catch (error) {
    if (error instanceof ContentError) return undefined;
    throw error;
  }
  reporter.info(reportLine(report, performance.now() - started));
  return report;
}

/** The build log's line about the search files. */
function reportLine(report: SiteSearchReport, totalMs: number): string {
  const sizes = `索引 ${(report.indexBytes / 1024).toFixed(0)} KB、文档 ${(report.storeBytes / 1024).toFixed(0)} KB（未压缩）`;
  const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
  const fresh = report.rendered - report.fromBuild;
  const work = report.skipped
    ? '内容与代码未变，沿用上次的文件'
    : `${report.fromBuild ? `取自页面数据 ${report.fromBuild} 页、` : ''}渲染 ${fresh} 页（${seconds(report.renderMs)}，缓存命中 ${report.cached} 页），建索引 ${seconds(report.buildMs)}，写出分片文件 ${report.piecesWritten} 个（其余与上次构建相同）`;
  return `搜索：${report.pages} 个页面、${report.records} 个段落，${sizes}；${work}；共 ${seconds(totalMs)}`;
}
