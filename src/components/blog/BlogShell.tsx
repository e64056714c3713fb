import type { ReactNode } from 'react';
import { css } from '@emotion/react';
import { Link } from 'gatsby';
import { ARCHIVE_PATH, BLOG_BASE, TAGS_PATH } from '../../lib/routes';
import { c, mq } from '../../theme/tokens';

const shell = css`
  max-width: 880px;
  margin: 0 auto;
  padding: 32px 24px 0;
  ${mq.mobile} {
    padding: 20px 16px 0;
  }
  .blog-head {
    display: flex;
    flex-wrap: wrap;
    align-items: baseline;
    justify-content: space-between;
    gap: 8px 24px;
    padding-bottom: 12px;
    border-bottom: 1px solid ${c('border')};
  }
  h1 {
    font-size: 2rem;
    line-height: 1.3;
    margin: 0;
  }
  .blog-head p {
    flex-basis: 100%;
    margin: 4px 0 0;
    color: ${c('textSoft')};
  }
  .blog-nav {
    display: flex;
    gap: 16px;
    font-size: 15px;
  }
  .blog-nav a[aria-current='page'] {
    color: ${c('text')};
    font-weight: 600;
  }
`;

/** Heading and section links shared by the blog list, tag and archive pages. */
export function BlogShell({ title, intro, children }: { title: string; intro?: ReactNode; children: ReactNode }) {
  return (
    <div css={shell}>
      <header className="blog-head">
        <h1>{title}</h1>
        <nav className="blog-nav" aria-label="博客导航">
          <Link to={BLOG_BASE}>全部文章</Link>
          <Link to={TAGS_PATH}>标签</Link>
          <Link to={ARCHIVE_PATH}>历史博文</Link>
        </nav>
        {intro ? <p>{intro}</p> : null}
      </header>
      {children}
    </div>
  );
}
