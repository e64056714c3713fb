import type { MouseEvent, ReactNode } from 'react';
import { css } from '@emotion/react';
import { withPrefix } from 'gatsby';
import type { SearchHit } from '../../lib/search/rank';
import { flattenOptions, orderedGroups, viewAllLabel, type PanelQuery, type SearchOption } from '../../lib/search/options';
import { c } from '../../theme/tokens';
import { Parts } from './Parts';

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
  .group-label {
    font-size: 12px;
    font-weight: 650;
    color: ${c('textMute')};
    margin: 8px 10px 4px;
  }
  a[role='option'] {
    display: block;
    padding: 8px 10px;
    border-radius: 8px;
    color: ${c('text')};
    text-decoration: none;
  }
  a[role='option'].sub {
    margin-left: 18px;
    padding: 5px 10px;
    border-left: 2px solid ${c('border')};
    border-radius: 0 8px 8px 0;
  }
  a[role='option'].all {
    display: flex;
    align-items: center;
    min-height: 44px;
    margin-top: 6px;
    border-top: 1px solid ${c('border')};
    border-radius: 0 0 8px 8px;
    color: ${c('link')};
  }
  a[role='option'][aria-selected='true'] {
    background: ${c('primarySoft')};
  }
  .title {
    display: block;
    font-weight: 600;
  }
  .sub .title {
    font-weight: 500;
    font-size: 14px;
  }
  .crumb {
    display: block;
    font-size: 12px;
    color: ${c('textMute')};
  }
  .snippet {
    display: block;
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

interface Props extends PanelQuery {
  id: string;
  results: SearchHit[];
  active: number;
  onHover: (index: number) => void;
  onSelect: (option: SearchOption) => void;
}

/**
 * The results listbox. Every option is itself the link (`<a href role="option">`): ARIA allows the
 * option role on a link, its content stays presentational text (no interactive element nested in an
 * option), and the reader keeps what any link gives: the URL on hover, Ctrl/⌘-click, middle click
 * and "open in new tab". A plain left click navigates client-side. The last option is a link to the
 * results page with every result.
 */
export function SearchResults({ id, query, total, terms, results, active, onHover, onSelect }: Props) {
  if (results.length === 0) {
    return (
      <div css={panel} role="status" data-testid="search-empty">
        <p className="empty">没有找到与“{query}”相关的内容。换个关键词，或试试拼音。</p>
      </div>
    );
  }
  const options = flattenOptions(results, { query, total, terms });
  const onClick = (event: MouseEvent<HTMLAnchorElement>, option: SearchOption) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    onSelect(option);
  };
  const link = (o: SearchOption, i: number, className: string | undefined, children: ReactNode) => (
    <a
      key={o.url}
      id={`${id}-${i}`}
      role="option"
      aria-selected={i === active}
      href={withPrefix(o.link)}
      tabIndex={-1}
      className={className}
      data-url={o.url}
      onMouseEnter={() => onHover(i)}
      onMouseDown={(event) => {
        // Keep focus in the input (the combobox pattern); the click still follows.
        if (event.button === 0) event.preventDefault();
      }}
      onClick={(event) => onClick(event, o)}
    >
      {children}
    </a>
  );
  const last = options.length - 1;
  return (
    <div css={panel} data-testid="search-results">
      <div role="listbox" id={id} aria-label="搜索结果">
        {orderedGroups(results).map((group) => {
          const members = options.map((o, i) => ({ o, i })).filter(({ o }) => o.hit?.kind === group.kind);
          if (members.length === 0) return null;
          return (
            <div key={group.kind} role="group" aria-label={group.label}>
              <div className="group-label" aria-hidden="true">
                {group.label}
              </div>
              {members.map(({ o, i }) => {
                const hit = o.hit as SearchHit;
                const section = o.sub >= 0 ? hit.sections[o.sub] : undefined;
                return section
                  ? link(
                      o,
                      i,
                      'sub',
                      <>
                        <span className="title">{section.heading}</span>
                        <span className="snippet">
                          <Parts parts={section.snippet} />
                        </span>
                      </>,
                    )
                  : link(
                      o,
                      i,
                      undefined,
                      <>
                        <span className="title">
                          {hit.title}
                          {hit.heading ? ` › ${hit.heading}` : ''}
                        </span>
                        <span className="crumb">{hit.crumb}</span>
                        <span className="snippet">
                          <Parts parts={hit.snippet} />
                        </span>
                      </>,
                    );
              })}
            </div>
          );
        })}
        {link(options[last] as SearchOption, last, 'all', <span className="title">{viewAllLabel(total)}</span>)}
      </div>
    </div>
  );
}
