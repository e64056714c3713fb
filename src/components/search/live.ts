/**
 * gatsby develop only (remote-engine.ts imports it behind a NODE_ENV check, so production bundles never
 * contain it): the loaded engine follows the search files as the develop server rebuilds them
 * after each content edit. The server names each new pair's build id on an event stream
 * (SEARCH_EVENTS_PATH, gatsby/search/develop.ts); when it differs from the loaded one, both files
 * are fetched again past the HTTP cache and the engine is swapped under the search box.
 */
import { delegatingSearch, type SiteSearch } from '../../lib/search/site-search';
import type { LoadedFiles } from './remote-engine';

export function followSearchFiles(first: LoadedFiles, reload: () => Promise<LoadedFiles>, eventsUrl: string): SiteSearch {
  let current = first;
  let wanted = first.build;
  let loading = false;
  const load = async () => {
    if (loading) return;
    loading = true;
    try {
      while (wanted !== current.build) current = await reload();
    } catch {
      /* the next event tries again */
    } finally {
      loading = false;
    }
  };
  new EventSource(eventsUrl).addEventListener('message', (event) => {
    wanted = (event as MessageEvent<string>).data;
    void load();
  });
  return delegatingSearch(() => current.search);
}
