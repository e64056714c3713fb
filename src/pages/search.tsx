import type { HeadProps, PageProps } from 'gatsby';
import { Layout } from '../components/layout/Layout';
import { Seo } from '../components/layout/Seo';
import { SearchPage } from '../components/search/SearchPage';
import { siteConfig } from '../config/site';
import { readSearchState, searchTitle } from '../lib/search/page-url';

/** The search results page (/search?q=…): not indexed, not in the sitemap, llms.txt or the Markdown versions. */
export default function SearchRoute({ location }: PageProps) {
  return (
    <Layout title="搜索" pathname={location.pathname}>
      <SearchPage locationSearch={location.search} />
    </Layout>
  );
}

export function Head({ location }: HeadProps) {
  // Built without a query; in the browser the title names the query in the address.
  const q = typeof window === 'undefined' ? '' : readSearchState(window.location.search).q;
  return <Seo title="搜索" documentTitle={searchTitle(q, siteConfig.title)} description={`在 ${siteConfig.title} 的全部文档和博客中搜索。`} pathname={location.pathname} noindex />;
}
