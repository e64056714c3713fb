import { css } from '@emotion/react';
import { formatDateZh } from '../../lib/format';
import type { LastUpdated as LastUpdatedValue } from '../../lib/last-updated';
import { formatReadingTime } from '../../lib/reading-time';
import { c } from '../../theme/tokens';
import { LastUpdated } from '../LastUpdated';

const meta = css`
  display: flex;
  flex-wrap: wrap;
  gap: 4px 14px;
  color: ${c('textMute')};
  font-size: 14px;
`;

export function PostMeta({ date, readingMinutes, author, lastUpdated }: { date: string; readingMinutes: number; author?: string; lastUpdated?: LastUpdatedValue | null }) {
  return (
    <div css={meta}>
      <time dateTime={date}>{formatDateZh(date)}</time>
      <span data-testid="reading-time">{formatReadingTime(readingMinutes)}</span>
      {author ? <span>{author}</span> : null}
      {lastUpdated ? <LastUpdated value={lastUpdated} /> : null}
    </div>
  );
}
