/**
 * npm run bench:search — how the two-file search scales: for the real content (94 pages) and
 * synthetic Chinese corpora (default 1,000 and 5,000 pages; `-- --sizes 1000,5000`), the two files'
 * size (raw and gzip), the time to build them, query latency (p50/p95 over the 243 queries of
 * __tests__/search/queries.ts) and the first-use download (the engine chunk from public/ plus both
 * files, gzip), then where that download crosses the 250 KB first-use budget:
 *   - real content: files built from subsets of it (a quarter, half, three quarters, all), a
 *     least-squares line through them, extended to 250 KB;
 *   - synthetic corpus: measured at more sizes (`--steps`, default 100,250,500) and interpolated
 *     between the two sizes either side of 250 KB.
 * Quality (recall@5, MRR) is measured on the real content. Files are built by scripts/search-files.mts,
 * exactly as the Gatsby build makes them. Timings are labelled "under load" when the machine is busy.
 *   --sizes 1000,5000  --steps 100,250,500  --only synthetic (skip the real content: the smoke test)
 */
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { gzipSync } from 'node:zlib';
import { writeSearchFiles } from '../__tests__/search/site-index';
import { QUERIES } from '../__tests__/search/queries';
import { evaluate } from '../__tests__/search/evaluate';
import type { SearchStore } from '../src/lib/search/documents';
import { loadSiteSearch, type SearchIndexFile, type SiteSearch } from '../src/lib/search/engine';

const BUDGET = 250 * 1024;
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
const arg = (name: string, fallback: string) => (process.argv.includes(name) ? (process.argv[process.argv.indexOf(name) + 1] ?? fallback) : fallback);
const numbers = (list: string) => list.split(',').map(Number).filter((n) => n > 0);
// --docs N (the earlier flag) is one synthetic size.
const sizes = process.argv.includes('--docs') ? numbers(arg('--docs', '5000')) : numbers(arg('--sizes', '1000,5000'));
const steps = numbers(arg('--steps', '100,250,500'));
const root = process.cwd();
// --only synthetic: the synthetic sizes only (the unit suite's smoke test; the real content's files are built by the search tests).
const syntheticOnly = arg('--only', '') === 'synthetic';

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

/** The engine chunk the box and the results page load on first use, gzip (the last build's, named in public/chunk-map.json), or null. */
function engineChunk(): { file: string; gz: number } | null {
  const map = path.join(root, 'public', 'chunk-map.json');
  if (!existsSync(map)) return null;
  const file = (JSON.parse(readFileSync(map, 'utf8')) as Record<string, string[]>)['search-engine']?.find((f) => f.endsWith('.js'));
  return file ? { file: file.slice(1), gz: gzipSync(readFileSync(path.join(root, 'public', file))).length } : null;
}

interface Measured {
  label: string;
  pages: number;
  gzIndex: number;
  gzStore: number;
  p95: number;
  engine: SiteSearch;
}

function measure(label: string, contentDir: string | undefined, { quiet = false } = {}): Measured {
  const out = mkdtempSync(path.join(tmpdir(), 'bench-search-'));
  const t0 = performance.now();
  const written = writeSearchFiles(out, contentDir);
  const wall = performance.now() - t0;
  if (written.status !== 0) throw new Error(written.stderr);
  const indexText = readFileSync(path.join(out, 'index.json'), 'utf8');
  const storeText = readFileSync(path.join(out, 'store.json'), 'utf8');
  const timing = JSON.parse(readFileSync(path.join(out, 'timing.json'), 'utf8')) as { pages: number; renderMs: number; indexMs: number };
  rmSync(out, { recursive: true, force: true });
  const t1 = performance.now();
  const engine = loadSiteSearch(JSON.parse(indexText) as SearchIndexFile, JSON.parse(storeText) as SearchStore);
  const loadMs = performance.now() - t1;
  const queries = QUERIES.map((q) => q.q);
  for (const q of queries) engine.search(q); // warm up
  const times = queries.map((q) => {
    const s = performance.now();
    engine.search(q);
    return performance.now() - s;
  });
  const result = { label, pages: timing.pages, gzIndex: gzipSync(indexText).length, gzStore: gzipSync(storeText).length, p95: percentile(times, 95), engine };
  if (!quiet) {
    console.log(`\n## ${label}: ${timing.pages} pages`);
    console.log(`index   raw ${kb(Buffer.byteLength(indexText))}  gzip ${kb(result.gzIndex)}`);
    console.log(`store   raw ${kb(Buffer.byteLength(storeText))}  gzip ${kb(result.gzStore)}`);
    console.log(`build   render ${timing.renderMs.toFixed(0)} ms + index ${timing.indexMs.toFixed(0)} ms (process ${wall.toFixed(0)} ms); load in the engine ${loadMs.toFixed(1)} ms`);
    console.log(`query   p50 ${percentile(times, 50).toFixed(2)} ms  p95 ${result.p95.toFixed(2)} ms  (${queries.length} queries)`);
  }
  return result;
}

/** A synthetic Chinese corpus built from the real content's sentences (docs and posts, with h2/h3). */
function syntheticContent(n: number): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-search-content-'));
  const real = readFileSync(path.join(root, 'content/blog/2023-10-10-binder/index.mdx'), 'utf8') + readFileSync(path.join(root, 'content/blog/2024-08-06-konkerintro/index.mdx'), 'utf8');
  const sentences = real
    .split(/[。！？\n]/)
    .map((x) => x.trim())
    .filter((x) => /[\u4e00-\u9fff]{8,}/.test(x) && !/[`<>{}|#*[\]]/.test(x) && !x.includes(':'));
  let seed = 42;
  const rand = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  const pick = () => sentences[Math.floor(rand() * sentences.length)];
  for (let i = 0; i < n; i += 1) {
    const body = `${pick()}。\n\n## 第一节\n\n${Array.from({ length: 10 }, pick).join('。')}。\n\n### 细节\n\n${Array.from({ length: 10 }, pick).join('。')}。\n`;
    if (i % 2) {
      const d = `2025-01-${String((i % 28) + 1).padStart(2, '0')}`;
      mkdirSync(path.join(dir, 'blog', `${d}-s${i}`), { recursive: true });
      writeFileSync(path.join(dir, 'blog', `${d}-s${i}`, 'index.mdx'), `---\nslug: s${i}\ntitle: 合成文章 ${i}\ndate: ${d}\ntags: [android]\nauthors: [tiony.bo]\ndescription: 合成文章 ${i}\n---\n\n${body}`);
    } else {
      mkdirSync(path.join(dir, 'docs', 'bench'), { recursive: true });
      writeFileSync(path.join(dir, 'docs', 'bench', `${i}.mdx`), `---\ntitle: 合成文档 ${i}\nsidebar_position: ${i}\n---\n\n${body}`);
    }
  }
  return dir;
}

/** The real content with only `keep` of every four posts and docs (authors and synonyms as they are). */
function realSubset(keep: number): string {
  const from = path.join(root, 'content');
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-search-subset-'));
  for (const name of ['authors.json', 'synonyms.yaml']) if (existsSync(path.join(from, name))) cpSync(path.join(from, name), path.join(dir, name));
  const walk = (rel: string): string[] =>
    readdirSync(path.join(from, rel), { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(path.join(rel, e.name)) : e.name.endsWith('.mdx') ? [path.join(rel, e.name)] : []));
  [...walk('docs'), ...walk('blog')].sort().forEach((file, i) => {
    if (i % 4 >= keep) return;
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    cpSync(path.join(from, file), path.join(dir, file));
  });
  return dir;
}

/** Least-squares line through (pages, bytes), and where it reaches the budget. */
function crossing(points: Array<{ pages: number; bytes: number }>): { perPage: number; at: number } {
  const n = points.length;
  const mx = points.reduce((s, p) => s + p.pages, 0) / n;
  const my = points.reduce((s, p) => s + p.bytes, 0) / n;
  const slope = points.reduce((s, p) => s + (p.pages - mx) * (p.bytes - my), 0) / points.reduce((s, p) => s + (p.pages - mx) ** 2, 0);
  return { perPage: slope, at: mx + (BUDGET - my) / slope };
}

/** Linear interpolation between the two measured sizes either side of the budget, or null. */
function interpolate(points: Array<{ pages: number; bytes: number }>): { at: number; between: [number, number] } | null {
  const sorted = [...points].sort((a, b) => a.pages - b.pages);
  for (let i = 1; i < sorted.length; i += 1) {
    const a = sorted[i - 1] as { pages: number; bytes: number };
    const b = sorted[i] as { pages: number; bytes: number };
    if (a.bytes <= BUDGET && b.bytes > BUDGET) return { at: a.pages + ((BUDGET - a.bytes) / (b.bytes - a.bytes)) * (b.pages - a.pages), between: [a.pages, b.pages] };
  }
  return null;
}

const load = loadavg()[0] ?? 0;
const busy = load > cpus().length;
console.log(`bench:search — ${cpus().length} cores, 1-minute load ${load.toFixed(1)}${busy ? ' (under load: timings are high)' : ''}`);
const chunk = engineChunk();
const chunkGz = chunk?.gz ?? 0;
console.log(chunk ? `engine chunk ${chunk.file}: ${kb(chunk.gz)} gzip` : 'engine chunk: not found in public/ (run npm run build); first use below counts the two files only');

const site = syntheticOnly ? null : measure('real content', undefined);
if (site) {
  const quality = evaluate(QUERIES, (q) => site.engine.search(q).map((h) => ({ url: h.url, sections: h.sections.map((s) => s.url) })));
  console.log(`quality recall@5 ${quality.recall5.toFixed(3)}  MRR ${quality.mrr.toFixed(3)}  (${quality.total} queries)`);
}

const rows: Measured[] = site ? [site] : [];
const synthetic: Array<{ pages: number; bytes: number }> = [];
for (const n of [...new Set([...steps, ...sizes])].sort((a, b) => a - b)) {
  const dir = syntheticContent(n);
  try {
    const m = measure(`synthetic corpus`, dir, { quiet: !sizes.includes(n) });
    synthetic.push({ pages: m.pages, bytes: chunkGz + m.gzIndex + m.gzStore });
    if (sizes.includes(n)) rows.push(m);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const subsets = !site ? [] : [1, 2, 3].map((keep) => {
  const dir = realSubset(keep);
  try {
    const m = measure(`real content, ${keep}/4`, dir, { quiet: true });
    return { pages: m.pages, bytes: chunkGz + m.gzIndex + m.gzStore };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
const real = site ? [...subsets, { pages: site.pages, bytes: chunkGz + site.gzIndex + site.gzStore }] : [];

console.log(`\n## Summary: first use = engine chunk + index + store (gzip), budget ${kb(BUDGET)}${busy ? '; query times under load' : ''}`);
console.log('| corpus | pages | index gzip | store gzip | first use | query p95 |');
console.log('| --- | ---: | ---: | ---: | ---: | ---: |');
for (const r of rows) console.log(`| ${r.label} | ${r.pages} | ${kb(r.gzIndex)} | ${kb(r.gzStore)} | ${kb(chunkGz + r.gzIndex + r.gzStore)} | ${r.p95.toFixed(2)} ms |`);
if (real.length) {
  const line = crossing(real);
  console.log(`\nreal content: ${real.map((p) => `${p.pages} pages ${kb(p.bytes)}`).join(', ')}`);
  console.log(`  → ${kb(line.perPage)} more per page; the two files cross the budget at about ${Math.round(line.at)} pages of content like this site's`);
}
const syn = interpolate(synthetic);
console.log(`synthetic corpus: ${synthetic.map((p) => `${p.pages} pages ${kb(p.bytes)}`).join(', ')}`);
console.log(syn ? `  → crosses the budget between ${syn.between[0]} and ${syn.between[1]} pages, at about ${Math.round(syn.at)} (its pages reuse the sentences of two posts: they compress better than real ones)` : '  → does not cross the budget between the measured sizes');
