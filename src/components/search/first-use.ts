/**
 * What the search box needs only once a reader starts searching, in one chunk loaded with
 * import() on first use: the engine (index, store) and the results panel.
 */
export { createSiteSearch } from './remote-engine';
export { panelFor } from '../../lib/search/options';
export { SearchResults } from './SearchResults';
export { NotLoaded } from '../../lib/search/shards';
