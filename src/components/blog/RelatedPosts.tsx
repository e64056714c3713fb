import { css } from '@emotion/react';
import { Link } from 'gatsby';
import { formatDateZh } from '../../lib/format';
import type { RelatedLink } from '../../lib/routes';
import { c } from '../../theme/tokens';

const list = css`
  margin: 40px 0 0;
  h2 {
    font-size: 1.05rem;
    margin: 0 0 10px;
  }
  ul {
    margin: 0;
    padding: 0;
    list-style: none;
    display: grid;
    gap: 8px;
  }
  li {
    overflow-wrap: anywhere;
  }
  /* Beside plain text (dates, labels): told apart by more than colour. */
  li a {
    text-decoration: underline;
  }
  time {
    margin-left: 8px;
    color: ${c('textMute')};
    font-size: 0.85em;
    white-space: nowrap;
  }
`;

/** 相关文章: up to three posts chosen at build time (gatsby/content/related.ts); plain links, no script. */
export function RelatedPosts({ posts }: { posts: readonly RelatedLink[] }) {
  if (!posts.length) return null;
  return (
    <section css={list} aria-labelledby="related-title" data-testid="related-posts">
      <h2 id="related-title">相关文章</h2>
      <ul>
        {posts.map((post) => (
          <li key={post.path}>
            <Link to={post.path}>{post.title}</Link>
            <time dateTime={post.date}>{formatDateZh(post.date)}</time>
          </li>
        ))}
      </ul>
    </section>
  );
}
