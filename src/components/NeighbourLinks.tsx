import { css } from '@emotion/react';
import { Link } from 'gatsby';
import type { NavLink } from '../lib/routes';
import { c, mq } from '../theme/tokens';

const pager = css`
  display: grid;
  grid-template-columns: 1fr 1fr;
  gap: 16px;
  margin-top: 44px;
  a {
    display: block;
    padding: 14px 16px;
    border: 1px solid ${c('border')};
    border-radius: 10px;
    color: ${c('text')};
    font-weight: 600;
  }
  a:hover {
    border-color: ${c('primary')};
    text-decoration: none;
  }
  small {
    display: block;
    font-weight: 400;
    color: ${c('textMute')};
  }
  .right {
    grid-column: 2;
    text-align: right;
  }
  ${mq.narrowPhone} {
    grid-template-columns: 1fr;
    .right {
      grid-column: 1;
    }
  }
`;

export interface Neighbour {
  link: NavLink;
  caption: string;
  rel: 'prev' | 'next';
}

/** Two neighbour links side by side (previous/next doc, newer/older post). */
export function NeighbourLinks({ label, left, right, testId }: { label: string; left: Neighbour | null; right: Neighbour | null; testId?: string }) {
  if (!left && !right) return null;
  return (
    <nav css={pager} aria-label={label} data-testid={testId}>
      {left ? (
        <Link to={left.link.path} rel={left.rel}>
          <small>{left.caption}</small>
          {left.link.title}
        </Link>
      ) : null}
      {right ? (
        <Link to={right.link.path} rel={right.rel} className="right">
          <small>{right.caption}</small>
          {right.link.title}
        </Link>
      ) : null}
    </nav>
  );
}
