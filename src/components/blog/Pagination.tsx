import { css } from '@emotion/react';
import { Link } from 'gatsby';
import { pagePath } from '../../lib/paginate';
import { c } from '../../theme/tokens';

const nav = css`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: center;
  gap: 6px;
  margin: 32px 0 8px;
  a,
  span {
    min-width: 38px;
    padding: 6px 12px;
    border-radius: 8px;
    border: 1px solid ${c('border')};
    text-align: center;
    color: ${c('text')};
  }
  a:hover {
    border-color: ${c('primary')};
    text-decoration: none;
  }
  [aria-current='page'] {
    background: ${c('primary')};
    border-color: ${c('primary')};
    color: ${c('onPrimary')};
  }
  .disabled {
    color: ${c('textMute')};
    border-style: dashed;
  }
`;

export function Pagination({ basePath, page, numPages }: { basePath: string; page: number; numPages: number }) {
  if (numPages <= 1) return null;
  const pages = Array.from({ length: numPages }, (_, i) => i + 1);
  return (
    <nav css={nav} aria-label="分页" data-testid="pagination">
      {page > 1 ? (
        <Link to={pagePath(basePath, page - 1)} rel="prev">
          上一页
        </Link>
      ) : (
        <span className="disabled">上一页</span>
      )}
      {pages.map((n) =>
        n === page ? (
          <span key={n} aria-current="page">
            {n}
          </span>
        ) : (
          <Link key={n} to={pagePath(basePath, n)} aria-label={`第 ${n} 页`}>
            {n}
          </Link>
        ),
      )}
      {page < numPages ? (
        <Link to={pagePath(basePath, page + 1)} rel="next">
          下一页
        </Link>
      ) : (
        <span className="disabled">下一页</span>
      )}
    </nav>
  );
}
