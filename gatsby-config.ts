import type { GatsbyConfig } from 'gatsby';
import { siteConfig } from './src/config/site';
import { normalizeBaseUrl } from './src/lib/base-url';
import { contentDir } from './gatsby/content/dir';
import { mountDevelopRoutes } from './gatsby/framework/develop-server';

const pathPrefix = normalizeBaseUrl(process.env.SITE_BASE_URL ?? siteConfig.baseUrl);

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
  // gatsby develop: routes that answer before Gatsby's own (search files, Markdown versions, cards), added by the features.
  developMiddleware: mountDevelopRoutes,
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
    // by gatsby/markdown (the Mdx.rendered field in gatsby-node.ts), not compiled into page code.
    { resolve: 'gatsby-plugin-mdx', options: { extensions: ['.mdx'] } },
    // Clicks on site links inside that HTML navigate client-side like <Link>.
    'gatsby-plugin-catch-links',
    // Site search needs no plugin: gatsby/search writes its two files (a post-build step; develop keeps them current).
  ],
};

export default config;
