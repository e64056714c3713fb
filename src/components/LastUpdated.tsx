import { formatDateZh } from '../lib/format';
import { LAST_UPDATED_PREFIX, type LastUpdated as Value } from '../lib/last-updated';

/**
 * “最后更新于 2026年11月23日” (src/lib/last-updated.ts), the date in <time>. A line of its own under a
 * doc (`block`), a part of the meta row under a post's title otherwise. Styled by the build-time
 * global CSS (.last-updated in GlobalStyles).
 */
export function LastUpdated({ value, block = false }: { value: Value; block?: boolean }) {
  const Tag = block ? 'p' : 'span';
  return (
    <Tag className="last-updated" data-testid="last-updated">
      {LAST_UPDATED_PREFIX} <time dateTime={value.date}>{formatDateZh(value.date)}</time>
      {value.author ? `（${value.author}）` : null}
    </Tag>
  );
}
