import { css } from '@emotion/react';
import { Link } from 'gatsby';
import type { Crumb } from '../../lib/breadcrumbs';
import { c } from '../../theme/tokens';
import { HomeIcon } from '../icons';

const list = css`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 4px;
  list-style: none;
  margin: 0 0 16px;
  padding: 0;
  font-size: 13.5px;
  color: ${c('textMute')};
  li {
    display: inline-flex;
    align-items: center;
    gap: 4px;
  }
  li + li::before {
    content: '›';
    margin: 0 4px;
    color: ${c('textMute')};
  }
  a {
    display: inline-flex;
    align-items: center;
    color: ${c('textSoft')};
  }
  [aria-current='page'] {
    color: ${c('text')};
    font-weight: 500;
  }
`;

export function Breadcrumbs({ crumbs }: { crumbs: Crumb[] }) {
  return (
    <nav aria-label="面包屑导航" data-testid="breadcrumbs">
      <ol css={list}>
        {crumbs.map((crumb, i) => {
          const last = i === crumbs.length - 1;
          const content = i === 0 ? <HomeIcon size={16} aria-hidden="true" /> : crumb.label;
          return (
            <li key={`${crumb.label}-${i}`}>
              {crumb.path && !last ? (
                <Link to={crumb.path} aria-label={i === 0 ? crumb.label : undefined}>
                  {content}
                </Link>
              ) : (
                <span aria-current={last ? 'page' : undefined}>{content}</span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
