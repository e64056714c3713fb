/**
 * The search box's list, pure: its options in display (and keyboard) order — results grouped by
 * kind, the group holding the best result first, each result followed by its sections — then the
 * link to the results page with every result.
 */
import type { SiteSearch } from './site-search';
import { resultLink } from './page-url';
import { searchLink } from './search-link';
import type { SearchHit } from './rank';

export const GROUPS: ReadonlyArray<{ kind: SearchHit['kind']; label: string }> = [
  { kind: 'doc', label: '文档' },
  { kind: 'post', label: '博客' },
];

/** One selectable line of the panel: a result, one of its section sub-results, or the link to every result. */
export interface SearchOption {
  /** The result's site path (url#id), or the results page's: what data-url shows. */
  url: string;
  /** Where it leads, without the base URL: encoded, with the words to mark on arrival. */
  link: string;
  /** The result (absent on the link to every result). */
  hit?: SearchHit;
  /** Index of the sub-result in hit.sections, or -1 for the result itself. */
  sub: number;
}

/** The query the panel shows, how many pages match it, and the words to mark where the reader lands. */
export interface PanelQuery {
  query: string;
  total: number;
  terms: string[];
}

/** The last option: every result on the results page. */
export const viewAllLabel = (total: number) => `查看全部 ${total} 条结果`;

/** Groups in the order of their best result: the group holding the top hit comes first. */
export function orderedGroups(results: SearchHit[]): Array<(typeof GROUPS)[number]> {
  const firstIndex = (kind: SearchHit['kind']) => {
    const i = results.findIndex((r) => r.kind === kind);
    return i < 0 ? Number.MAX_SAFE_INTEGER : i;
  };
  return [...GROUPS].sort((a, b) => firstIndex(a.kind) - firstIndex(b.kind));
}

/** Every option in display order; the link to the results page last (none when nothing matched). */
export function flattenOptions(results: SearchHit[], { query, terms }: PanelQuery): SearchOption[] {
  const option = (url: string, hit: SearchHit, sub: number): SearchOption => ({ url, link: resultLink(url, terms), hit, sub });
  const options = orderedGroups(results).flatMap((g) => results.filter((r) => r.kind === g.kind).flatMap((hit) => [option(hit.url, hit, -1), ...hit.sections.map((s, sub) => option(s.url, hit, sub))]));
  if (results.length === 0) return options;
  const all = searchLink(query);
  return [...options, { url: all, link: all, sub: -1 }];
}

/** Results the panel lists; every result is on the results page (its last option). */
export const PANEL_RESULTS = 10;

/** What the box's panel shows for a query: its first results, every option, and what the last one says. */
export interface Panel extends PanelQuery {
  results: SearchHit[];
  options: SearchOption[];
}

/** Throws NotLoaded (shards.ts) while a piece the query needs is being fetched. */
export function panelFor(search: Pick<SiteSearch, 'searchAll' | 'top'>, query: string): Panel {
  const found = query.trim() ? search.searchAll(query) : { pages: [], terms: [] };
  const results = search
    .top(found.pages, PANEL_RESULTS)
    .slice(0, PANEL_RESULTS)
    .map((r) => r.hit());
  const panel = { query, total: found.pages.length, terms: found.terms };
  return { ...panel, results, options: flattenOptions(results, panel) };
}
