import { Link } from 'gatsby';
import type { Facets } from '../../lib/search/facets';
import { searchPageUrl, type KindFilter, type SearchPageState } from '../../lib/search/page-url';

const KIND_LABELS: Record<KindFilter, string> = { all: '全部', doc: '文档', post: '博客' };

export const kindLabel = (kind: KindFilter) => KIND_LABELS[kind];

/**
 * The results page's filters, each a link to the same query with that filter: 文档 / 博客 and the
 * products among the results, with how many results each has. The chosen one is aria-current.
 * A filter is a new history entry (Back takes it off).
 */
export function SearchFilters({ state, counts, product }: { state: SearchPageState; counts: Facets; product: string | null }) {
  const kinds: Array<[KindFilter, number]> = [
    ['all', counts.total],
    ['doc', counts.kinds.doc],
    ['post', counts.kinds.post],
  ];
  const products = product && !counts.products.some((p) => p.name === product) ? [...counts.products, { name: product, count: 0 }] : counts.products;
  const chip = (to: string, current: boolean, label: string, count?: number) => (
    <Link key={label} to={to} className="chip" aria-current={current ? 'true' : undefined}>
      {label}
      {count === undefined ? null : <span className="count"> {count}</span>}
    </Link>
  );
  return (
    <div className="filters" data-testid="search-filters">
      <div className="filter-row" role="group" aria-label="按类型筛选">
        {kinds.map(([kind, count]) => chip(searchPageUrl({ q: state.q, kind, product }), state.kind === kind, KIND_LABELS[kind], count))}
      </div>
      {products.length > 0 ? (
        <div className="filter-row" role="group" aria-label="按产品筛选">
          {chip(searchPageUrl({ q: state.q, kind: state.kind }), !product, '全部产品')}
          {products.map((p) => chip(searchPageUrl({ q: state.q, kind: state.kind, product: p.name }), p.name === product, p.name, p.count))}
        </div>
      ) : null}
    </div>
  );
}
