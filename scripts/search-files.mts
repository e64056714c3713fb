/**
 * Writes the site's two search files for a content folder, as the Gatsby build does, into a
 * directory: index.json, store.json and the build's folder of pieces, the whole index and store
 * (full-index.json, full-store.json), plus headings.json (each page's rendered h2/h3 ids and its
 * table of contents, for the tests that compare section links with the page). Used by the search
 * tests (jest cannot load the ESM renderer) and bench:search.
 *   tsx scripts/search-files.mts <out-dir> [--content <dir>] [--html <dir>]
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { buildSearchFiles, loadSynonyms, searchPages } from '../gatsby/search/build';

const args = process.argv.slice(2);
const out = args[0] ?? '.cache/search-files';
const contentAt = args.indexOf('--content');
const root = process.cwd();
const contentDir = contentAt >= 0 ? path.resolve(args[contentAt + 1] as string) : path.join(root, 'content');
const t0 = performance.now();
// --html <dir>: also each page as a small HTML file (its title and rendered body in <main>), for Pagefind (bench:search --pagefind).
const htmlAt = args.indexOf('--html');
const htmlDir = htmlAt >= 0 ? path.resolve(args[htmlAt + 1] as string) : null;
const pages = await searchPages(root, contentDir, { withToc: true, withHtml: htmlDir !== null });
const t1 = performance.now();
const files = buildSearchFiles(pages, loadSynonyms(contentDir));
const t2 = performance.now();
mkdirSync(out, { recursive: true });
// The whole index and store (loaded in memory by the tests and the bench)…
writeFileSync(path.join(out, 'full-index.json'), JSON.stringify(files.index));
writeFileSync(path.join(out, 'full-store.json'), JSON.stringify(files.store));
// …and the files a reader fetches, laid out as under public/search/.
writeFileSync(path.join(out, 'index.json'), files.indexJson);
writeFileSync(path.join(out, 'store.json'), files.storeJson);
mkdirSync(path.join(out, files.build), { recursive: true });
for (const [name, text] of files.pieces) writeFileSync(path.join(out, files.build, name), text);
writeFileSync(path.join(out, 'headings.json'), JSON.stringify(pages.map((p) => ({ url: p.url, sections: p.sections.filter((s) => s.id).map((s) => s.id), html: p.htmlIds, toc: p.tocIds }))));
if (htmlDir) {
  const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;');
  for (const page of pages) {
    const file = path.join(htmlDir, decodeURIComponent(page.url), 'index.html');
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(
      file,
      `<!doctype html><html lang="zh"><head><meta charset="utf-8"><title>${escape(page.title)}</title></head><body><main><h1>${escape(page.title)}</h1>${page.description ? `<p>${escape(page.description)}</p>` : ''}${page.html ?? ''}</main></body></html>`,
    );
  }
}
writeFileSync(path.join(out, 'timing.json'), JSON.stringify({ pages: pages.length, renderMs: t1 - t0, indexMs: t2 - t1 }));
