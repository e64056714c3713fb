'use strict';
const { readdirSync } = require('node:fs');
const path = require('node:path');

/**
 * Where Gatsby writes a page in public/, and which files there are pages. Plain CommonJS so that
 * every reader can load it as it is: gatsby/framework/internals.ts re-exports it for the TypeScript
 * build, tests and scripts (output.d.cts types it), and the plain-Node ES modules
 * (gatsby/postbuild/host-configs.mjs, csp-meta.mjs, bench/) import it directly. Each rule is checked
 * against the installed Gatsby by __tests__/unit/gatsby-internals.test.ts.
 */

/** Folders of public/ whose .html files are not pages: slice fragments, page data, copied files. */
const NOT_PAGE_FOLDERS = ['_gatsby', 'page-data', 'static'];

const toPosix = (file) => file.split('\\').join('/').replace(/^\/+/, '');

/**
 * The page data of a page, relative to public/: page-data/<path>/page-data.json, with 'index'
 * for '/' (gatsby-core-utils generatePageDataPath / fixedPagePath).
 */
function pageDataPath(pagePath) {
  const fixed = pagePath === '/' ? 'index' : pagePath.replace(/^\/+|\/+$/g, '');
  return `page-data/${fixed}/page-data.json`;
}

/**
 * The HTML file of a page, relative to public/: <path>/index.html, or the path itself when it
 * ends in .html (Gatsby's /404.html copy of the 404 page) (gatsby-core-utils generateHtmlPath).
 */
function htmlFileOfPage(pagePath) {
  const file = pagePath.replace(/^\/+/, '');
  if (/\.html?$/i.test(file)) return file;
  return file === '' ? 'index.html' : `${file.replace(/\/+$/, '')}/index.html`;
}

/**
 * The page path of an HTML file under public/ (relative; '/' or '\' separators), or null when
 * the file is not a page: anything under _gatsby/ (slice fragments), page-data/ or static/, and
 * anything not .html. The inverse of htmlFileOfPage: 'index.html' → '/', 'blog/x/index.html' →
 * '/blog/x', '404.html' → '/404.html'.
 */
function pagePathOfHtmlFile(file) {
  const relative = toPosix(file);
  if (!relative.endsWith('.html') || NOT_PAGE_FOLDERS.includes(relative.split('/')[0])) return null;
  if (relative === 'index.html') return '/';
  if (relative.endsWith('/index.html')) return `/${relative.slice(0, -'/index.html'.length)}`;
  return `/${relative}`;
}

/**
 * Every page's HTML file in publicDir: { file (relative, '/' separators), path (the page path) },
 * sorted by file. The folders that hold no pages are not walked.
 */
function pageHtmlFiles(publicDir) {
  const out = [];
  const walk = (relative) => {
    for (const entry of readdirSync(path.join(publicDir, relative), { withFileTypes: true })) {
      const file = relative ? `${relative}/${entry.name}` : entry.name;
      if (entry.isDirectory()) {
        if (relative || !NOT_PAGE_FOLDERS.includes(entry.name)) walk(file);
      } else if (entry.isFile()) {
        const pagePath = pagePathOfHtmlFile(file);
        if (pagePath !== null) out.push({ file, path: pagePath });
      }
    }
  };
  walk('');
  return out.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0));
}

/** Where Gatsby writes its webpack statistics, relative to public/ (gatsby-webpack-stats-extractor). */
const WEBPACK_STATS_FILE = 'webpack.stats.json';

/**
 * The JavaScript files a page loads before it is interactive, relative to public/: the chunk 'app'
 * (webpack runtime, framework, app: the three <script> tags of every page) and the chunk of the
 * page's template (its componentChunkName in page data: the shared chunks and the template itself,
 * which the loader fetches at once). `stats` is public/webpack.stats.json; its assetsByChunkName is
 * what Gatsby itself reads for the same two names (client-assets-for-template
 * getScriptsAndStylesForTemplate).
 */
function firstLoadScripts(stats, componentChunkName) {
  const byChunk = (stats && stats.assetsByChunkName) || {};
  const files = [];
  for (const name of ['app', componentChunkName]) {
    const assets = byChunk[name];
    if (!assets) throw new Error(`${WEBPACK_STATS_FILE} 里没有 chunk “${name}”（Gatsby 写这个文件的方式变了？见 gatsby/framework/internals.ts）`);
    for (const file of assets) if (file.endsWith('.js') && !files.includes(file)) files.push(file);
  }
  return files;
}

module.exports = { NOT_PAGE_FOLDERS, pageDataPath, htmlFileOfPage, pagePathOfHtmlFile, pageHtmlFiles, WEBPACK_STATS_FILE, firstLoadScripts };
