import type { HeadProps, PageProps } from 'gatsby';
import { BlogShell } from '../components/blog/BlogShell';
import { Pagination } from '../components/blog/Pagination';
import { PostCard } from '../components/blog/PostCard';
import { Layout } from '../components/layout/Layout';
import { Seo } from '../components/layout/Seo';
import { listTitle } from '../lib/format';
import type { ListContext } from '../lib/routes';

export default function BlogListTemplate({ pageContext, location }: PageProps<object, ListContext>) {
  const { posts, page, numPages, basePath } = pageContext;
  return (
    <Layout title="博客" pathname={location.pathname}>
      <BlogShell title="博客" intro="Android 底层、逆向与沙箱、开发工具、AI，以及我们做产品的经历。">
        {posts.map((post) => (
          <PostCard key={post.slug} post={post} />
        ))}
        <Pagination basePath={basePath} page={page} numPages={numPages} />
      </BlogShell>
    </Layout>
  );
}

export function Head({ pageContext, location }: HeadProps<object, ListContext>) {
  return <Seo title={listTitle('博客', pageContext.page)} description="iofomo 技术博客：Android 底层、逆向与沙箱、开发工具与 AI。" pathname={location.pathname} />;
}
