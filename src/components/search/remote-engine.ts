/**
 * The search engine, loaded with import() on first use of the search box: the two manifests (index
 * and documents), fetched with plain GETs under the site's base URL (nothing is sent), then the
 * pieces each query needs, from the folder named by the manifests' build id
 * (src/lib/search/shards.ts), as the reader types.
 *
 * The manifests have fixed names and are revalidated, so a reader can still get one from the
 * deploy before and one from the deploy after (a stale cache, a CDN edge mid-deploy): both carry
 * their build's id, and when the ids differ both are fetched again past the HTTP cache, once. If
 * they still differ, loading fails (the box offers Retry). A piece is only ever fetched from its own
 * build's folder; when that folder is gone (a deploy since the manifests were read) the manifests
 * are fetched again past the HTTP cache and the engine moves to the new build. Under
 * `gatsby develop` the engine also follows the files as they are rebuilt after each edit (live.ts).
 */
import { delegatingSearch, openSiteSearch, type SiteSearch } from '../../lib/search/site-search';
import { SEARCH_EVENTS_PATH, SEARCH_INDEX_PATH, sameBuild } from '../../lib/search/files';
import { ShardSource, type IndexManifest, type StoreManifest } from '../../lib/search/shards';
import { WARM_FROM_PAGES, WARM_STEPS, warmStep } from '../../lib/search/warm';

export type { SiteSearch };

async function get(url: string, cache?: RequestCache): Promise<Response> {
  const response = await fetch(url, { method: 'GET', credentials: 'same-origin', ...(cache ? { cache } : {}) });
  if (!response.ok) throw Object.assign(new Error(`${url} 返回 ${response.status}`), { status: response.status });
  return response;
}

export class SearchFilesMismatch extends Error {
  constructor(indexUrl: string, storeUrl: string) {
    super(`${indexUrl} 与 ${storeUrl} 来自不同的构建（重新下载后仍不一致）`);
    this.name = 'SearchFilesMismatch';
  }
}

/** The folder of a build's pieces: beside the index manifest, named by the build id. */
export const piecesUrl = (indexUrl: string, build: string, name: string) => `${indexUrl.slice(0, indexUrl.lastIndexOf('/') + 1)}${build}/${name}`;

async function loadManifests(indexUrl: string, storeUrl: string, cache?: RequestCache) {
  const load = (mode?: RequestCache) => Promise.all([get(indexUrl, mode).then((r) => r.json() as Promise<IndexManifest>), get(storeUrl, mode).then((r) => r.json() as Promise<StoreManifest>)]);
  let [index, store] = await load(cache);
  if (!sameBuild(index, store)) {
    [index, store] = await load('reload');
    if (!sameBuild(index, store)) throw new SearchFilesMismatch(indexUrl, storeUrl);
  }
  return { index, store };
}

export interface LoadedFiles {
  search: SiteSearch;
  build: string;
}

/** An engine that delegates to the current build's, so the loader can move it to a newer build. */
function following(first: LoadedFiles): { search: SiteSearch; current: () => LoadedFiles; swap: (next: LoadedFiles) => void } {
  let current = first;
  return {
    current: () => current,
    swap: (next) => {
      current = next;
    },
    search: delegatingSearch(() => current.search),
  };
}

async function openBuild(indexUrl: string, storeUrl: string, cache: RequestCache | undefined, onGone: () => Promise<void>): Promise<LoadedFiles> {
  const { index, store } = await loadManifests(indexUrl, storeUrl, cache);
  const fetchText = async (name: string): Promise<string> => {
    try {
      return await (await get(piecesUrl(indexUrl, index.build, name))).text();
    } catch (error) {
      // The build's folder is gone: a deploy since. The query runs again on the new build.
      if ((error as { status?: number }).status === 404) {
        await onGone();
        return '';
      }
      throw error;
    }
  };
  return { search: openSiteSearch(new ShardSource(index, store, fetchText)), build: index.build };
}

export async function createSiteSearch(indexUrl: string, storeUrl: string): Promise<SiteSearch> {
  let moving: Promise<void> | null = null;
  const onGone = (): Promise<void> => {
    moving ??= openBuild(indexUrl, storeUrl, 'reload', onGone).then(
      (next) => {
        if (next.build === live.current().build) throw new Error(`${indexUrl} 指向的搜索文件不存在`);
        live.swap(next);
        moving = null;
      },
      (error: unknown) => {
        moving = null;
        throw error;
      },
    );
    return moving;
  };
  const live = following(await openBuild(indexUrl, storeUrl, undefined, onGone));
  if (live.search.size >= WARM_FROM_PAGES) warmWhenIdle(WARM_STEPS);
  if (process.env.NODE_ENV === 'development') {
    const { followSearchFiles } = await import('./live');
    // Beside the index, under the same base URL.
    const events = indexUrl.endsWith(SEARCH_INDEX_PATH) ? indexUrl.slice(0, -SEARCH_INDEX_PATH.length) + SEARCH_EVENTS_PATH : SEARCH_EVENTS_PATH;
    return followSearchFiles(live.current(), () => openBuild(indexUrl, storeUrl, 'no-cache', onGone), events);
  }
  return live.search;
}

/**
 * Runs warmStep() `steps` times, one per idle period, so that a large site's first queries rank
 * at optimised speed (src/lib/search/warm.ts). One step each: an idle period's deadline does not
 * move when a query's pieces arrive, so a query waits for one short step at most. A timeout where
 * the browser has no requestIdleCallback (Safari).
 */
export function warmWhenIdle(steps: number, n = 0): void {
  if (n >= steps) return;
  const next = () => {
    warmStep(n);
    warmWhenIdle(steps, n + 1);
  };
  if (typeof requestIdleCallback === 'function') requestIdleCallback(next, { timeout: 1000 });
  else setTimeout(next, 0);
}
