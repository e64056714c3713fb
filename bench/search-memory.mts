/**
 * What building the search index holds in memory, stage by stage: `npx tsx bench/search-memory.mts
 * --pages 5000`. N synthetic pages (scripts/lib/synthetic.mjs) in a temp folder are rendered from source
 * (gatsby/search/build.ts searchPages, as `gatsby develop` does), then buildSearchFiles builds the
 * files with a field-token cache as the build's worker has (gatsby/search/cache.ts, empty: a first
 * build). After each stage a full collection runs and the heap's used size is printed: what the
 * stage added and still holds (the live data, not the garbage V8 lets a heap carry).
 * The production build runs the same stages on its search thread while finish-html runs
 * (docs/decisions/build-at-scale.md), so this is where that thread's share of the build's peak comes from.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import v8 from 'node:v8';
import { buildSearchFiles, searchPages } from '../gatsby/search/build';
import { persistentFieldTokens } from '../gatsby/search/cache';
import { collectGarbage } from '../gatsby/memory';

const { generateContent } = (await import(['../scripts/lib/synthetic', 'mjs'].join('.'))) as { generateContent: (dir: string, count: number, options: { authorsFile?: string }) => { posts: number; docs: number } };

const at = process.argv.indexOf('--pages');
const pages = at >= 0 ? Number(process.argv[at + 1]) : 5000;
if (!Number.isInteger(pages) || pages < 1) throw new Error('--pages <页数>：一个正整数');
const root = path.resolve('.');
const work = mkdtempSync(path.join(tmpdir(), 'bench-search-memory-'));
const rows: Array<[string, number]> = [];
const live = (stage: string) => {
  collectGarbage();
  rows.push([stage, v8.getHeapStatistics().used_heap_size / 2 ** 20]);
};
try {
  generateContent(path.join(work, 'content'), pages, { authorsFile: path.join(root, 'content', 'authors.json') });
  live('modules loaded');
  const rendered = await searchPages(root, path.join(work, 'content'));
  live('pages rendered (sections)');
  const tokens = persistentFieldTokens(path.join(work, 'tokens.json'), 'bench');
  const files = buildSearchFiles(rendered, [], tokens, live);
  console.log(`${pages} synthetic pages: ${files.store.pages.length} pages, ${files.store.records.length} records, ${files.pieces.size} pieces\n`);
  console.log('| stage | live heap MB | added MB |\n| --- | ---: | ---: |');
  rows.forEach(([stage, mb], i) => console.log(`| ${stage} | ${mb.toFixed(0)} | ${i ? (mb - (rows[i - 1]?.[1] ?? 0)).toFixed(0) : ''} |`));
} finally {
  rmSync(work, { recursive: true, force: true });
}
