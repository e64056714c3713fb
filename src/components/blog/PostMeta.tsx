import { css } from '@emotion/react';
import type { ReactNode } from 'react';
import { formatDateZh } from '../../lib/format';
import { formatReadingTime } from '../../lib/reading-time';
import { c } from '../../theme/tokens';

const meta = css`
  display: flex;
  flex-wrap: wrap;
  gap: 4px 14px;
  color: ${c('textMute')};
  font-size: 14px;
`;

/** Date, reading time, author; a post page adds its last-updated line (`children`). */
export function PostMeta({ date, readingMinutes, author, children }: { date: string; readingMinutes: number; author?: string; children?: ReactNode }) {
  return (
    <div css={meta}>
      <time dateTime={date}>{formatDateZh(date)}</time>
      <span data-testid="reading-time">{formatReadingTime(readingMinutes)}</span>
      {author ? <span>{author}</span> : null}
      {children}
    </div>
  );
}
