import { css } from '@emotion/react';
import { Link } from 'gatsby';
import { siteConfig, type PopoverEntry } from '../../config/site';
import { c, layout } from '../../theme/tokens';

const panel = (width: 'wide' | 'narrow') => css`
  width: ${width === 'wide' ? layout.popoverWideWidth : layout.popoverNarrowWidth}px;
  max-width: calc(100vw - 32px);
  background: ${c('surface')};
  border: 1px solid ${c('border')};
  border-radius: 12px;
  box-shadow: ${c('shadow')};
  overflow: hidden;
  ul {
    list-style: none;
    margin: 0;
    padding: 12px;
    display: grid;
    grid-template-columns: ${width === 'wide' ? '1fr 1fr' : '1fr'};
    gap: 4px;
  }
  a.entry {
    display: block;
    padding: 10px 12px;
    border-radius: 8px;
    color: ${c('text')};
    text-decoration: none;
    line-height: 1.5;
  }
  a.entry:hover,
  a.entry:focus-visible {
    background: ${c('bgSoft')};
  }
  .entry-label {
    display: block;
    font-weight: 600;
  }
  .entry-desc {
    display: block;
    font-size: 13px;
    color: ${c('textMute')};
  }
  .panel-footer {
    display: block;
    padding: 10px 24px;
    border-top: 1px solid ${c('border')};
    background: ${c('bgSoft')};
    font-size: 13px;
    color: ${c('textSoft')};
  }
`;

export function PopoverPanel({ width, items }: { width: 'wide' | 'narrow'; items: PopoverEntry[] }) {
  return (
    <div css={panel(width)} data-popover-width={width}>
      <ul>
        {items.map((item) => (
          <li key={item.href + item.label}>
            <Link className="entry" to={item.href}>
              <span className="entry-label">{item.label}</span>
              <span className="entry-desc">{item.description}</span>
            </Link>
          </li>
        ))}
      </ul>
      <a className="panel-footer" href={siteConfig.starLink.href} target="_blank" rel="noopener noreferrer">
        {siteConfig.starLink.label}
      </a>
    </div>
  );
}
