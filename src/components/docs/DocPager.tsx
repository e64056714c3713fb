import type { NavLink } from '../../lib/routes';
import { NeighbourLinks } from '../NeighbourLinks';

/** Previous and next doc in sidebar order. */
export function DocPager({ previous, next }: { previous: NavLink | null; next: NavLink | null }) {
  return <NeighbourLinks label="文档翻页" testId="doc-pager" left={previous ? { link: previous, caption: '上一页', rel: 'prev' } : null} right={next ? { link: next, caption: '下一页', rel: 'next' } : null} />;
}
