/**
 * The search engine, loaded with import() on first use of the search box: the two files (index and
 * store), fetched with plain GETs under the site's base URL (nothing is sent), loaded into the
 * engine shared with the build (src/lib/search/engine.ts).
 *
 * The files have fixed names and are revalidated, so a reader can still get one from the deploy
 * before and one from the deploy after (a stale cache, a CDN edge mid-deploy): both carry their
 * build's id, and when the ids differ both are fetched again past the HTTP cache, once. If they
 * still differ, loading fails (the box offers Retry).
 */
import type { SearchStore } from '../../lib/search/documents';
import { loadSiteSearch, type SearchIndexFile, type SiteSearch } from '../../lib/search/engine';
import { sameBuild } from '../../lib/search/files';

export type { SiteSearch };

async function fetchJson<T>(url: string, cache?: RequestCache): Promise<T> {
  const response = await fetch(url, { method: 'GET', credentials: 'same-origin', ...(cache ? { cache } : {}) });
  if (!response.ok) throw new Error(`${url} 返回 ${response.status}`);
  return (await response.json()) as T;
}

export class SearchFilesMismatch extends Error {
  constructor(indexUrl: string, storeUrl: string) {
    super(`${indexUrl} 与 ${storeUrl} 来自不同的构建（重新下载后仍不一致）`);
    this.name = 'SearchFilesMismatch';
  }
}

export async function createSiteSearch(indexUrl: string, storeUrl: string): Promise<SiteSearch> {
  const load = (cache?: RequestCache) => Promise.all([fetchJson<SearchIndexFile>(indexUrl, cache), fetchJson<SearchStore>(storeUrl, cache)]);
  let [index, store] = await load();
  if (!sameBuild(index, store)) {
    [index, store] = await load('reload');
    if (!sameBuild(index, store)) throw new SearchFilesMismatch(indexUrl, storeUrl);
  }
  return loadSiteSearch(index, store);
}
