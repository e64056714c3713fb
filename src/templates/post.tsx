import { css } from '@emotion/react';
import { graphql, withPrefix, type HeadProps, type PageProps } from 'gatsby';
import type { IGatsbyImageData } from 'gatsby-plugin-image';
import authors from '../../content/authors.json';
import { PostMeta } from '../components/blog/PostMeta';
import { RelatedPosts } from '../components/blog/RelatedPosts';
import { FeedHead } from '../components/blog/FeedLinks';
import { SeriesBox, SeriesNote } from '../components/blog/SeriesBox';
import { TagLinks } from '../components/blog/TagLinks';
import { Layout } from '../components/layout/Layout';
import { Seo } from '../components/layout/Seo';
import { seriesFeedPaths } from '../lib/feeds';
import { Markdown } from '../components/mdx/Markdown';
import { MarkdownLinks } from '../components/mdx/MarkdownLinks';
import { NeighbourLinks } from '../components/NeighbourLinks';
import { StaticPicture } from '../components/StaticPicture';
import { LastUpdated } from '../components/LastUpdated';
import { TableOfContents } from '../components/TableOfContents';
import { UnlistedNotice } from '../components/UnlistedNotice';
import type { LastUpdated as LastUpdatedValue } from '../lib/last-updated';
import type { NavLink, PagePlan } from '../lib/routes';
import type { TocEntry } from '../lib/types/toc';
import type { ShareCard } from '../lib/types/share-card';
import { c, mq } from '../theme/tokens';

interface PostData {
  mdx: {
    frontmatter: {
      title: string;
      date: string;
      tags: string[];
      authors: string[];
      description: string;
      unlisted: boolean | null;
      image: { publicURL: string; childImageSharp: { gatsbyImageData: IGatsbyImageData } | null } | null;
    };
    rendered: { html: string; toc: TocEntry[]; coverAlt: string | null };
  };
}

/** The plan's context plus the generated share card (posts without a cover, see gatsby/exports/build-exports.ts) and the last change when it was edited after its date (gatsby/pages/gatsby-node.ts). */
type PostContext = Extract<PagePlan, { kind: 'post' }>['context'] & { shareCard?: ShareCard | null; lastUpdated?: LastUpdatedValue | null; reportIssueHref?: string };

const authorTable = authors as Record<string, { name: string; title?: string; url?: string }>;

const page = css`
  max-width: 1200px;
  margin: 0 auto;
  padding: 32px 24px 0;
  display: grid;
  grid-template-columns: minmax(0, 1fr) 240px;
  gap: 48px;
  ${mq.mobile} {
    grid-template-columns: minmax(0, 1fr);
    padding: 20px 16px 0;
  }
  article {
    min-width: 0;
    max-width: 820px;
  }
  h1 {
    font-size: 2.1rem;
    line-height: 1.3;
    margin: 0 0 12px;
  }
  ${mq.mobile} {
    h1 {
      font-size: 1.65rem;
    }
  }
  .post-head {
    margin-bottom: 28px;
    display: grid;
    gap: 12px;
  }
  .cover img {
    border-radius: 10px;
    border: 1px solid ${c('border')};
  }
  /* The table of contents' column: a child of the grid, not the callouts (<aside>) in the text. */
  > aside {
    position: sticky;
    top: 84px;
    align-self: start;
    max-height: calc(100vh - 100px);
    overflow-y: auto;
  }
  ${mq.mobile} {
    > aside {
      display: none;
    }
  }
`;

/** Newer post on the left, older on the right: lists run newest first. */
function Pager({ previous, next }: { previous: NavLink | null; next: NavLink | null }) {
  return <NeighbourLinks label="相邻文章" left={next ? { link: next, caption: '较新的文章', rel: 'next' } : null} right={previous ? { link: previous, caption: '较早的文章', rel: 'prev' } : null} />;
}

export default function PostTemplate({ data, pageContext, location }: PageProps<PostData, PostContext>) {
  const fm = data.mdx.frontmatter;
  const author = fm.authors.map((id) => authorTable[id]?.name ?? id).join('、');
  const cover = fm.image?.childImageSharp?.gatsbyImageData;
  return (
    <Layout title={fm.title} pathname={location.pathname}>
      <div css={page}>
        <article>
          <header className="post-head">
            <h1>{fm.title}</h1>
            <PostMeta date={fm.date} readingMinutes={pageContext.readingMinutes} author={author}>
              {pageContext.lastUpdated ? <LastUpdated value={pageContext.lastUpdated} /> : null}
            </PostMeta>
            <TagLinks tags={fm.tags} />
            {pageContext.series ? <SeriesNote series={pageContext.series} /> : null}
          </header>
          <MarkdownLinks pagePath={`/blog/${pageContext.slug}`} issueHref={pageContext.reportIssueHref ?? ''} unlisted={fm.unlisted} />
          {fm.unlisted ? <UnlistedNotice /> : null}
          {cover ? <StaticPicture className="cover" image={cover} alt={data.mdx.rendered.coverAlt || `${fm.title}：封面图`} eager /> : null}
          <Markdown html={data.mdx.rendered.html} />
          {pageContext.series ? <SeriesBox series={pageContext.series} /> : null}
          <RelatedPosts posts={pageContext.related ?? []} />
          <Pager previous={pageContext.previous} next={pageContext.next} />
        </article>
        <aside>
          <TableOfContents entries={data.mdx.rendered.toc} />
        </aside>
      </div>
    </Layout>
  );
}

export function Head({ data, location, pageContext }: HeadProps<PostData, PostContext>) {
  const fm = data.mdx.frontmatter;
  const card = fm.image ? null : pageContext.shareCard;
  const image = card ? { image: withPrefix(card.path), imageAlt: card.alt, imageSize: card } : { image: fm.image?.publicURL, imageAlt: data.mdx.rendered.coverAlt || `${fm.title}：封面图` };
  return (
    <Seo title={fm.title} description={fm.description} pathname={location.pathname} type="article" noindex={Boolean(fm.unlisted)} {...image}>
      <meta property="article:published_time" content={fm.date} />
      {fm.tags.map((tag) => (
        <meta key={tag} property="article:tag" content={tag} />
      ))}
      {pageContext.series ? <FeedHead paths={seriesFeedPaths(pageContext.series.key)} title={pageContext.series.name} /> : null}
    </Seo>
  );
}

export const query = graphql`
  query PostById($id: String!, $basePath: String!, $assetPrefix: String!, $anchorAliases: String) {
    mdx(id: { eq: $id }) {
      frontmatter {
        title
        date(formatString: "YYYY-MM-DD")
        tags
        authors
        description
        unlisted
        image {
          publicURL
          childImageSharp {
            gatsbyImageData(width: 820, layout: CONSTRAINED, formats: [AUTO, WEBP])
          }
        }
      }
      rendered(basePath: $basePath, assetPrefix: $assetPrefix, anchorAliases: $anchorAliases)
    }
  }
`;
