import type { HeadProps, PageProps } from 'gatsby';
import { BlogShell } from '../components/blog/BlogShell';
import { FeedHead, FeedLinks } from '../components/blog/FeedLinks';
import { Pagination } from '../components/blog/Pagination';
import { PostCard } from '../components/blog/PostCard';
import { Layout } from '../components/layout/Layout';
import { Seo } from '../components/layout/Seo';
import { tagFeedPaths } from '../lib/feeds';
import { listTitle } from '../lib/format';
import type { ListContext } from '../lib/routes';

type TagContext = ListContext & { tag: string; total?: number };

export default function TagListTemplate({ pageContext, location }: PageProps<object, TagContext>) {
  const { posts, page, numPages, basePath, tag } = pageContext;
  return (
    <Layout title={`标签：${tag}`} pathname={location.pathname}>
      <BlogShell title={`标签：${tag}`} intro={`带有“${tag}”标签的文章，按发布时间从新到旧排列。`}>
        {posts.map((post) => (
          <PostCard key={post.slug} post={post} />
        ))}
        <Pagination basePath={basePath} page={page} numPages={numPages} />
        <FeedLinks paths={tagFeedPaths(tag)} what="此标签" />
      </BlogShell>
    </Layout>
  );
}

export function Head({ pageContext, location }: HeadProps<object, TagContext>) {
  return (
    <Seo title={listTitle(`标签：${pageContext.tag}`, pageContext.page)} description={`iofomo 博客中带有“${pageContext.tag}”标签的文章。`} pathname={location.pathname}>
      <FeedHead paths={tagFeedPaths(pageContext.tag)} title={`标签：${pageContext.tag}`} />
    </Seo>
  );
}
