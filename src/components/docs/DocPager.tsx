import { css } from '@emotion/react';
import { Link } from 'gatsby';
import type { NavLink } from '../../lib/routes';
import { c, mq } from '../../theme/tokens';

const pager = css`
  display: grid;
  grid-template-columns: 1fr 1fr;
  gap: 16px;
  margin-top: 40px;
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
  .next {
    grid-column: 2;
    text-align: right;
  }
  ${mq.narrowPhone} {
    grid-template-columns: 1fr;
    .next {
      grid-column: 1;
    }
  }
`;

export function DocPager({ previous, next }: { previous: NavLink | null; next: NavLink | null }) {
  if (!previous && !next) return null;
  return (
    <nav css={pager} aria-label="文档翻页" data-testid="doc-pager">
      {previous ? (
        <Link to={previous.path} rel="prev">
          <small>上一页</small>
          {previous.title}
        </Link>
      ) : null}
      {next ? (
        <Link to={next.path} rel="next" className="next">
          <small>下一页</small>
          {next.title}
        </Link>
      ) : null}
    </nav>
  );
}
