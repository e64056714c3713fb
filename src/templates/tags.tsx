import { css } from '@emotion/react';
import type { HeadProps, PageProps } from 'gatsby';
import { Link } from 'gatsby';
import { BlogShell } from '../components/blog/BlogShell';
import { Layout } from '../components/layout/Layout';
import { Seo } from '../components/layout/Seo';
import type { TagSummary } from '../lib/tags';
import { c } from '../theme/tokens';

const cloud = css`
  display: flex;
  flex-wrap: wrap;
  gap: 10px;
  list-style: none;
  padding: 24px 0;
  margin: 0;
  a {
    display: inline-flex;
    align-items: center;
    gap: 8px;
    padding: 6px 14px;
    border-radius: 999px;
    border: 1px solid ${c('border')};
    color: ${c('text')};
  }
  a:hover {
    border-color: ${c('primary')};
    text-decoration: none;
  }
  .count {
    font-size: 12px;
    padding: 0 7px;
    border-radius: 999px;
    background: ${c('bgMute')};
    color: ${c('textSoft')};
  }
`;

export default function TagsTemplate({ pageContext, location }: PageProps<object, { tags: TagSummary[] }>) {
  return (
    <Layout title="标签" pathname={location.pathname}>
      <BlogShell title="标签" intro={`共 ${pageContext.tags.length} 个标签。`}>
        <ul css={cloud} data-testid="tag-cloud">
          {pageContext.tags.map((tag) => (
            <li key={tag.label}>
              <Link to={tag.path}>
                {tag.label}
                <span className="count" aria-label={`${tag.count} 篇文章`}>
                  {tag.count}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </BlogShell>
    </Layout>
  );
}

export function Head({ location }: HeadProps) {
  return <Seo title="标签" description="按标签浏览 iofomo 博客的全部文章。" pathname={location.pathname} />;
}
