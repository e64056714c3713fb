/**
 * npm run bench:search — what search costs a reader as the site grows, on the real content and on
 * the real content grown to 1,000 and 5,000 pages with synthetic pages whose text varies like real
 * writing (scripts/lib/synthetic.mjs; `-- --sizes 1000,5000`). The quality set's queries
 * (__tests__/search/queries.ts) ask for real pages, so recall@5 and MRR are measured at every
 * size: the real answers must still surface among thousands of pages. Per corpus:
 *   - bytes a fresh visitor downloads for a first query (the engine chunk from public/, both
 *     manifests, the query's pieces; gzip), median and max over the queries;
 *   - bytes of each later query in one session (the pieces not fetched yet), median and max;
 *   - query time in Node over everything loaded (p50/p95);
 *   - with --browser (needs `npm run build`): keystroke to rendered results in Chromium, p50/p95
 *     over the first --queries N queries, cold (a fresh page: the query's pieces fetched) and warm
 *     (the same page, the query typed again), on the production build with its search/ folder
 *     replaced by the corpus's files, served from disk through request interception
 *     (bench/search-browser.mts; not nginx);
 *   - with --pagefind: Pagefind (npm `pagefind`, pinned in package.json) indexed on the same pages
 *     (each rendered body in <main>, scripts/search-files.mts --html), the same queries through its
 *     JS API in Chromium (bench/search-browser.mts): the same figures, one table; and how many of
 *     the control queries (nonsense) each engine answers.
 * Timings are labelled "under load" when the machine is busy; byte counts are not affected.
 *   --sizes 1000,5000  --only synthetic (skip the real content: the smoke test)  --queries N (browser: first N)
 */
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { gzipSync } from 'node:zlib';
import { writeSearchFiles } from '../__tests__/search/site-index';
import { CONTROLS, QUERIES } from '../__tests__/search/queries';
import { evaluate } from '../__tests__/search/evaluate';
import { median, queryDownloads } from '../__tests__/search/downloads';
import type { SearchStore } from '../src/lib/search/documents';
import { loadSiteSearch, type SearchIndexFile } from '../src/lib/search/build-index';
import { ownTimes, pagefindFigures, pagefindIndex } from './search-browser.mjs';

const { generateContent } = (await import(['../scripts/lib/synthetic', 'mjs'].join('.'))) as { generateContent: (dir: string, count: number, options: { authorsFile?: string }) => { posts: number; docs: number } };

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
const ms = (n: number) => `${n.toFixed(1)} ms`;
const arg = (name: string, fallback: string) => (process.argv.includes(name) ? (process.argv[process.argv.indexOf(name) + 1] ?? fallback) : fallback);
const numbers = (list: string) =>
  list
    .split(',')
    .map(Number)
    .filter((n) => n > 0);
const sizes = numbers(arg('--sizes', '1000,5000'));
const root = process.cwd();
const syntheticOnly = arg('--only', '') === 'synthetic';
const withBrowser = process.argv.includes('--browser');
const withPagefind = process.argv.includes('--pagefind');
/** Queries run in a fresh Chromium page each (times; Pagefind's first-query bytes): the first N of the set. */
const timedQueries = Number(arg('--queries', '40'));

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

/** The engine chunk the box loads on first use, gzip (the last build's, named in public/chunk-map.json), or 0. */
function engineChunk(): { file: string; gz: number } | null {
  const map = path.join(root, 'public', 'chunk-map.json');
  if (!existsSync(map)) return null;
  const file = (JSON.parse(readFileSync(map, 'utf8')) as Record<string, string[]>)['search-engine']?.find((f) => f.endsWith('.js'));
  return file ? { file: file.slice(1), gz: gzipSync(readFileSync(path.join(root, 'public', file))).length } : null;
}

export interface Row {
  corpus: string;
  engine: string;
  pages: number;
  first: number[];
  later: number[];
  nodeMs: number[];
  cold?: number[];
  warm?: number[];
  recall?: number;
  mrr?: number;
  /** Control queries (nonsense, __tests__/search/queries.ts) that got any result. */
  controls?: number;
}

/** The real content plus synthetic pages up to `total` pages (the real answers stay findable). */
function grownContent(total: number, realPages: number): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-search-content-'));
  if (syntheticOnly) {
    generateContent(dir, total, { authorsFile: path.join(root, 'content', 'authors.json') });
    return dir;
  }
  cpSync(path.join(root, 'content'), dir, { recursive: true });
  const extra = path.join(dir, 'synthetic');
  generateContent(extra, Math.max(0, total - realPages), {});
  cpSync(path.join(extra, 'blog'), path.join(dir, 'blog'), { recursive: true });
  cpSync(path.join(extra, 'docs'), path.join(dir, 'docs'), { recursive: true });
  rmSync(extra, { recursive: true, force: true });
  return dir;
}

async function measure(corpus: string, contentDir: string | undefined, engineGz: number): Promise<{ row: Row; out: string; html?: string }> {
  const out = mkdtempSync(path.join(tmpdir(), 'bench-search-'));
  const html = withPagefind ? mkdtempSync(path.join(tmpdir(), 'bench-search-html-')) : undefined;
  const written = writeSearchFiles(out, contentDir, html);
  if (written.status !== 0) throw new Error(written.stderr);
  const timing = JSON.parse(readFileSync(path.join(out, 'timing.json'), 'utf8')) as { pages: number; renderMs: number; indexMs: number };
  const queries = QUERIES.map((q) => q.q);
  const downloads = await queryDownloads(out, queries, engineGz);
  const engine = loadSiteSearch(JSON.parse(readFileSync(path.join(out, 'full-index.json'), 'utf8')) as SearchIndexFile, JSON.parse(readFileSync(path.join(out, 'full-store.json'), 'utf8')) as SearchStore);
  for (const q of queries) engine.search(q); // warm up
  const nodeMs = queries.map((q) => {
    const s = performance.now();
    engine.search(q);
    return performance.now() - s;
  });
  const quality = evaluate(QUERIES, (q) => engine.search(q).map((h) => ({ url: h.url, sections: h.sections.map((s) => s.url) })));
  const controls = CONTROLS.filter((q) => engine.search(q).length > 0).length;
  console.log(`\n## ${corpus}: ${timing.pages} pages (render ${(timing.renderMs / 1000).toFixed(1)} s, index ${(timing.indexMs / 1000).toFixed(1)} s)`);
  console.log(`first query ${kb(median(downloads.first))} median, ${kb(Math.max(...downloads.first))} max; later ${kb(median(downloads.later))} median, ${kb(Math.max(...downloads.later))} max`);
  console.log(`query (Node) p50 ${ms(percentile(nodeMs, 50))}  p95 ${ms(percentile(nodeMs, 95))}  (${queries.length} queries)`);
  console.log(`quality recall@5 ${quality.recall5.toFixed(3)}  MRR ${quality.mrr.toFixed(3)}`);
  const row: Row = { corpus, engine: 'iofomo', pages: timing.pages, first: downloads.first, later: downloads.later, nodeMs, recall: quality.recall5, mrr: quality.mrr, controls };
  if (withBrowser) Object.assign(row, await ownTimes(path.join(root, 'public'), out, queries.slice(0, timedQueries)));
  return { row, out, html };
}

const load = loadavg()[0] ?? 0;
const busy = load > cpus().length;
console.log(`bench:search — ${new Date().toISOString()}, ${cpus().length} cores (${cpus()[0]?.model ?? '?'}), 1-minute load ${load.toFixed(1)}${busy ? ' (under load: timings are high)' : ''}`);
const chunk = engineChunk();
console.log(chunk ? `engine chunk ${chunk.file}: ${kb(chunk.gz)} gzip` : 'engine chunk: not found in public/ (run npm run build); first-query bytes below leave it out');
const engineGz = chunk?.gz ?? 0;

const rows: Row[] = [];
const corpora: Array<{ corpus: string; contentDir?: string; out: string; html?: string }> = [];
let realPages = 0;
if (!syntheticOnly) {
  const { row, out, html } = await measure('real content', undefined, engineGz);
  realPages = row.pages;
  rows.push(row);
  corpora.push({ corpus: row.corpus, out, html });
}
for (const n of sizes) {
  const dir = grownContent(n, realPages);
  const { row, out, html } = await measure(syntheticOnly ? 'synthetic corpus' : `real + synthetic`, dir, engineGz);
  rows.push(row);
  corpora.push({ corpus: row.corpus, contentDir: dir, out, html });
}

// Pagefind on the same pages, the same queries, through its JS API in Chromium.
if (withPagefind) {
  const version = (JSON.parse(readFileSync(path.join(root, 'node_modules/pagefind/package.json'), 'utf8')) as { version: string }).version;
  for (const c of corpora) {
    if (!c.html) continue;
    const t0 = performance.now();
    await pagefindIndex(c.html);
    const indexMs = performance.now() - t0;
    const queries = QUERIES.map((q) => q.q);
    const figures = await pagefindFigures(c.html, queries, { fresh: timedQueries });
    const byQuery = new Map(queries.map((q, i) => [q, figures.hits[i] ?? []]));
    const quality = evaluate(QUERIES, (q) => byQuery.get(q) ?? []);
    const row = rows.find((r) => r.corpus === c.corpus) as Row;
    console.log(
      `\n## Pagefind ${version} on ${c.corpus} (${row.pages} pages, index ${(indexMs / 1000).toFixed(1)} s): first query ${kb(median(figures.first))} median, ${kb(Math.max(...figures.first))} max; recall@5 ${quality.recall5.toFixed(3)} MRR ${quality.mrr.toFixed(3)}`,
    );
    const controls = (await pagefindFigures(c.html, CONTROLS, { fresh: 0 })).hits.filter((h) => h.length > 0).length;
    rows.push({
      corpus: c.corpus,
      engine: `Pagefind ${version} (first query: ${figures.first.length} queries)`,
      pages: row.pages,
      first: figures.first,
      later: figures.later,
      nodeMs: [],
      cold: figures.cold,
      warm: figures.warm,
      recall: quality.recall5,
      mrr: quality.mrr,
      controls,
    });
  }
}

for (const c of corpora) {
  rmSync(c.out, { recursive: true, force: true });
  if (c.html) rmSync(c.html, { recursive: true, force: true });
  if (c.contentDir) rmSync(c.contentDir, { recursive: true, force: true });
}

const cell = (values: number[] | undefined, f: (n: number) => string) => (values && values.length ? `${f(percentile(values, 50))} / ${f(percentile(values, 95))}` : '—');
console.log(`\n## Summary (${busy ? 'timings under load' : 'machine idle'}): bytes gzip, first query includes the engine`);
console.log(
  `| corpus | engine | pages | first query median / max | later query median / max | Node p50 / p95 | Chromium cold p50 / p95 | Chromium warm p50 / p95 | recall@5 | MRR | controls answered (of ${CONTROLS.length}) |`,
);
console.log('| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
for (const r of rows) {
  console.log(
    `| ${r.corpus} | ${r.engine} | ${r.pages} | ${kb(median(r.first))} / ${kb(Math.max(...r.first))} | ${r.later.length ? `${kb(median(r.later))} / ${kb(Math.max(...r.later))}` : '—'} | ${cell(r.nodeMs, ms)} | ${cell(r.cold, ms)} | ${cell(r.warm, ms)} | ${r.recall?.toFixed(3) ?? '—'} | ${r.mrr?.toFixed(3) ?? '—'} | ${r.controls ?? '—'} |`,
  );
}
