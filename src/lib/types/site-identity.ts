/** What feeds, the sitemap and opensearch.xml say about the site (gatsby/postbuild/discovery.ts, src/lib/opensearch.ts). */
export interface SiteIdentity {
  /** https://www.iofomo.com */
  origin: string;
  /** '' at the root, '/fomosite' under a prefix. */
  pathPrefix: string;
  title: string;
  description: string;
  copyright: string;
}
