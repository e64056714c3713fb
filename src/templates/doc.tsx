import { graphql, withPrefix, type HeadProps, type PageProps } from 'gatsby';
import { Breadcrumbs } from '../components/docs/Breadcrumbs';
import { DocPager } from '../components/docs/DocPager';
import { DocSidebar } from '../components/docs/DocSidebar';
import { EditLink } from '../components/docs/EditLink';
import { MobileDocSidebar } from '../components/docs/MobileDocSidebar';
import { useDocSidebar } from '../components/docs/useDocSidebar';
import { VersionSelect } from '../components/docs/VersionSelect';
import { Layout } from '../components/layout/Layout';
import { Seo } from '../components/layout/Seo';
import { Markdown } from '../components/mdx/Markdown';
import { MarkdownLinks } from '../components/mdx/MarkdownLinks';
import { LastUpdated } from '../components/LastUpdated';
import { TableOfContents } from '../components/TableOfContents';
import { UnlistedNotice } from '../components/UnlistedNotice';
import { toolNameForKey } from '../config/site';
import { docPath, sidebarKey } from '../lib/docs';
import type { LastUpdated as LastUpdatedValue } from '../lib/last-updated';
import type { ShareCard } from '../lib/types/share-card';
import type { PagePlan } from '../lib/routes';
import type { TocEntry } from '../lib/types/toc';

interface DocData {
  mdx: {
    frontmatter: { title: string; description: string | null; unlisted: boolean | null; hide_sidebar: boolean | null };
    rendered: { html: string; toc: TocEntry[] };
  };
}

/** The plan's context plus the generated share card (gatsby/exports/build-exports.ts) and the last change (gatsby/pages/gatsby-node.ts). */
type DocContext = Extract<PagePlan, { kind: 'doc' }>['context'] & {
  shareCard?: ShareCard | null;
  lastUpdated?: LastUpdatedValue | null;
  reportIssueHref?: string;
  /** The breadcrumb trail as JSON-LD, written at build time (gatsby/pages/gatsby-node.ts): no code for it in the page's JavaScript. */ breadcrumbLd?: string;
};

export default function DocTemplate({ data, pageContext, location }: PageProps<DocData, DocContext>) {
  const fm = data.mdx.frontmatter;
  const { docId } = pageContext;
  const sidebar = useDocSidebar(pageContext.sidebarKey);
  const toolTitle = toolNameForKey(sidebarKey(docId)) ?? (sidebarKey(docId) === 'about' ? '关于我们' : '文档');
  const sidebarNav = sidebar ? (
    <>
      <VersionSelect />
      <DocSidebar sidebar={sidebar} currentId={docId} title={toolTitle} />
    </>
  ) : null;
  const toc = data.mdx.rendered.toc;
  return (
    <Layout title={fm.title} pathname={location.pathname}>
      <div className={`doc-grid ${sidebar ? 'has-sidebar' : 'no-sidebar'}`} data-testid="doc-page">
        {sidebarNav ? <div className="sidebar-col">{sidebarNav}</div> : null}
        <div className="content-col">
          {sidebarNav ? <MobileDocSidebar pathname={location.pathname}>{sidebarNav}</MobileDocSidebar> : null}
          <Breadcrumbs crumbs={pageContext.breadcrumbs} />
          <article>
            <h1>{fm.title}</h1>
            {fm.unlisted ? <UnlistedNotice /> : null}
            <MarkdownLinks pagePath={docPath(docId)} issueHref={pageContext.reportIssueHref ?? ''} unlisted={fm.unlisted} />
            {toc.length ? (
              <details className="mobile-toc" data-testid="mobile-toc">
                <summary>本页目录</summary>
                <TableOfContents entries={toc} title="本页目录" />
              </details>
            ) : null}
            <Markdown html={data.mdx.rendered.html} />
          </article>
          <EditLink docId={docId} />
          {pageContext.lastUpdated ? <LastUpdated value={pageContext.lastUpdated} block /> : null}
          <DocPager previous={pageContext.previous} next={pageContext.next} />
        </div>
        <div className="toc-col">
          <TableOfContents entries={toc} />
        </div>
      </div>
    </Layout>
  );
}

export function Head({ data, pageContext, location }: HeadProps<DocData, DocContext>) {
  const fm = data.mdx.frontmatter;
  const card = pageContext.shareCard;
  const image = card ? { image: withPrefix(card.path), imageAlt: card.alt, imageSize: card } : {};
  return (
    <Seo title={fm.title} description={fm.description ?? undefined} pathname={location.pathname} noindex={Boolean(fm.unlisted)} {...image}>
      {pageContext.breadcrumbLd ? <script type="application/ld+json">{pageContext.breadcrumbLd}</script> : null}
    </Seo>
  );
}

export const query = graphql`
  query DocById($id: String!, $basePath: String!, $assetPrefix: String!, $anchorAliases: String) {
    mdx(id: { eq: $id }) {
      frontmatter {
        title
        description
        unlisted
        hide_sidebar
      }
      rendered(basePath: $basePath, assetPrefix: $assetPrefix, anchorAliases: $anchorAliases)
    }
  }
`;
