/**
 * Gatsby's server-rendering hooks: what every page's HTML carries before any JavaScript runs — the
 * <html lang>, the icons and opensearch link, the inline head scripts (src/lib/head-script.ts
 * applies the reader's stored choices before first paint), and the site-wide CSS. Written at
 * build time only, so the browser bundle does not carry them again.
 */
import { withPrefix, type GatsbySSR } from 'gatsby';
import { CONTENT_STYLES } from './gatsby/markdown/constructs';
import { GlobalStyles, siteStyles } from './src/components/layout/GlobalStyles';
import { siteConfig } from './src/config/site';
import { baseUrlBannerScript } from './src/lib/base-url-banner';
import { GATSBY_IMAGE_HEAD_KEYS } from './src/lib/gatsby-runtime';
import { normalizeBaseUrl } from './src/lib/base-url';
import { headScript } from './src/lib/head-script';
import { OPENSEARCH_PATH, OPENSEARCH_TYPE } from './src/lib/opensearch';

export const onRenderBody: GatsbySSR['onRenderBody'] = (args) => {
  const { setHtmlAttributes, setHeadComponents } = args;
  // Gatsby passes pathPrefix (set with --prefix-paths; SITE_BASE_URL in gatsby-config), untyped.
  const basePath = normalizeBaseUrl((args as { pathPrefix?: string }).pathPrefix || '/');
  setHtmlAttributes({ lang: siteConfig.htmlLang, 'data-theme': 'light' } as Record<string, string>);
  const scripts = [headScript(siteConfig.announcement?.id ?? null), baseUrlBannerScript(basePath, siteConfig.title)].filter(Boolean);
  setHeadComponents([
    <meta key="color-scheme" name="color-scheme" content="light dark" />,
    <link key="icon-svg" rel="icon" type="image/svg+xml" href={withPrefix('/favicon.svg')} />,
    <link key="icon-ico" rel="icon" href={withPrefix('/favicon.ico')} sizes="32x32" />,
    <link key="apple-touch-icon" rel="apple-touch-icon" href={withPrefix('/apple-touch-icon.png')} />,
    // Browsers offer to search the site from the address bar (src/lib/opensearch.ts).
    <link key="opensearch" rel="search" type={OPENSEARCH_TYPE} title={siteConfig.title} href={withPrefix(OPENSEARCH_PATH)} />,
    ...scripts.map((source, i) => <script key={`inline-${i}`} dangerouslySetInnerHTML={{ __html: source }} />),
  ]);
};

/**
 * gatsby-plugin-image is configured only for its GraphQL image types (gatsby-transformer-sharp's
 * gatsbyImageData); pages render images with <StaticPicture>, never <GatsbyImage>. Its head
 * CSS, <noscript> CSS and module script (a load listener for GatsbyImage fade-in) would otherwise
 * be inlined and run on every page for nothing. Their keys are the plugin's private ones (canary:
 * __tests__/unit/gatsby-internals.test.ts).
 */
const UNUSED_HEAD_KEYS = new Set(GATSBY_IMAGE_HEAD_KEYS);

export const onPreRenderHTML: GatsbySSR['onPreRenderHTML'] = ({ getHeadComponents, replaceHeadComponents }) => {
  const components = getHeadComponents() as Array<{ key?: string | null }>;
  replaceHeadComponents(components.filter((component) => !UNUSED_HEAD_KEYS.has(String(component?.key ?? ''))) as never);
};

/**
 * The site-wide CSS (both themes' tokens, base elements, utility classes) is written into every
 * page at build time and moved into <head> with the other styles (gatsby/postbuild/finish-html.ts).
 * The browser bundle does not carry it: it never changes after load, so hydrating it again would
 * only cost bytes and start-up time. `gatsby develop` adds it in gatsby-browser.tsx instead.
 * The content constructs' part comes from their registry (gatsby/markdown/constructs), which
 * webpack reads for its CSS only (gatsby/framework/webpack/light-constructs.ts).
 * (wrapPageElement, not wrapRootElement: Gatsby also wraps every <Head> in the latter, which
 * would write the same CSS a second time into <head>.)
 */
const SITE_STYLES = siteStyles(CONTENT_STYLES);

export const wrapPageElement: GatsbySSR['wrapPageElement'] = ({ element }) => (
  <>
    <GlobalStyles styles={SITE_STYLES} />
    {element}
  </>
);
