import type { MouseEvent } from 'react';
import { css } from '@emotion/react';
import { withPrefix } from 'gatsby';
import type { Part, SearchHit } from '../../lib/search/rank';
import { encodePath } from '../../lib/url-path';
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

const GROUPS: Array<{ kind: SearchHit['kind']; label: string }> = [
  { kind: 'doc', label: '文档' },
  { kind: 'post', label: '博客' },
];

/** One selectable line of the panel: a result or one of its section sub-results. */
export interface SearchOption {
  url: string;
  hit: SearchHit;
  /** Index of the sub-result in hit.sections, or -1 for the result itself. */
  sub: number;
}

/** Groups in the order of their best result: the group holding the top hit comes first. */
export function orderedGroups(results: SearchHit[]): typeof GROUPS {
  const firstIndex = (kind: SearchHit['kind']) => {
    const i = results.findIndex((r) => r.kind === kind);
    return i < 0 ? Number.MAX_SAFE_INTEGER : i;
  };
  return [...GROUPS].sort((a, b) => firstIndex(a.kind) - firstIndex(b.kind));
}

/** Every option in display order, group by group, each result followed by its sections (keyboard order follows it). */
export function flattenOptions(results: SearchHit[]): SearchOption[] {
  return orderedGroups(results).flatMap((g) =>
    results.filter((r) => r.kind === g.kind).flatMap((hit) => [{ url: hit.url, hit, sub: -1 }, ...hit.sections.map((s, sub) => ({ url: s.url, hit, sub }))]),
  );
}

/** The href of a result under the site's base URL: path segments encoded, the #id kept. */
export function resultHref(url: string): string {
  const hash = url.indexOf('#');
  const path = hash < 0 ? url : url.slice(0, hash);
  return `${withPrefix(encodePath(path))}${hash < 0 ? '' : `#${encodeURIComponent(url.slice(hash + 1))}`}`;
}

const Parts = ({ parts }: { parts: Part[] }) => <>{parts.map((part, k) => (part.match ? <mark key={k}>{part.text}</mark> : <span key={k}>{part.text}</span>))}</>;

interface Props {
  id: string;
  query: string;
  results: SearchHit[];
  active: number;
  onHover: (index: number) => void;
  onSelect: (option: SearchOption) => void;
}

/**
 * The results listbox. Every option is itself the link (`<a href role="option">`): ARIA allows the
 * option role on a link, its content stays presentational text (no interactive element nested in an
 * option), and the reader keeps what any link gives: the URL on hover, Ctrl/⌘-click, middle click
 * and "open in new tab". A plain left click navigates client-side.
 */
export function SearchResults({ id, query, results, active, onHover, onSelect }: Props) {
  if (results.length === 0) {
    return (
      <div css={panel} role="status" data-testid="search-empty">
        <p className="empty">没有找到与“{query}”相关的内容。换个关键词，或试试拼音。</p>
      </div>
    );
  }
  const options = flattenOptions(results);
  const onClick = (event: MouseEvent<HTMLAnchorElement>, option: SearchOption) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    onSelect(option);
  };
  return (
    <div css={panel} data-testid="search-results">
      <div role="listbox" id={id} aria-label="搜索结果">
        {orderedGroups(results).map((group) => {
          const members = options.map((o, i) => ({ o, i })).filter(({ o }) => o.hit.kind === group.kind);
          if (members.length === 0) return null;
          return (
            <div key={group.kind} role="group" aria-label={group.label}>
              <div className="group-label" aria-hidden="true">
                {group.label}
              </div>
              {members.map(({ o, i }) => {
                const section = o.sub >= 0 ? o.hit.sections[o.sub] : undefined;
                return (
                  <a
                    key={o.url}
                    id={`${id}-${i}`}
                    role="option"
                    aria-selected={i === active}
                    href={resultHref(o.url)}
                    tabIndex={-1}
                    className={section ? 'sub' : undefined}
                    data-url={o.url}
                    onMouseEnter={() => onHover(i)}
                    onMouseDown={(event) => {
                      // Keep focus in the input (the combobox pattern); the click still follows.
                      if (event.button === 0) event.preventDefault();
                    }}
                    onClick={(event) => onClick(event, o)}
                  >
                    {section ? (
                      <>
                        <span className="title">{section.heading}</span>
                        <span className="snippet">
                          <Parts parts={section.snippet} />
                        </span>
                      </>
                    ) : (
                      <>
                        <span className="title">
                          {o.hit.title}
                          {o.hit.heading ? ` › ${o.hit.heading}` : ''}
                        </span>
                        <span className="crumb">{o.hit.crumb}</span>
                        <span className="snippet">
                          <Parts parts={o.hit.snippet} />
                        </span>
                      </>
                    )}
                  </a>
                );
              })}
            </div>
          );
        })}
      </div>
    </div>
  );
}
