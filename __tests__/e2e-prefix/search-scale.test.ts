/**
 * The search budget holds as the site grows: the grown build in public/ (npm run build:grown: the
 * fixture site plus 150 synthetic pages whose text varies like real writing, built by Gatsby like
 * any other build) is queried with every query of the quality set as the box runs
 * it: a fresh visitor's first query (this build's engine chunk, both manifests, the query's
 * pieces) and each later query of one session stay within QUERY_BUDGET (src/lib/search/shards.ts),
 * and the manifests stay the size they are on the real site.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { QUERY_BUDGET } from '../../src/lib/search/shards';
import { queryDownloads } from '../search/downloads';
import { QUERIES } from '../search/queries';

const ROOT = path.resolve(__dirname, '../..');
const PUBLIC = path.join(ROOT, 'public');
/** The content the grown build was made from (scripts/build-grown.mjs), and its synthetic files (scripts/lib/synthetic.mjs names them bench-…). */
const GROWN_CONTENT = path.join(ROOT, '.e2e', 'grown-content');
const syntheticFiles = () => (readdirSync(GROWN_CONTENT, { recursive: true }) as string[]).filter((file) => file.endsWith('.mdx') && file.includes('bench-')).length;
/**
 * Both manifests, gzip: the same few KB on the real site and on the grown one (the Traditional
 * characters table and a few counts; figures: docs/decisions/search-at-scale.md); a list of pages
 * or pieces would pass this as the site grows.
 */
const MANIFESTS_MAX = 6 * 1024;

test('on the grown site, every query’s download stays within the budget and the manifests stay small', async () => {
  const dir = path.join(PUBLIC, 'search');
  const { pages } = JSON.parse(readFileSync(path.join(dir, 'store.json'), 'utf8')) as { pages: number };
  // public/ holds the grown build (the e2e-prefix setup checks it is the one under /fomosite): every synthetic page and the real ones.
  const synthetic = syntheticFiles();
  expect(synthetic).toBeGreaterThan(0);
  expect(pages).toBeGreaterThan(synthetic);

  const chunkMap = JSON.parse(readFileSync(path.join(PUBLIC, 'chunk-map.json'), 'utf8')) as Record<string, string[]>;
  const chunk = chunkMap['search-engine']?.find((f) => f.endsWith('.js')) as string;
  const engine = gzipSync(readFileSync(path.join(PUBLIC, chunk))).length;
  const { first, later } = await queryDownloads(
    dir,
    QUERIES.map((q) => q.q),
    engine,
  );
  const worst = (list: number[]) => QUERIES[list.indexOf(Math.max(...list)) + (list === later ? 1 : 0)]?.q;
  console.log(`search at ${pages} pages: first query max ${(Math.max(...first) / 1024).toFixed(1)} KB (${worst(first)}), later max ${(Math.max(...later) / 1024).toFixed(1)} KB (${worst(later)})`);
  expect(Math.max(...first)).toBeLessThanOrEqual(QUERY_BUDGET.first);
  expect(Math.max(...later)).toBeLessThanOrEqual(QUERY_BUDGET.later);

  const manifests = ['index.json', 'store.json'].reduce((sum, name) => sum + gzipSync(readFileSync(path.join(dir, name))).length, 0);
  expect(manifests).toBeLessThanOrEqual(MANIFESTS_MAX);
}, 120_000);
