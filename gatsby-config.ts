import type { GatsbyConfig } from 'gatsby';
import { pinyin } from 'pinyin-pro';
import { siteConfig, toolNameForKey } from './src/config/site';
import { normalizeBaseUrl } from './src/lib/base-url';
import { buildSearchDocuments, type SearchSource } from './src/lib/search/documents';
import { flexSearchOptions } from './src/lib/search/tokenize';

const pathPrefix = normalizeBaseUrl(process.env.SITE_BASE_URL ?? siteConfig.baseUrl);
/** Benchmarks build synthetic content from another folder; editors never need this. */
const contentDir = process.env.SITE_CONTENT_DIR ?? `${__dirname}/content`;

interface SearchQueryData {
  data: {
    allMdx: {
      nodes: Array<{
        body: string;
        frontmatter: { title: string; slug: string | null; date: string | null; description: string | null; unlisted: boolean | null; draft: boolean | null };
        fields: { kind: 'post' | 'doc' | null; docId: string | null } | null;
      }>;
    };
  };
}

/** Search documents for gatsby-plugin-local-search: listed posts and docs, pinyin added at build. */
function searchNormalizer({ data }: SearchQueryData) {
  const sources: SearchSource[] = data.allMdx.nodes
    .filter((n) => n.fields?.kind && !n.frontmatter.unlisted && !n.frontmatter.draft)
    .map((n) => ({
      kind: n.fields?.kind as 'post' | 'doc',
      title: n.frontmatter.title,
      body: n.body,
      description: n.frontmatter.description ?? undefined,
      slug: n.frontmatter.slug ?? undefined,
      date: n.frontmatter.date ?? undefined,
      docId: n.fields?.docId ?? undefined,
    }))
    .sort((a, b) => (a.kind === b.kind ? 0 : a.kind === 'doc' ? -1 : 1));
  return buildSearchDocuments(sources, (run) => pinyin(run, { toneType: 'none', type: 'array' }), toolNameForKey);
}

const config: GatsbyConfig = {
  siteMetadata: {
    title: siteConfig.title,
    description: siteConfig.description,
    siteUrl: siteConfig.url,
  },
  pathPrefix: pathPrefix === '/' ? undefined : pathPrefix,
  trailingSlash: 'never',
  jsxRuntime: 'automatic',
  jsxImportSource: '@emotion/react',
  graphqlTypegen: false,
  flags: { DEV_SSR: false },
  plugins: [
    'gatsby-plugin-emotion',
    { resolve: 'gatsby-source-filesystem', options: { name: 'blog', path: `${contentDir}/blog` } },
    { resolve: 'gatsby-source-filesystem', options: { name: 'docs', path: `${contentDir}/docs` } },
    'gatsby-plugin-image',
    {
      resolve: 'gatsby-plugin-sharp',
      // AVIF doubles image time for little gain at these sizes: WebP plus the original format.
      options: { defaults: { formats: ['auto', 'webp'], placeholder: 'none', quality: 80 } },
    },
    'gatsby-transformer-sharp',
    // Sources .mdx files as Mdx nodes (frontmatter, body). Bodies are rendered to HTML at build time
    // by src/lib/markdown (the Mdx.rendered field in gatsby-node.ts), not compiled into page code.
    { resolve: 'gatsby-plugin-mdx', options: { extensions: ['.mdx'] } },
    // Clicks on site links inside that HTML navigate client-side like <Link>.
    'gatsby-plugin-catch-links',
    {
      resolve: 'gatsby-plugin-local-search',
      options: {
        name: 'site',
        engine: 'flexsearch',
        engineOptions: flexSearchOptions(),
        query: `
          query SearchSources {
            allMdx {
              nodes {
                body
                frontmatter { title slug date(formatString: "YYYY-MM-DD") description unlisted draft }
                fields { kind docId }
              }
            }
          }
        `,
        ref: 'id',
        index: ['_'],
        store: ['id', 'kind', 'title', 'url', 'section', 'excerpt', 'headings', 'text', 'pinyin'],
        normalizer: searchNormalizer,
      },
    },
  ],
};

export default config;
