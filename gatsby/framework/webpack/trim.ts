/**
 * Gatsby runtime modules that every page downloads but that can never run on this site. Each is
 * swapped for an empty module in the browser bundle only (stage build-javascript); server
 * rendering and `gatsby develop` keep the originals.
 *
 * - Gatsby's internal Partytown plugin: its gatsby-browser only acts in development, but its
 *   CommonJS `require("gatsby-script")` keeps gatsby-script and the Partytown snippet in the app
 *   chunk (figures: docs/decisions/first-load-javascript.md). The site uses no <Script> (no
 *   third-party scripts at all: the CSP forbids them).
 * - Gatsby's service-worker registration: required only when a plugin implements
 *   `registerServiceWorker` (gatsby-plugin-offline); none does here.
 *
 * If a plugin that needs either is ever added, remove its entry from GATSBY_UNUSED_RUNTIME_MODULES
 * (../internals.ts, where Gatsby keeps them).
 *
 * And packages that have no side effects but do not say so in package.json: Emotion's JSX
 * runtime keeps a bare `import 'hoist-non-react-statics'` (a Rollup artefact), so webpack had to
 * keep that package and react-is although only Emotion's unused withTheme calls it.
 */
import path from 'node:path';

/** Gatsby runs from the project root, like the template paths in gatsby-node.ts. */
export const EMPTY_MODULE = path.resolve('gatsby/framework/webpack/empty-module.js');

/** Modules webpack may drop when nothing uses their exports (see above). */
export const SIDE_EFFECT_FREE_PACKAGES = /[\\/]node_modules[\\/](hoist-non-react-statics|react-is)[\\/]/;

/**
 * Gatsby splits code used by two or more page templates into "shared" chunks from 20 KB of
 * source up (its GATSBY_SHARED_CHUNK_GROUP). Here that made small extra files (the article parts shared by posts and docs, the
 * list parts shared by blog and tag lists) that every such page loads next to its template:
 * one more request and a worse gzip ratio. Below this size the code stays in each template.
 */
export const SHARED_CHUNK_MIN_SIZE = 100_000;
