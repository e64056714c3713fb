/**
 * bench:search in Chromium (Debian's, as the e2e tests drive it): both engines served from disk
 * through request interception on one origin, each response counted at its gzip size (Pagefind's
 * own files are already compressed: counted as they are).
 *   - ours: the production build in public/ with its search/ folder replaced by a corpus's files;
 *     keystroke (the input event) to the panel showing that query's results, cold (a fresh page:
 *     the query's pieces fetched) and warm (the same page, the query typed again);
 *   - Pagefind: its bundle written next to the corpus's pages (pagefind.createIndex with
 *     rootSelector 'main'), queried through its JS API (search, then data() of the first ten
 *     results): first-query bytes and time to results cold and warm over the first `fresh` queries
 *     (a fresh page each), later-query bytes and the urls for recall@5 and MRR over all of them
 *     (one session).
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { BrowserContext } from 'playwright-core';
import { launch } from '../__tests__/e2e/support/chromium';

const ORIGIN = 'http://bench.test';
const TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.json': 'application/json', '.css': 'text/css', '.txt': 'text/plain; charset=utf-8', '.wasm': 'application/wasm' };

/** Serves `roots` (URL prefix → folder, longest first) on ORIGIN; returns the running byte count. */
async function serve(context: BrowserContext, roots: Array<[string, string]>, extra: Record<string, string> = {}): Promise<{ bytes: () => number }> {
  let bytes = 0;
  const sorted = [...roots].sort((a, b) => b[0].length - a[0].length);
  await context.route(`${ORIGIN}/**`, async (route) => {
    const url = new URL(route.request().url());
    const pathname = decodeURIComponent(url.pathname);
    if (extra[pathname] !== undefined) return route.fulfill({ status: 200, contentType: 'text/html', body: extra[pathname] });
    const [prefix, dir] = sorted.find(([p]) => pathname.startsWith(p)) ?? ['/', ''];
    let file = path.join(dir, pathname.slice(prefix.length));
    if (existsSync(file) && statSync(file).isDirectory()) file = path.join(file, 'index.html');
    if (!dir || !existsSync(file)) return route.fulfill({ status: 404, body: 'not found' });
    const body = readFileSync(file);
    const ext = path.extname(file);
    bytes += ext === '.pf_meta' || ext === '.pf_index' || ext === '.pf_fragment' || ext === '.pagefind' ? body.length : gzipSync(body).length;
    return route.fulfill({ status: 200, contentType: TYPES[ext] ?? 'application/octet-stream', body });
  });
  return { bytes: () => bytes };
}

export interface BrowserFigures {
  cold: number[];
  warm: number[];
}

/** Keystroke → rendered results of the site's own box, on the build in `publicDir` with `searchDir` as its search/ folder. */
export async function ownTimes(publicDir: string, searchDir: string, queries: readonly string[]): Promise<BrowserFigures> {
  const browser = await launch({ asReaders: true });
  const cold: number[] = [];
  const warm: number[] = [];
  try {
    for (const q of queries) {
      const context = await browser.newContext();
      await serve(context, [
        ['/', publicDir],
        ['/search/', searchDir],
      ]);
      const page = await context.newPage();
      await page.goto(`${ORIGIN}/`);
      // Hydrated: the box reacts to focus only then.
      await page.waitForLoadState('networkidle');
      const box = page.getByTestId('search-navbar').locator('input');
      await box.focus();
      await page.waitForFunction(() => document.querySelector('[data-testid="search-navbar"]')?.getAttribute('data-status') === 'ready');
      const time = async (text: string) => {
        await page.evaluate((query) => {
          const w = window as unknown as { benchDone: Promise<number> };
          const input = document.querySelector('[data-testid="search-navbar"] input') as HTMLInputElement;
          const wrapper = input.closest('[data-query]') as HTMLElement;
          w.benchDone = new Promise((resolve) => {
            let start = 0;
            input.addEventListener('input', () => (start = performance.now()), { once: true, capture: true });
            const observer = new MutationObserver(() => {
              if (!start || wrapper.dataset.query !== query || wrapper.getAttribute('aria-busy') === 'true') return;
              observer.disconnect();
              // Rendered: the next frame after React committed the results.
              requestAnimationFrame(() => resolve(performance.now() - start));
            });
            observer.observe(wrapper, { attributes: true, subtree: true, childList: true });
          });
        }, text);
        await box.fill(text);
        return page.evaluate(() => (window as unknown as { benchDone: Promise<number> }).benchDone);
      };
      cold.push(await time(q));
      await box.fill('');
      warm.push(await time(q));
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return { cold, warm };
}

export interface PagefindFigures extends BrowserFigures {
  first: number[];
  later: number[];
  /** Per query: the first ten results' urls (site paths, #id for a sub-result), for the evaluation. */
  hits: Array<Array<{ url: string; sections: string[] }>>;
}

/** Indexes the pages in `htmlDir` with Pagefind (the npm package's Node API) into htmlDir/pagefind. */
export async function pagefindIndex(htmlDir: string): Promise<void> {
  const pagefind = await import('pagefind');
  const { index } = await pagefind.createIndex({ rootSelector: 'main' });
  if (!index) throw new Error('pagefind: no index');
  await index.addDirectory({ path: htmlDir });
  await index.writeFiles({ outputPath: path.join(htmlDir, 'pagefind') });
  await pagefind.close();
}

const SITE_PATH = (url: string) => {
  const [pathname, hash] = url.split('#') as [string, string | undefined];
  const page =
    decodeURIComponent(pathname)
      .replace(/\/index\.html$/, '')
      .replace(/\/$/, '') || '/';
  return hash ? `${page}#${decodeURIComponent(hash)}` : page;
};

/** Pagefind on the pages of `htmlDir`, through its JS API in Chromium. */
export async function pagefindFigures(htmlDir: string, queries: readonly string[], { fresh = queries.length } = {}): Promise<PagefindFigures> {
  const browser = await launch({ asReaders: true });
  const result: PagefindFigures = { first: [], later: [], cold: [], warm: [], hits: [] };
  const shell = { '/bench.html': '<!doctype html><html lang="zh"><head><meta charset="utf-8"><title>bench</title></head><body></body></html>' };
  const run = (page: import('playwright-core').Page, q: string) =>
    page.evaluate(async (query) => {
      const w = window as unknown as { pf?: { search: (q: string) => Promise<{ results: Array<{ data: () => Promise<{ url: string; sub_results?: Array<{ url: string }> }> }> }> } };
      const start = performance.now();
      w.pf ??= (await import('/pagefind/pagefind.js' as string)) as typeof w.pf;
      const found = await w.pf!.search(query);
      const data = await Promise.all(found.results.slice(0, 10).map((r) => r.data()));
      return { ms: performance.now() - start, urls: data.map((d) => ({ url: d.url, sections: (d.sub_results ?? []).map((s) => s.url) })) };
    }, q);
  try {
    // A fresh visitor per query (the first `fresh` queries): first-query bytes, cold and warm times.
    for (const q of queries.slice(0, fresh)) {
      const context = await browser.newContext();
      const served = await serve(context, [['/', htmlDir]], shell);
      const page = await context.newPage();
      await page.goto(`${ORIGIN}/bench.html`);
      const before = served.bytes();
      const { ms } = await run(page, q);
      result.first.push(served.bytes() - before);
      result.cold.push(ms);
      result.warm.push((await run(page, q)).ms);
      await context.close();
    }
    // One session through every query: later-query bytes and the results.
    const context = await browser.newContext();
    const served = await serve(context, [['/', htmlDir]], shell);
    const page = await context.newPage();
    await page.goto(`${ORIGIN}/bench.html`);
    for (const [i, q] of queries.entries()) {
      const before = served.bytes();
      const { urls } = await run(page, q);
      if (i > 0) result.later.push(served.bytes() - before);
      result.hits.push(urls.map((u) => ({ url: SITE_PATH(u.url), sections: u.sections.map(SITE_PATH) })));
    }
    await context.close();
  } finally {
    await browser.close();
  }
  return result;
}
