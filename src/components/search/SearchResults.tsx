import { css } from '@emotion/react';
import type { SearchStoreEntry } from '../../lib/search/documents';
import type { RankedResult } from '../../lib/search/rank';
import { c } from '../../theme/tokens';

const panel = css`
  position: absolute;
  right: 0;
  top: calc(100% + 8px);
  z-index: 120;
  width: min(520px, calc(100vw - 24px));
  max-height: min(70vh, 560px);
  overflow-y: auto;
  background: ${c('surface')};
  border: 1px solid ${c('border')};
  border-radius: 12px;
  box-shadow: ${c('shadow')};
  padding: 8px;
  .full & {
    position: static;
    width: 100%;
    margin-top: 8px;
    box-shadow: none;
  }
  h3 {
    font-size: 12px;
    font-weight: 650;
    color: ${c('textMute')};
    margin: 8px 10px 4px;
  }
  ul {
    list-style: none;
    margin: 0;
    padding: 0;
  }
  li {
    padding: 8px 10px;
    border-radius: 8px;
    cursor: pointer;
  }
  li[aria-selected='true'] {
    background: ${c('primarySoft')};
  }
  .title {
    font-weight: 600;
    color: ${c('text')};
  }
  .section {
    font-size: 12px;
    color: ${c('textMute')};
  }
  .snippet {
    font-size: 13px;
    color: ${c('textSoft')};
    line-height: 1.55;
    margin-top: 2px;
  }
  mark {
    background: transparent;
    color: ${c('primary')};
    font-weight: 650;
  }
  .empty {
    padding: 16px 10px;
    color: ${c('textMute')};
  }
`;

const GROUPS: Array<{ kind: SearchStoreEntry['kind']; label: string }> = [
  { kind: 'doc', label: '文档' },
  { kind: 'post', label: '博客' },
];

/** Groups in the order of their best result: the group holding the top hit comes first. */
export function orderedGroups(results: RankedResult<SearchStoreEntry>[]): typeof GROUPS {
  const firstIndex = (kind: SearchStoreEntry['kind']) => {
    const i = results.findIndex((r) => r.entry.kind === kind);
    return i < 0 ? Number.MAX_SAFE_INTEGER : i;
  };
  return [...GROUPS].sort((a, b) => firstIndex(a.kind) - firstIndex(b.kind));
}

/** Orders results as displayed, group by group (keyboard order follows it). */
export function groupResults(results: RankedResult<SearchStoreEntry>[]): RankedResult<SearchStoreEntry>[] {
  return orderedGroups(results).flatMap((g) => results.filter((r) => r.entry.kind === g.kind));
}

interface Props {
  id: string;
  query: string;
  results: RankedResult<SearchStoreEntry>[];
  active: number;
  onHover: (index: number) => void;
  onSelect: (result: RankedResult<SearchStoreEntry>) => void;
}

export function SearchResults({ id, query, results, active, onHover, onSelect }: Props) {
  if (results.length === 0) {
    return (
      <div css={panel} role="status" data-testid="search-empty">
        <p className="empty">没有找到与“{query}”相关的内容。换个关键词，或试试拼音。</p>
      </div>
    );
  }
  let index = -1;
  return (
    <div css={panel} data-testid="search-results">
      <div role="listbox" id={id} aria-label="搜索结果">
        {orderedGroups(results).map((group) => {
          const members = results.filter((r) => r.entry.kind === group.kind);
          if (members.length === 0) return null;
          return (
            <div key={group.kind} role="group" aria-label={group.label}>
              <h3 aria-hidden="true">{group.label}</h3>
              <ul>
                {members.map((result) => {
                  index += 1;
                  const i = index;
                  return (
                    <li
                      key={result.entry.id}
                      id={`${id}-${i}`}
                      role="option"
                      aria-selected={i === active}
                      onMouseEnter={() => onHover(i)}
                      onMouseDown={(event) => {
                        event.preventDefault();
                        onSelect(result);
                      }}
                      data-url={result.entry.url}
                    >
                      <div className="title">{result.entry.title}</div>
                      <div className="section">{result.entry.section}</div>
                      <div className="snippet">
                        {result.snippet.map((part, k) => (part.match ? <mark key={k}>{part.text}</mark> : <span key={k}>{part.text}</span>))}
                      </div>
                    </li>
                  );
                })}
              </ul>
            </div>
          );
        })}
      </div>
    </div>
  );
}
