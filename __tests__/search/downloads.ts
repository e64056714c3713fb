/**
 * What a reader downloads per query, measured on the files scripts/search-files.mts wrote (laid out
 * as under public/search/): the engine, run as the search box runs it (the panel's ten results),
 * over a ShardSource that reads the pieces from disk and counts each one's gzip size once.
 *   - first query: a fresh visitor — the engine chunk, both manifests and the pieces of one query;
 *   - later queries: the pieces a query needs that the session has not fetched yet.
 * Shared by the budget test (e2e-prefix/search-scale) and bench:search.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { openSiteSearch } from '../../src/lib/search/site-search';
import { panelFor } from '../../src/lib/search/options';
import { settle, ShardSource, type IndexManifest, type StoreManifest } from '../../src/lib/search/shards';

const gz = (text: string) => gzipSync(text).length;

export interface Session {
  /** Runs a query as the box does; returns the gzip bytes it fetched and its result urls. */
  query(q: string): Promise<{ bytes: number; urls: string[] }>;
  /** Gzip bytes of the two manifests. */
  manifests: number;
}

export function openSession(dir: string): Session {
  const read = (name: string) => readFileSync(path.join(dir, name), 'utf8');
  const indexText = read('index.json');
  const storeText = read('store.json');
  const index = JSON.parse(indexText) as IndexManifest;
  const store = JSON.parse(storeText) as StoreManifest;
  let fetched = 0;
  const src = new ShardSource(index, store, async (name) => {
    const text = read(path.join(index.build, name));
    fetched += gz(text);
    return text;
  });
  const engine = openSiteSearch(src);
  return {
    manifests: gz(indexText) + gz(storeText),
    async query(q) {
      const before = fetched;
      const panel = await settle(() => panelFor(engine, q));
      return { bytes: fetched - before, urls: panel.results.map((r) => r.url) };
    },
  };
}

export interface QueryDownloads {
  /** Per query: a fresh visitor's bytes (engine chunk + manifests + the query's pieces). */
  first: number[];
  /** Per query after the first, in one session going through the list: the new pieces. */
  later: number[];
}

export async function queryDownloads(dir: string, queries: readonly string[], engineBytes: number): Promise<QueryDownloads> {
  const first: number[] = [];
  for (const q of queries) {
    const session = openSession(dir);
    first.push(engineBytes + session.manifests + (await session.query(q)).bytes);
  }
  const session = openSession(dir);
  const later: number[] = [];
  for (const [i, q] of queries.entries()) {
    const { bytes } = await session.query(q);
    if (i > 0) later.push(bytes);
  }
  return { first, later };
}

export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? ((sorted[Math.floor((sorted.length - 1) / 2)] as number) + (sorted[Math.ceil((sorted.length - 1) / 2)] as number)) / 2 : 0;
};
