// The one source of truth for how this static site is served over HTTP: security headers, the
// Content-Security-Policy, cache rules per path class and the canonical-URL redirects.
//
// Everything else is generated from this file:
//   - the nginx server block           scripts/nginx.mjs (renderSiteConf) + deploy/site.conf.template
//   - Netlify / Cloudflare Pages files public/_headers, public/_redirects (gatsby/postbuild/host-configs.mjs)
//   - the per-page CSP <meta>          gatsby/postbuild/csp-meta.mjs (script hashes of each built page)
// __tests__/unit/host-configs.test.ts checks that the outputs agree with each other and with this file.
//
// Plain ESM without dependencies: nginx.mjs, the post-build scripts, the bench and jest all import it.

/** Gatsby's caching rules (https://www.gatsbyjs.com/docs/caching/). */
export const CACHE_IMMUTABLE = 'public, max-age=31536000, immutable';
export const CACHE_REVALIDATE = 'public, max-age=0, must-revalidate';

/** Sent with every response (HTML, assets, redirects and the 404 page). */
export const SECURITY_HEADERS = Object.freeze({
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'Permissions-Policy':
    'accelerometer=(), browsing-topics=(), camera=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), payment=(), usb=()',
});

/**
 * The Content-Security-Policy of a page, as directive → sources. Gatsby emits inline <script>s
 * that differ per page (window.pagePath, the chunk map, the head script…), so script-src is not a
 * fixed list: gatsby/postbuild/csp-meta.mjs hashes each page's inline scripts at build time and writes
 *   <meta http-equiv="Content-Security-Policy" content="…; script-src 'self' 'sha256-…' …">
 * at the top of its <head>. That meta policy is the whole document policy below.
 *
 * A <meta> CSP cannot carry frame-ancestors (nor report-uri/sandbox), so the response header also
 * carries a policy. Two policies are both enforced (a resource must pass each), so the header
 * policy must not restrict scripts: it has no script-src and — because default-src would be the
 * fallback for script-src — no default-src either; it names every other fetch directive instead.
 *
 * Styles need 'unsafe-inline': Emotion writes <style data-emotion> elements into the server HTML
 * and creates <style> elements at run time, and gatsby-plugin-image / StaticPicture render style=""
 * attributes. No script is allowed inline without its hash.
 */
export const DOCUMENT_CSP = Object.freeze({
  'default-src': ["'self'"],
  'script-src': ["'self'"], // + the page's 'sha256-…' hashes, added per page
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:'],
  'font-src': ["'self'"],
  'connect-src': ["'self'"],
  'media-src': ["'self'"],
  'manifest-src': ["'self'"],
  'worker-src': ["'self'"],
  'frame-src': ["'none'"],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
});

/** Directives a <meta> policy ignores (CSP3 §6.1): they can only come from the header. */
export const HEADER_ONLY_DIRECTIVES = Object.freeze({
  'frame-ancestors': ["'none'"],
});

/** Directives the header policy must leave out so that it does not block the hashed inline scripts. */
const META_ONLY_DIRECTIVES = new Set(['default-src', 'script-src']);

function serialize(policy) {
  return Object.entries(policy)
    .map(([name, sources]) => [name, ...sources].join(' '))
    .join('; ');
}

/** The CSP response header: everything but default-src/script-src, plus frame-ancestors. */
export function headerCsp() {
  const policy = {};
  for (const [name, sources] of Object.entries(DOCUMENT_CSP)) if (!META_ONLY_DIRECTIVES.has(name)) policy[name] = sources;
  return serialize({ ...policy, ...HEADER_ONLY_DIRECTIVES });
}

/** The per-page <meta> policy: the whole document policy with the page's script hashes. */
export function metaCsp(scriptHashes) {
  const hashes = [...new Set(scriptHashes)].map((h) => `'sha256-${h}'`);
  return serialize({ ...DOCUMENT_CSP, 'script-src': [...DOCUMENT_CSP['script-src'], ...hashes] });
}

/** Every header every response gets, in the order the outputs list them. */
export function commonHeaders() {
  return { ...SECURITY_HEADERS, 'Content-Security-Policy': headerCsp() };
}

/**
 * Cache classes, first match wins. Patterns are host-portable globs on the URL path (after the
 * path prefix): '*' matches any characters including '/', exactly like a Netlify / Cloudflare
 * splat, and nginx gets the equivalent regex (globToRegExpSource). Gatsby's rules:
 *   - /static/* (files named by content hash) and the webpack JS/CSS bundles (name-<hash>.js) with
 *     their source maps: immutable for a year. '/*.js' also covers Gatsby's ~partytown/ copy, which is versioned
 *     with Gatsby itself and unused by this site.
 *   - HTML, /page-data/* (including app-data.json) and everything else: revalidate every time.
 *   - /search/<build id>/* — the pieces a query fetches (postings shards, document chunks;
 *     src/lib/search/shards.ts), in a folder named by the build that wrote them: a new build
 *     writes a new folder, so they are immutable for a year.
 *   - /search/index.json, /search/store.json — the site search's two manifests (src/lib/search/files.ts):
 *     fixed names that every deploy rewrites, so revalidated like page data, never immutable. Each
 *     carries its build's id and the browser refetches both when they disagree. /search/pages.json, the
 *     not-found page's list of pages to suggest (src/lib/suggest.ts), is rewritten the same way.
 */
export const CACHE_RULES = Object.freeze([
  { name: 'hashed assets', patterns: ['/static/*', '/*.js', '/*.css', '/*.map'], cacheControl: CACHE_IMMUTABLE },
  { name: 'page data and app data', patterns: ['/page-data/*'], cacheControl: CACHE_REVALIDATE },
  { name: 'search pieces (under their build id)', patterns: ['/search/*/*'], cacheControl: CACHE_IMMUTABLE },
  { name: 'search manifests (index and store) and the page list', patterns: ['/search/index.json', '/search/store.json', '/search/pages.json'], cacheControl: CACHE_REVALIDATE },
  { name: 'HTML and everything else', patterns: ['/*'], cacheControl: CACHE_REVALIDATE },
]);

/** The regex (source, anchored) a portable glob stands for. */
export function globToRegExpSource(glob) {
  return `^${glob
    .split('*')
    .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
    .join('.*')}$`;
}

/** The Cache-Control a URL path (without the path prefix) gets. */
export function cacheControlFor(urlPath) {
  for (const rule of CACHE_RULES) {
    if (rule.patterns.some((glob) => new RegExp(globToRegExpSource(glob)).test(urlPath))) return rule.cacheControl;
  }
  throw new Error(`no cache rule for ${urlPath}`);
}

/**
 * Content types set by these rules rather than left to the server's MIME table: the Markdown version
 * of every doc and post (URL + .md), the text files for language models (llms.txt,
 * llms-full.txt, robots.txt …), the OpenSearch description and the feeds, always with their charset — the text is Chinese, and a browser or
 * a crawler guessing another charset shows mojibake. nginx gets a location per rule (an unknown
 * .md path is still the 404 page); Netlify / Cloudflare Pages get a Content-Type header rule.
 */
export const CONTENT_TYPES = Object.freeze([
  { name: 'Markdown versions', patterns: ['/*.md'], type: 'text/markdown', charset: 'utf-8' },
  { name: 'plain text (llms.txt, llms-full.txt, robots.txt)', patterns: ['/*.txt'], type: 'text/plain', charset: 'utf-8' },
  // The browser's "search this site" description (src/lib/opensearch.ts): its own type, not text/xml.
  { name: 'OpenSearch description', patterns: ['/opensearch.xml'], type: 'application/opensearchdescription+xml', charset: 'utf-8' },
  // Feeds (src/lib/feeds.ts): the blog's, and each tag's and series' under /blog/…/. Their own types, so a
  // browser or feed reader that goes by the header knows them (a server's table says text/xml).
  { name: 'RSS feeds', patterns: ['/rss.xml', '/blog/*/rss.xml'], type: 'application/rss+xml', charset: 'utf-8' },
  { name: 'Atom feeds', patterns: ['/atom.xml', '/blog/*/atom.xml'], type: 'application/atom+xml', charset: 'utf-8' },
]);

/** The Content-Type header these rules give a URL path (without the path prefix), or null for the server's own. */
export function contentTypeFor(urlPath) {
  for (const rule of CONTENT_TYPES) {
    if (rule.patterns.some((glob) => new RegExp(globToRegExpSource(glob)).test(urlPath))) return `${rule.type}; charset=${rule.charset}`;
  }
  return null;
}

/** The error page every unknown path gets, with status 404. */
export const NOT_FOUND_PAGE = '/404.html';

/**
 * Canonical URLs have no trailing slash and no .html: Gatsby's trailingSlash: 'never'.
 * Each redirect is a 301 and keeps the query string. `nginx` is the regex (after the path prefix)
 * with the canonical path captured as `canon`: nginx selects the location with it on the decoded
 * URI and cuts the target from the path as the client sent it (still percent-encoded, so the
 * Location header never carries raw bytes or a decoded "\" that browsers read as "//").
 * `canonical` computes the same target in JS (host files, tests). `hosts` tells whether the rule
 * can be written for Netlify / Cloudflare Pages (see `hostsNote`).
 */
export const REDIRECTS = Object.freeze([
  {
    name: 'trailing slash',
    example: ['/blog/binder/', '/blog/binder'],
    nginx: '^(?<canon>/.+?)/+$',
    canonical: (p) => (/^\/.+?\/+$/.test(p) ? p.replace(/\/+$/, '') : null),
    hosts: false,
    hostsNote:
      'Netlify matches redirect rules with and without a trailing slash (a /x/ → /x rule loops) and Cloudflare Pages ' +
      'itself redirects /x → /x/ for x/index.html; both serve /x/ and /x, and the canonical <link> names /x.',
  },
  {
    name: 'index.html',
    example: ['/blog/binder/index.html', '/blog/binder'],
    nginx: '^(?<canon>(/.*)?)/index\\.html$',
    canonical: (p) => (/\/index\.html$/.test(p) ? p.replace(/\/index\.html$/, '') || '/' : null),
    hosts: true,
  },
  {
    name: '.html suffix',
    example: ['/blog/binder.html', '/blog/binder'],
    nginx: '^(?<canon>/.+)\\.html$',
    canonical: (p) => (/^\/.+\.html$/.test(p) && p !== NOT_FOUND_PAGE ? p.replace(/\.html$/, '') : null),
    except: [NOT_FOUND_PAGE],
    hosts: true,
  },
]);

export const REDIRECT_STATUS = 301;

/** The canonical form of a path, or null when the path is already canonical. */
export function canonicalPath(urlPath) {
  for (const rule of REDIRECTS) {
    const target = rule.canonical(urlPath);
    if (target !== null) return target;
  }
  return null;
}

/** Files written for Netlify / Cloudflare Pages: those hosts never serve them; nginx answers 404. */
export const HOST_FILES = Object.freeze(['_headers', '_redirects']);

/** MIME types compressed on the fly (gzip, and brotli where the nginx module is installed). */
export const COMPRESSIBLE_TYPES = Object.freeze([
  'text/html',
  'text/css',
  'text/plain',
  'text/markdown',
  'text/xml',
  'application/javascript',
  'application/json',
  'application/manifest+json',
  'application/xml',
  'application/rss+xml',
  'application/atom+xml',
  'application/opensearchdescription+xml',
  'image/svg+xml',
]);
