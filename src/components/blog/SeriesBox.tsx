import { css } from '@emotion/react';
import { Link } from 'gatsby';
import { seriesFeedPaths } from '../../lib/feeds';
import { formatDateZh } from '../../lib/format';
import { SERIES_LATER_LABEL, seriesHeading, type SeriesBox as SeriesBoxData } from '../../lib/series';
import { c } from '../../theme/tokens';
import { FeedLinks } from './FeedLinks';

const box = css`
  margin: 40px 0 0;
  padding: 16px 18px;
  border: 1px solid ${c('border')};
  border-left: 4px solid ${c('primary')};
  border-radius: 10px;
  background: ${c('bgSoft')};
  h2 {
    margin: 0 0 10px;
    font-size: 1.05rem;
  }
  ol {
    margin: 0;
    padding-left: 1.6em;
    display: grid;
    gap: 6px;
  }
  li {
    overflow-wrap: anywhere;
  }
  /* Beside plain text (dates, labels): told apart by more than colour. */
  li a {
    text-decoration: underline;
  }
  .part-meta {
    color: ${c('textMute')};
    font-size: 0.85em;
    margin-left: 6px;
    white-space: nowrap;
  }
  .later {
    margin-left: 6px;
    padding: 0 6px;
    border: 1px solid ${c('border')};
    border-radius: 999px;
    font-size: 0.8em;
    color: ${c('textSoft')};
    white-space: nowrap;
  }
  [aria-current] {
    font-weight: 700;
  }
  .series-pager {
    display: flex;
    flex-wrap: wrap;
    justify-content: space-between;
    gap: 8px 16px;
    margin: 12px 0 0;
    font-size: 0.92em;
  }
`;

/** “本文属于……” under a post's title: points at the series box at the end. */
export function SeriesNote({ series }: { series: SeriesBoxData }) {
  return (
    <p
      data-testid="series-note"
      css={css`
        margin: 0;
        color: ${c('textSoft')};
        font-size: 14px;
      `}
    >
      本文属于 <a href="#series">{seriesHeading(series)}</a>
    </p>
  );
}

/**
 * The series box at the end of a post in a series (src/lib/series.ts): every published part with its
 * date, the current one marked, parts published after this post labelled, and the previous/next part.
 * Page chrome: not part of the post's text or of search.
 */
export function SeriesBox({ series }: { series: SeriesBoxData }) {
  const { previous, next } = series;
  return (
    <nav css={box} id="series" aria-labelledby="series-title" data-testid="series-box">
      <h2 id="series-title">系列：{seriesHeading(series)}</h2>
      <ol>
        {series.parts.map((part) => (
          <li key={part.path}>
            {part.current ? (
              <span aria-current="page">
                {part.title}
                <span className="part-meta">（本篇）</span>
              </span>
            ) : (
              <Link to={part.path}>{part.title}</Link>
            )}
            <time className="part-meta" dateTime={part.date}>
              {formatDateZh(part.date)}
            </time>
            {part.later ? <span className="later">{SERIES_LATER_LABEL}</span> : null}
          </li>
        ))}
      </ol>
      {previous || next ? (
        <p className="series-pager">
          {previous ? (
            <Link to={previous.path} rel="prev" data-testid="series-previous">
              ← 上一篇：{previous.title}
            </Link>
          ) : (
            <span />
          )}
          {next ? (
            <Link to={next.path} rel="next" data-testid="series-next">
              下一篇{next.later ? `（${SERIES_LATER_LABEL}）` : ''}：{next.title} →
            </Link>
          ) : null}
        </p>
      ) : null}
      <FeedLinks paths={seriesFeedPaths(series.key)} what="本系列" />
    </nav>
  );
}
