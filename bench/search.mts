/**
 * npm run bench:search — search index size, build time and query latency, for the real content
 * and for a synthetic Chinese corpus (default 5,000 documents; --docs N to change).
 * Also compares the two tokenizer choices the issue asks to measure.
 */
import { performance } from 'node:perf_hooks';
import { gzipSync } from 'node:zlib';
import FlexSearch from 'flexsearch';
import { buildSiteSearch, siteSources } from '../__tests__/search/site-index';
import { QUERIES } from '../__tests__/search/quality.test.data';
import { cjkBigrams, indexTokenizer, latinTokens } from '../src/lib/search/tokenize';
import type { SearchSource } from '../src/lib/search/documents';

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
const gz = (s: string) => gzipSync(Buffer.from(s)).length;
const argDocs = Number(process.argv[process.argv.indexOf('--docs') + 1]) || 5000;

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

function measure(label: string, sources: SearchSource[], queries: string[]) {
  const t0 = performance.now();
  const { documents, index, search } = buildSiteSearch(sources);
  const buildMs = performance.now() - t0;
  const exported = index.export();
  const store = JSON.stringify(Object.fromEntries(documents.map(({ _: _indexed, ...entry }) => [entry.id, entry])));
  const sourceBytes = documents.reduce((n, d) => n + Buffer.byteLength(d._), 0);
  for (const q of queries) search(q); // warm up
  const times = queries.map((q) => {
    const s = performance.now();
    search(q);
    return performance.now() - s;
  });
  console.log(`\n## ${label}: ${documents.length} documents, indexed text ${kb(sourceBytes)}`);
  console.log(`index   raw ${kb(Buffer.byteLength(exported))}  gzip ${kb(gz(exported))}  (${((gz(exported) / sourceBytes) * 100).toFixed(1)} KB gzip per 100 KB of text)`);
  console.log(`store   raw ${kb(Buffer.byteLength(store))}  gzip ${kb(gz(store))}`);
  console.log(`build   ${buildMs.toFixed(0)} ms`);
  console.log(`query   p50 ${percentile(times, 50).toFixed(2)} ms  p95 ${percentile(times, 95).toFixed(2)} ms  (${queries.length} queries)`);
  return { indexGzip: gz(exported), storeGzip: gz(store) };
}

function compareTokenizers(sources: SearchSource[]) {
  const text = sources.map((s) => `${s.title} ${s.body}`.toLowerCase());
  const runBigrams = (t: string) => [...new Set([...t.matchAll(/[\u4e00-\u9fff]+|[a-z0-9]+/g)].flatMap((m) => (/[\u4e00-\u9fff]/.test(m[0]) ? cjkBigrams(m[0]) : latinTokens(m[0], true))))];
  const variants: Array<[string, (t: string) => string[]]> = [
    ['character bigrams over whole runs', runBigrams],
    ['Intl.Segmenter words → bigrams (shipped)', (t) => indexTokenizer(t)],
  ];
  console.log('\n## tokenizer choice (real content, body text, no pinyin)');
  for (const [name, fn] of variants) {
    const idx = (FlexSearch as unknown as { create(o: object): { add(i: number, s: string): void; export(): string } }).create({ encode: false, tokenize: (s: string) => s.split(' '), threshold: 0, resolution: 3, depth: 0 });
    text.forEach((t, i) => idx.add(i, fn(t).join(' ')));
    const out = idx.export();
    console.log(`${name.padEnd(44)} raw ${kb(Buffer.byteLength(out)).padStart(10)}  gzip ${kb(gz(out)).padStart(10)}`);
  }
}


function synthetic(n: number, real: SearchSource[]): SearchSource[] {
  const sentences = real.flatMap((s) => s.body.split(/[。！？\n]/).map((x) => x.trim()).filter((x) => /[\u4e00-\u9fff]{8,}/.test(x) && !/[`<>{}|#]/.test(x)));
  let seed = 42;
  const rand = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
  return Array.from({ length: n }, (_, i) => {
    const body = Array.from({ length: 24 }, () => sentences[Math.floor(rand() * sentences.length)]).join('。');
    return { kind: i % 2 ? 'post' : 'doc', title: `合成文档 ${i}：${sentences[i % sentences.length]?.slice(0, 12)}`, body: `## 第一节\n\n${body}`, slug: `s${i}`, date: '2025-01-01', docId: `bench/${i}` };
  });
}

const real = siteSources();
const queries = QUERIES.map(([q]) => q);
const site = measure('real content', real, queries);
console.log(`first use download (index + store, gzip): ${kb(site.indexGzip + site.storeGzip)} + the search-engine chunk (see bench:weight)`);
compareTokenizers(real);
measure(`synthetic corpus`, synthetic(argDocs, real), queries);
