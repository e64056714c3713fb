/**
 * The search engine, loaded with import() on first use of the search box: the two files (index and
 * store), fetched with plain GETs under the site's base URL (nothing is sent), loaded into the
 * engine shared with the build (src/lib/search/engine.ts).
 *
 * The files have fixed names and are revalidated, so a reader can still get one from the deploy
 * before and one from the deploy after (a stale cache, a CDN edge mid-deploy): both carry their
 * build's id, and when the ids differ both are fetched again past the HTTP cache, once. If they
 * still differ, loading fails (the box offers Retry). Under `gatsby develop` the engine also
 * follows the files as they are rebuilt after each edit (live.ts).
 */
import type { SearchStore } from '../../lib/search/documents';
import { loadSiteSearch, type SearchIndexFile, type SiteSearch } from '../../lib/search/engine';
import { SEARCH_EVENTS_PATH, SEARCH_INDEX_PATH, sameBuild, type BuildStamp } from '../../lib/search/files';

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

async function loadFiles(indexUrl: string, storeUrl: string, cache?: RequestCache) {
  const load = (mode?: RequestCache) => Promise.all([fetchJson<SearchIndexFile & BuildStamp>(indexUrl, mode), fetchJson<SearchStore>(storeUrl, mode)]);
  let [index, store] = await load(cache);
  if (!sameBuild(index, store)) {
    [index, store] = await load('reload');
    if (!sameBuild(index, store)) throw new SearchFilesMismatch(indexUrl, storeUrl);
  }
  return { search: loadSiteSearch(index, store), build: index.build };
}

export async function createSiteSearch(indexUrl: string, storeUrl: string): Promise<SiteSearch> {
  const first = await loadFiles(indexUrl, storeUrl);
  if (process.env.NODE_ENV === 'development') {
    const { followSearchFiles } = await import('./live');
    // Beside the index, under the same base URL.
    const events = indexUrl.endsWith(SEARCH_INDEX_PATH) ? indexUrl.slice(0, -SEARCH_INDEX_PATH.length) + SEARCH_EVENTS_PATH : SEARCH_EVENTS_PATH;
    return followSearchFiles(first, () => loadFiles(indexUrl, storeUrl, 'no-cache'), events);
  }
  return first.search;
}
