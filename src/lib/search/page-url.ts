/**
 * The search results page lives at /search (under the base URL) and keeps its whole state in the
 * address bar, so Back/Forward, a reload and a link sent to a colleague all show the same thing:
 *
 *   /search?q=多开&type=doc&product=Konker&n=20
 *
 * q the query; type 文档 (doc) or 博客 (post); product a product's name (src/config/site.ts);
 * n how many results are shown ("more" adds PAGE_SIZE). Defaults are left out of the URL.
 *
 * A result link carries the words to mark on the page it leads to (`?highlight=拦截&highlight=binder`):
 * the landing page marks them in its content and takes the parameter out of the address bar
 * (src/components/search/arrival-marks.ts). The page's canonical link never has a query.
 */
import { encodePath } from '../url-path';
import { MARK_PARAM } from './mark-param';
import { PAGE_SIZE, SEARCH_PAGE_PATH, type KindFilter, type SearchPageState } from './search-link';

export { MARK_PARAM, asksForMarks } from './mark-param';
export { PAGE_SIZE, SEARCH_PAGE_PATH, searchLink, type KindFilter, type SearchPageState } from './search-link';

export const EMPTY_SEARCH_STATE: SearchPageState = { q: '', kind: 'all', product: null, shown: PAGE_SIZE };

/** The most results a URL can ask to show at once. */
export const MAX_SHOWN = 1000;

const KINDS: readonly KindFilter[] = ['all', 'doc', 'post'];

/** The page's state from a location's query string ('?q=…'); anything unreadable falls back to the default. */
export function readSearchState(search: string): SearchPageState {
  const params = new URLSearchParams(search);
  const kind = params.get('type');
  const product = params.get('product')?.trim();
  const n = Number.parseInt(params.get('n') ?? '', 10);
  const shown = Number.isFinite(n) && n > PAGE_SIZE ? Math.min(MAX_SHOWN, Math.ceil(n / PAGE_SIZE) * PAGE_SIZE) : PAGE_SIZE;
  return {
    q: params.get('q') ?? '',
    kind: KINDS.includes(kind as KindFilter) ? (kind as KindFilter) : 'all',
    product: product ? product : null,
    shown,
  };
}

/** The site path (no base URL) of the results page in a state: '/search?q=%E5%A4%9A%E5%BC%80&type=doc'. */
export function searchPageUrl(state: Partial<SearchPageState>): string {
  const params = new URLSearchParams();
  if (state.q) params.set('q', state.q);
  if (state.kind && state.kind !== 'all') params.set('type', state.kind);
  if (state.product) params.set('product', state.product);
  if (state.shown && state.shown > PAGE_SIZE) params.set('n', String(state.shown));
  const query = params.toString();
  return query ? `${SEARCH_PAGE_PATH}?${query}` : SEARCH_PAGE_PATH;
}

/** The results page's document title: “搜索：多开 - iofomo”, or “搜索 - iofomo” before a query. */
export function searchTitle(q: string, siteTitle: string): string {
  const query = q.trim();
  return query ? `搜索：${query} - ${siteTitle}` : `搜索 - ${siteTitle}`;
}

/** At most this many words travel in a link, each at most MAX_MARK_LENGTH characters. */
export const MAX_MARK_TERMS = 12;
export const MAX_MARK_LENGTH = 40;

/**
 * The link of a result: the page's path encoded as in an href, the words to mark on it, then the
 * section's id (`/blog/mediacodec?highlight=状态机#状态机`, percent-encoded). No base URL.
 */
export function resultLink(url: string, terms: readonly string[] = []): string {
  const at = url.indexOf('#');
  const path = at < 0 ? url : url.slice(0, at);
  const hash = at < 0 ? '' : `#${encodeURIComponent(url.slice(at + 1))}`;
  const words = [...new Set(terms.map((t) => t.trim()).filter((t) => t && [...t].length <= MAX_MARK_LENGTH))].slice(0, MAX_MARK_TERMS);
  const params = new URLSearchParams();
  for (const word of words) params.append(MARK_PARAM, word);
  const query = params.toString();
  return `${encodePath(path)}${query ? `?${query}` : ''}${hash}`;
}

/** The words a landing page was asked to mark, and its query string without them ('' or '?…'). */
export function readMarks(search: string): { terms: string[]; rest: string } {
  const params = new URLSearchParams(search);
  const terms = [...new Set(params.getAll(MARK_PARAM).map((t) => t.trim()))].filter((t) => t && [...t].length <= MAX_MARK_LENGTH).slice(0, MAX_MARK_TERMS);
  params.delete(MARK_PARAM);
  const rest = params.toString();
  return { terms, rest: rest ? `?${rest}` : '' };
}

/**
 * How a new query typed on the results page enters the history: one entry per settled query.
 * The first keystroke after a query settled opens a new entry (push); the keystrokes after it
 * rewrite that entry (replace) until the query settles again (a pause, Enter, following a result).
 * An empty page is not worth an entry: typing into it rewrites it.
 */
export function historyAction(current: { q: string; settled: boolean }, next: string): 'push' | 'replace' | 'none' {
  if (next === current.q) return 'none';
  if (!current.q.trim()) return 'replace';
  return current.settled ? 'push' : 'replace';
}

/** A query settles after this long without typing. */
export const SETTLE_MS = 1000;

/**
 * Performance mark set when a query typed on the results page has settled, its `detail` the
 * query: what a test waits on to know that the page is done with the typing.
 */
export const SETTLED_MARK = 'search-settled';

/** Where the results page keeps a history entry's scroll position, in the entry's own state (a reload restores it). */
export const SCROLL_KEY = 'searchScrollY';
