'use strict';
const { readdirSync } = require('node:fs');
const path = require('node:path');

/**
 * Where Gatsby writes a page in public/, and which files there are pages. Plain CommonJS so that
 * every reader can load it as it is: build/gatsby/internals.ts re-exports it for the TypeScript
 * build, tests and scripts (output.d.cts types it), and the plain-Node ES modules
 * (build/postbuild/host-configs.mjs, csp-meta.mjs, bench/) import it directly. Each rule is checked
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

module.exports = { NOT_PAGE_FOLDERS, pageDataPath, htmlFileOfPage, pagePathOfHtmlFile, pageHtmlFiles };
