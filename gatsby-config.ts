import type { GatsbyConfig } from 'gatsby';
import remarkGfm from 'remark-gfm';
import rehypeSlug from 'rehype-slug';
import rehypeAutolinkHeadings from 'rehype-autolink-headings';
import { siteConfig } from './src/config/site';
import { normalizeBaseUrl } from './src/lib/base-url';

const pathPrefix = normalizeBaseUrl(process.env.SITE_BASE_URL ?? siteConfig.baseUrl);
/** Benchmarks build synthetic content from another folder; editors never need this. */
const contentDir = process.env.SITE_CONTENT_DIR ?? `${__dirname}/content`;

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
    {
      resolve: 'gatsby-plugin-mdx',
      options: {
        extensions: ['.mdx'],
        gatsbyRemarkPlugins: [
          {
            resolve: 'gatsby-remark-images',
            options: {
              maxWidth: 860,
              linkImagesToOriginal: false,
              withWebp: true,
              backgroundColor: 'transparent',
              disableBgImageOnAlpha: true,
              quality: 80,
            },
          },
          { resolve: 'gatsby-remark-copy-linked-files', options: { ignoreFileExtensions: ['png', 'jpg', 'jpeg', 'webp'] } },
        ],
        mdxOptions: {
          remarkPlugins: [remarkGfm],
          rehypePlugins: [
            rehypeSlug,
            [
              rehypeAutolinkHeadings,
              {
                behavior: 'append',
                properties: { className: ['heading-anchor'], ariaHidden: 'true', tabIndex: -1 },
                content: { type: 'text', value: '#' },
              },
            ],
          ],
        },
      },
    },
  ],
};

export default config;
