/** Builds the real site's search index in Node exactly as the Gatsby build does. */
import FlexSearch from 'flexsearch';
import { pinyin } from 'pinyin-pro';
import { loadContent } from '../../scripts/lib/content-loader';
import { toolNameForKey } from '../../src/config/site';
import { buildSearchDocuments, type SearchIndexEntry, type SearchSource } from '../../src/lib/search/documents';
import { rankResults } from '../../src/lib/search/rank';
import { flexSearchOptions } from '../../src/lib/search/tokenize';

interface FlexIndex {
  add(id: number, text: string): void;
  search(query: string, limit?: number): number[];
  export(): string;
  import(data: string): void;
}

export function createIndex(): FlexIndex {
  return (FlexSearch as unknown as { create(o: Record<string, unknown>): FlexIndex }).create(flexSearchOptions());
}

export function siteSources(): SearchSource[] {
  // process.cwd(): the repo root for jest and npm scripts alike (tsx's ESM loader has no usable __dirname).
  const { posts, docs } = loadContent(process.cwd());
  return [
    ...docs.filter((d) => !d.frontmatter.unlisted).map((d) => ({ kind: 'doc' as const, title: d.frontmatter.title, body: d.body, description: d.frontmatter.description, docId: d.docId })),
    ...posts.filter((p) => !p.frontmatter.unlisted && !p.frontmatter.draft).map((p) => ({ kind: 'post' as const, title: p.frontmatter.title, body: p.body, description: p.frontmatter.description, slug: p.frontmatter.slug, date: p.frontmatter.date })),
  ];
}

export function buildSiteSearch(sources = siteSources()) {
  const documents: SearchIndexEntry[] = buildSearchDocuments(sources, (run) => pinyin(run, { toneType: 'none', type: 'array' }), toolNameForKey);
  const index = createIndex();
  // gatsby-plugin-local-search indexes JSON.stringify of the picked fields.
  for (const doc of documents) index.add(doc.id, JSON.stringify({ _: doc._ }));
  const search = (query: string) => rankResults(query, index.search(query, 60).map((id) => documents[id] as SearchIndexEntry));
  return { documents, index, search };
}
