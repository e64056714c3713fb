/**
 * Gatsby runtime modules that every page downloads but that can never run on this site. Each is
 * swapped for an empty module in the browser bundle only (stage build-javascript); server
 * rendering and `gatsby develop` keep the originals.
 *
 * - Gatsby's internal Partytown plugin: its gatsby-browser only acts in development, but its
 *   CommonJS `require("gatsby-script")` keeps gatsby-script and the Partytown snippet in the app
 *   chunk (≈ 2.9 KB gzip). The site uses no <Script> (no third-party scripts at all: the CSP
 *   forbids them).
 * - Gatsby's service-worker registration: required only when a plugin implements
 *   `registerServiceWorker` (gatsby-plugin-offline); none does here.
 *
 * If a plugin that needs either is ever added, remove its entry here.
 */
import path from 'node:path';

/** Gatsby runs from the project root, like the template paths in gatsby-node.ts. */
export const EMPTY_MODULE = path.resolve('scripts/lib/stubs/empty-module.js');

/** Requests and resolved paths replaced by EMPTY_MODULE (webpack tests both). */
export const UNUSED_RUNTIME_MODULES = /[\\/]gatsby[\\/]dist[\\/]internal-plugins[\\/]partytown[\\/]gatsby-browser\.js$|[\\/]\.cache[\\/]register-service-worker\.js$/;
