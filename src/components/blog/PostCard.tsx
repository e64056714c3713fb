import { css } from '@emotion/react';
import { Link } from 'gatsby';
import type { PostSummary } from '../../lib/routes';
import { c } from '../../theme/tokens';
import { PostMeta } from './PostMeta';
import { TagLinks } from './TagLinks';

const card = css`
  padding: 22px 0;
  border-bottom: 1px solid ${c('border')};
  h2 {
    font-size: 1.3rem;
    line-height: 1.45;
    margin: 0 0 6px;
  }
  h2 a {
    color: ${c('text')};
  }
  h2 a:hover {
    color: ${c('link')};
  }
  p {
    margin: 10px 0 12px;
    color: ${c('textSoft')};
  }
`;

export function PostCard({ post }: { post: PostSummary }) {
  return (
    <article css={card} data-testid="post-card">
      <h2>
        <Link to={post.path}>{post.title}</Link>
      </h2>
      <PostMeta date={post.date} readingMinutes={post.readingMinutes} />
      <p>{post.description}</p>
      <TagLinks tags={post.tags} />
    </article>
  );
}
