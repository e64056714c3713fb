/**
 * The search budget holds as the site grows: the real content plus 300 synthetic pages whose text
 * varies like real writing (bench/synthetic.mjs), built into search files exactly as the Gatsby
 * build makes them (scripts/search-files.mts), then every query of the quality set run as the
 * box runs it: a fresh visitor's first query (this build's engine chunk, both manifests, the
 * query's pieces) and each later query of one session stay within QUERY_BUDGET
 * (src/lib/search/shards.ts), and the manifests do not grow with the pages.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { QUERY_BUDGET } from '../../src/lib/search/shards';
import { queryDownloads } from '../search/downloads';
import { QUERIES } from '../search/queries';
import { writeSearchFiles } from '../search/site-index';
import { SITE_DIR } from './support/env';

const ROOT = path.resolve(__dirname, '../..');
const EXTRA_PAGES = 300;

test(`on the real content grown by ${EXTRA_PAGES} pages, every query's download stays within the budget`, async () => {
  const content = mkdtempSync(path.join(tmpdir(), 'search-scale-content-'));
  const out = mkdtempSync(path.join(tmpdir(), 'search-scale-files-'));
  try {
    cpSync(path.join(ROOT, 'content'), content, { recursive: true });
    const generated = spawnSync(
      process.execPath,
      ['--input-type=module', '-e', `const { generateContent } = await import(${JSON.stringify(path.join(ROOT, 'bench/synthetic.mjs'))}); generateContent(process.argv[1], ${EXTRA_PAGES}, {});`, content],
      { encoding: 'utf8' },
    );
    expect(generated.stderr).toBe('');
    const written = writeSearchFiles(out, content);
    if (written.status !== 0) throw new Error(written.stderr);
    const { pages } = JSON.parse(readFileSync(path.join(out, 'store.json'), 'utf8')) as { pages: number };
    const real = JSON.parse(readFileSync(path.join(SITE_DIR, 'search', 'store.json'), 'utf8')) as { pages: number };
    expect(pages).toBe(real.pages + EXTRA_PAGES);

    const chunkMap = JSON.parse(readFileSync(path.join(SITE_DIR, 'chunk-map.json'), 'utf8')) as Record<string, string[]>;
    const chunk = chunkMap['search-engine']?.find((f) => f.endsWith('.js')) as string;
    const engine = gzipSync(readFileSync(path.join(SITE_DIR, chunk))).length;
    const { first, later } = await queryDownloads(
      out,
      QUERIES.map((q) => q.q),
      engine,
    );
    const worst = (list: number[]) => QUERIES[list.indexOf(Math.max(...list)) + (list === later ? 1 : 0)]?.q;
    console.log(`search at ${pages} pages: first query max ${(Math.max(...first) / 1024).toFixed(1)} KB (${worst(first)}), later max ${(Math.max(...later) / 1024).toFixed(1)} KB (${worst(later)})`);
    expect(Math.max(...first)).toBeLessThanOrEqual(QUERY_BUDGET.first);
    expect(Math.max(...later)).toBeLessThanOrEqual(QUERY_BUDGET.later);

    // The manifests say how many pieces there are, not which: a few hundred pages more barely change them.
    const size = (dir: string) => ['index.json', 'store.json'].reduce((s, name) => s + gzipSync(readFileSync(path.join(dir, name))).length, 0);
    expect(size(out)).toBeLessThanOrEqual(size(path.join(SITE_DIR, 'search')) + 1024);
  } finally {
    rmSync(content, { recursive: true, force: true });
    rmSync(out, { recursive: true, force: true });
  }
}, 300_000);
