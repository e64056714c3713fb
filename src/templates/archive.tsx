import { css } from '@emotion/react';
import type { HeadProps, PageProps } from 'gatsby';
import { Link } from 'gatsby';
import { BlogShell } from '../components/blog/BlogShell';
import { Layout } from '../components/layout/Layout';
import { Seo } from '../components/layout/Seo';
import type { PostSummary } from '../lib/routes';
import { c } from '../theme/tokens';

const years = css`
  h2 {
    font-size: 1.4rem;
    margin: 28px 0 8px;
  }
  ul {
    list-style: none;
    margin: 0;
    padding: 0;
  }
  li {
    display: flex;
    gap: 16px;
    padding: 7px 0;
    border-bottom: 1px dashed ${c('border')};
  }
  time {
    flex: 0 0 auto;
    color: ${c('textMute')};
    font-variant-numeric: tabular-nums;
  }
`;

type ArchiveContext = { years: Array<{ year: string; posts: PostSummary[] }> };

export default function ArchiveTemplate({ pageContext, location }: PageProps<object, ArchiveContext>) {
  const total = pageContext.years.reduce((sum, y) => sum + y.posts.length, 0);
  return (
    <Layout title="历史博文" pathname={location.pathname}>
      <BlogShell title="历史博文" intro={`共 ${total} 篇文章，按年份归档。`}>
        <div css={years}>
          {pageContext.years.map((group) => (
            <section key={group.year} aria-labelledby={`year-${group.year}`}>
              <h2 id={`year-${group.year}`}>{group.year} 年</h2>
              <ul>
                {group.posts.map((post) => (
                  <li key={post.slug}>
                    <time dateTime={post.date}>{post.date.slice(5)}</time>
                    <Link to={post.path}>{post.title}</Link>
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </div>
      </BlogShell>
    </Layout>
  );
}

export function Head({ location }: HeadProps) {
  return <Seo title="历史博文" description="iofomo 博客的全部文章，按年份归档。" pathname={location.pathname} />;
}
