/**
 * The results page's address: its path and its state in the query string (see page-url.ts for the
 * rest). Its own small module: the search box on every page links to the results page, and only
 * this much of the results page's code ships with it.
 */
export const SEARCH_PAGE_PATH = '/search';
/** Results shown at first, and added by each "more". */
export const PAGE_SIZE = 10;
export type KindFilter = 'all' | 'doc' | 'post';

export interface SearchPageState {
  q: string;
  kind: KindFilter;
  /** A product's name as the site config spells it, or null for every product. */
  product: string | null;
  /** Results shown: PAGE_SIZE, then more on demand. */
  shown: number;
}

/** The results page for a query, as the search box links it: '/search?q=%E5%A4%9A%E5%BC%80' (encoded as searchPageUrl does). */
export function searchLink(q: string): string {
  return `${SEARCH_PAGE_PATH}?${new URLSearchParams({ q })}`;
}
