/**
 * npm run bench:search — the search files' size (raw and gzip), the time to build them, query
 * latency (p50/p95) and quality (recall@5, MRR on __tests__/search/queries.ts), for the real content
 * and for a synthetic Chinese corpus (default 5,000 pages; --docs N to change).
 * Files are built by scripts/search-files.mts, exactly as the Gatsby build makes them.
 *   --docs N (synthetic corpus size, default 5000)  --only real|synthetic (default: both)
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { gzipSync } from 'node:zlib';
import { writeSearchFiles } from '../__tests__/search/site-index';
import { QUERIES } from '../__tests__/search/queries';
import { evaluate } from '../__tests__/search/evaluate';
import type { SearchStore } from '../src/lib/search/documents';
import { loadSiteSearch, type SearchIndexFile } from '../src/lib/search/engine';

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
const argDocs = Number(process.argv[process.argv.indexOf('--docs') + 1]) || 5000;
const onlyAt = process.argv.indexOf('--only');
const only = new Set((onlyAt >= 0 ? (process.argv[onlyAt + 1] ?? '') : 'real,synthetic').split(','));

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

function measure(label: string, contentDir?: string) {
  const out = mkdtempSync(path.join(tmpdir(), 'bench-search-'));
  const t0 = performance.now();
  const written = writeSearchFiles(out, contentDir);
  const wall = performance.now() - t0;
  if (written.status !== 0) throw new Error(written.stderr);
  const indexText = readFileSync(path.join(out, 'index.json'), 'utf8');
  const storeText = readFileSync(path.join(out, 'store.json'), 'utf8');
  const timing = JSON.parse(readFileSync(path.join(out, 'timing.json'), 'utf8')) as { pages: number; renderMs: number; indexMs: number };
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
  const gzIndex = gzipSync(indexText).length;
  const gzStore = gzipSync(storeText).length;
  console.log(`\n## ${label}: ${timing.pages} pages`);
  console.log(`index   raw ${kb(Buffer.byteLength(indexText))}  gzip ${kb(gzIndex)}`);
  console.log(`store   raw ${kb(Buffer.byteLength(storeText))}  gzip ${kb(gzStore)}`);
  console.log(`build   render ${timing.renderMs.toFixed(0)} ms + index ${timing.indexMs.toFixed(0)} ms (process ${wall.toFixed(0)} ms); load in the engine ${loadMs.toFixed(1)} ms`);
  console.log(`query   p50 ${percentile(times, 50).toFixed(2)} ms  p95 ${percentile(times, 95).toFixed(2)} ms  (${queries.length} queries)`);
  rmSync(out, { recursive: true, force: true });
  return { engine, gz: gzIndex + gzStore };
}

/** A synthetic Chinese corpus built from the real content's sentences (docs and posts, with h2/h3). */
function syntheticContent(n: number): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-search-content-'));
  const real = readFileSync(path.join(process.cwd(), 'content/blog/2023-10-10-binder/index.mdx'), 'utf8') + readFileSync(path.join(process.cwd(), 'content/blog/2024-08-06-konkerintro/index.mdx'), 'utf8');
  const sentences = real.split(/[。！？\n]/).map((x) => x.trim()).filter((x) => /[\u4e00-\u9fff]{8,}/.test(x) && !/[`<>{}|#*[\]]/.test(x) && !x.includes(':'));
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

if (only.has('real')) {
  const site = measure('real content');
  const quality = evaluate(QUERIES, (q) => site.engine.search(q).map((h) => ({ url: h.url, sections: h.sections.map((s) => s.url) })));
  console.log(`quality recall@5 ${quality.recall5.toFixed(3)}  MRR ${quality.mrr.toFixed(3)}  (${quality.total} queries)`);
  console.log(`first use download (index + store, gzip): ${kb(site.gz)} + the search-engine chunk (see bench:weight)`);
}
if (only.has('synthetic')) {
  const synthetic = syntheticContent(argDocs);
  measure(`synthetic corpus`, synthetic);
  rmSync(synthetic, { recursive: true, force: true });
}
