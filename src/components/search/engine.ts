/**
 * The search engine, loaded with import() on first use of the search box: the two files (index and
 * store), fetched with plain GETs under the site's base URL (nothing is sent), loaded into the
 * engine shared with the build (src/lib/search/engine.ts).
 */
import type { SearchStore } from '../../lib/search/documents';
import { loadSiteSearch, type SearchIndexFile, type SiteSearch } from '../../lib/search/engine';

export type { SiteSearch };

async function fetchJson<T>(url: string): Promise<T> {
  const response = await fetch(url, { method: 'GET', credentials: 'same-origin' });
  if (!response.ok) throw new Error(`${url} 返回 ${response.status}`);
  return (await response.json()) as T;
}

export async function createSiteSearch(indexUrl: string, storeUrl: string): Promise<SiteSearch> {
  const [index, store] = await Promise.all([fetchJson<SearchIndexFile>(indexUrl), fetchJson<SearchStore>(storeUrl)]);
  return loadSiteSearch(index, store);
}
