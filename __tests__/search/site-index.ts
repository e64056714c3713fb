/**
 * The real site's search files, written by scripts/search-files.mts exactly as the Gatsby build
 * makes them (jest cannot load the ESM renderer itself), loaded as the browser loads them.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { SearchStore } from '../../src/lib/search/documents';
import { type SiteSearch } from '../../src/lib/search/site-search';
import { loadSiteSearch, type SearchIndexFile } from '../../src/lib/search/build-index';
import { readPublishedAnchors, aliasesOf } from '../../gatsby/content/anchors';
import { loadContent } from '../../gatsby/content/loader';
import type { Hit } from './evaluate';
import type { ContentNow } from './follow';
import { spawnScript } from '../support/script';

export interface BuiltSiteSearch {
  index: SearchIndexFile;
  store: SearchStore;
  headings: Array<{ url: string; sections: string[]; html: string[]; toc: string[] }>;
  engine: SiteSearch;
  /** Results as the evaluation reads them: each link and its section sub-links. */
  hits(query: string): Hit[];
}

export function writeSearchFiles(out: string, contentDir?: string, htmlDir?: string): { status: number | null; stderr: string } {
  const root = process.cwd();
  const result = spawnScript([path.join(root, 'scripts/search-files.mts'), out, ...(contentDir ? ['--content', contentDir] : []), ...(htmlDir ? ['--html', htmlDir] : [])], {
    encoding: 'utf8',
    cwd: root,
  });
  return { status: result.status, stderr: `${result.stderr}${result.stdout}` };
}

export function buildSiteSearch(): BuiltSiteSearch {
  const out = mkdtempSync(path.join(tmpdir(), 'search-files-'));
  const written = writeSearchFiles(out);
  if (written.status !== 0) throw new Error(written.stderr);
  const read = (name: string) => JSON.parse(readFileSync(path.join(out, name), 'utf8')) as unknown;
  const index = read('full-index.json') as SearchIndexFile;
  const store = read('full-store.json') as SearchStore;
  const engine = loadSiteSearch(index, store);
  return { index, store, headings: read('headings.json') as BuiltSiteSearch['headings'], engine, hits: (q) => engine.search(q).map((h) => ({ url: h.url, sections: h.sections.map((s) => s.url) })) };
}

/** The pages and heading ids of the built search, with the anchor aliases of the real content (./follow.ts). */
export function contentNow(site: BuiltSiteSearch, root = process.cwd()): ContentNow {
  const { posts, docs } = loadContent(root);
  const published = readPublishedAnchors(path.join(root, 'content'));
  return {
    ids: new Map(site.headings.map((h) => [h.url, new Set(h.html)])),
    aliases: new Map([...posts, ...docs].map((item) => [item.path, aliasesOf(published, item.file)])),
  };
}
