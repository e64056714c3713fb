/**
 * Names in Gatsby's runtime (and a plugin's) that gatsby-browser.tsx and gatsby-ssr.tsx rely on.
 * Bundled code, so it lives here and not in gatsby/; gatsby/framework/internals.ts re-exports
 * them, and the canary test (__tests__/unit/gatsby-internals.test.ts) checks them against the
 * installed gatsby/cache-dir and gatsby-plugin-image.
 */

/** The element Gatsby renders every page into (inside #___gatsby); empty when nothing was prerendered. */
export const GATSBY_FOCUS_WRAPPER_ID = 'gatsby-focus-wrapper';

/** The window property Gatsby sets to its navigate function before the first render; Link and navigate() call it. */
export const GATSBY_NAVIGATE = '___navigate';

/**
 * The keys of the head components gatsby-plugin-image's gatsby-ssr adds to every page (its
 * onRenderBody: wrapper CSS, <noscript> CSS, a module script for GatsbyImage's fade-in). Private:
 * not documented, only the React keys it happens to give them. gatsby-ssr.tsx drops them.
 */
export const GATSBY_IMAGE_HEAD_KEYS: readonly string[] = ['gatsby-image-style', 'gatsby-image-style-noscript', 'gatsby-image-style-script'];
