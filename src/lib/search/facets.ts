/**
 * The results page's filters: how many results each kind (文档 / 博客) and each product has, and
 * the results left after filtering. Pure: the page renders what these return.
 */
import type { KindFilter, SearchPageState } from './page-url';

/** What the filters need to know of a ranked result. */
export interface FacetEntry {
  kind: 'post' | 'doc';
  /** The product the page belongs to (its docs, or a post tagged with it). */
  product?: string;
}

export interface Facets {
  total: number;
  kinds: Record<Exclude<KindFilter, 'all'>, number>;
  /** Products among the results (after the kind filter), most results first, then by name. */
  products: Array<{ name: string; count: number }>;
}

const sameProduct = (a: string | undefined, b: string) => a !== undefined && a.toLowerCase() === b.toLowerCase();

function byKind<T extends FacetEntry>(entries: readonly T[], kind: KindFilter): T[] {
  return kind === 'all' ? [...entries] : entries.filter((e) => e.kind === kind);
}

export function facets(entries: readonly FacetEntry[], kind: KindFilter): Facets {
  const counts = new Map<string, number>();
  for (const e of byKind(entries, kind)) if (e.product) counts.set(e.product, (counts.get(e.product) ?? 0) + 1);
  return {
    total: entries.length,
    kinds: { doc: entries.filter((e) => e.kind === 'doc').length, post: entries.filter((e) => e.kind === 'post').length },
    products: [...counts].map(([name, count]) => ({ name, count })).sort((a, b) => b.count - a.count || a.name.localeCompare(b.name)),
  };
}

/** The results a state's filters keep, in rank order (product names compare case-insensitively). */
export function applyFilters<T extends FacetEntry>(entries: readonly T[], state: Pick<SearchPageState, 'kind' | 'product'>): T[] {
  const kept = byKind(entries, state.kind);
  const product = state.product;
  return product ? kept.filter((e) => sameProduct(e.product, product)) : kept;
}

/** The product filter's spelling as the results have it ('konker' in a hand-typed URL → 'Konker'), or null. */
export function canonicalProduct(entries: readonly FacetEntry[], product: string | null): string | null {
  if (!product) return null;
  return entries.find((e) => sameProduct(e.product, product))?.product ?? product;
}
