import { css } from '@emotion/react';
import { Link } from 'gatsby';
import { tagPath } from '../../lib/tags';
import { c } from '../../theme/tokens';

const list = css`
  display: flex;
  flex-wrap: wrap;
  gap: 6px;
  list-style: none;
  margin: 0;
  padding: 0;
  a {
    display: inline-block;
    padding: 1px 10px;
    border-radius: 999px;
    border: 1px solid ${c('border')};
    font-size: 13px;
    line-height: 1.7;
    color: ${c('textSoft')};
  }
  a:hover {
    border-color: ${c('primary')};
    color: ${c('primary')};
    text-decoration: none;
  }
`;

export function TagLinks({ tags, label = '标签' }: { tags: string[]; label?: string }) {
  return (
    <ul css={list} aria-label={label}>
      {tags.map((tag) => (
        <li key={tag}>
          <Link to={tagPath(tag)}>{tag}</Link>
        </li>
      ))}
    </ul>
  );
}
