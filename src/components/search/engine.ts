/**
 * The search engine, loaded with import() on first use of the search box: FlexSearch 0.6 built
 * with the same tokenizer and options as the build, the prebuilt index and the store.
 * Both files are fetched with plain GETs under the site's base URL; nothing is sent.
 */
import FlexSearch from 'flexsearch';
import type { SearchStoreEntry } from '../../lib/search/documents';
import { rankResults, type RankedResult } from '../../lib/search/rank';
import { flexSearchOptions } from '../../lib/search/tokenize';

export interface SiteSearch {
  size: number;
  search(query: string): RankedResult<SearchStoreEntry>[];
}

interface FlexIndex {
  import(data: string): void;
  search(query: string, limit?: number): Array<number | string>;
}

async function fetchText(url: string): Promise<string> {
  const response = await fetch(url, { method: 'GET', credentials: 'same-origin' });
  if (!response.ok) throw new Error(`${url} 返回 ${response.status}`);
  return response.text();
}

export async function createSiteSearch(indexUrl: string, storeUrl: string): Promise<SiteSearch> {
  const [indexData, storeText] = await Promise.all([fetchText(indexUrl), fetchText(storeUrl)]);
  const store = JSON.parse(storeText) as Record<string, SearchStoreEntry>;
  const index = (FlexSearch as unknown as { create(options: Record<string, unknown>): FlexIndex }).create(flexSearchOptions());
  index.import(indexData);
  const entries = Object.values(store);
  return {
    size: entries.length,
    search(query: string) {
      const trimmed = query.trim();
      if (!trimmed) return [];
      let candidates = index
        .search(trimmed, 60)
        .map((id) => store[String(id)])
        .filter((entry): entry is SearchStoreEntry => Boolean(entry));
      // A single Chinese character is not a token of its own: look for it in titles and headings.
      if (candidates.length === 0 && /^[\u3400-\u9fff]$/.test(trimmed)) {
        candidates = entries.filter((e) => e.title.includes(trimmed) || e.headings.some((h) => h.includes(trimmed)));
      }
      return rankResults(trimmed, candidates);
    },
  };
}
