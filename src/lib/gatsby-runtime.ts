/**
 * Names in Gatsby's browser runtime that gatsby-browser.tsx relies on. Browser code, so it lives
 * here and not in gatsby/; gatsby/framework/internals.ts re-exports both, and the canary test
 * (__tests__/unit/gatsby-internals.test.ts) checks them against the installed gatsby/cache-dir.
 */

/** The element Gatsby renders every page into (inside #___gatsby); empty when nothing was prerendered. */
export const GATSBY_FOCUS_WRAPPER_ID = 'gatsby-focus-wrapper';

/** The window property Gatsby sets to its navigate function before the first render; Link and navigate() call it. */
export const GATSBY_NAVIGATE = '___navigate';
