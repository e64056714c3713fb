/**
 * The search engine of a page view, shared by the navbar box, the phone menu's box and the results
 * page: loaded on first use (one chunk with import(), then the two files), once. Once loaded it is
 * also available synchronously, so the results page drawn again on Back shows its results in the
 * same render (and the browser's scroll position can be restored onto them).
 */
import { withPrefix } from 'gatsby';
import { SEARCH_INDEX_PATH, SEARCH_STORE_PATH } from '../../lib/search/files';
import type { SiteSearch } from './remote-engine';

export interface LoadedSearch {
  engine: SiteSearch;
  ui: Pick<typeof import('./first-use'), 'panelFor' | 'SearchResults' | 'NotLoaded'>;
}

let pending: Promise<LoadedSearch> | null = null;
let loaded: LoadedSearch | null = null;

export function loadSearch(): Promise<LoadedSearch> {
  if (!pending) {
    pending = import(/* webpackChunkName: "search-engine" */ './first-use').then(async (m) => {
      loaded = { engine: await m.createSiteSearch(withPrefix(SEARCH_INDEX_PATH), withPrefix(SEARCH_STORE_PATH)), ui: m };
      return loaded;
    });
    pending.catch(() => {
      pending = null;
    });
  }
  return pending;
}

/** The engine if it is already loaded. */
export function loadedSearch(): LoadedSearch | null {
  return loaded;
}
