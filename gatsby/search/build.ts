/**
 * Builds the site's two search files from the content folder: the index file (MiniSearch index
 * plus the Traditional → Simplified map and the editors' synonyms) and the store. Used by the
 * Gatsby build (gatsby-node.ts), the search tests and bench/search.mts, so all three search the
 * same index. Node only: the pinyin dictionary, OpenCC and the YAML parser never reach the browser.
 * The Gatsby build goes through writeSiteSearchFiles, which keeps each page's render in .cache
 * and the build cache (gatsby/search/cache.ts); the tests and the bench call searchPages +
 * buildSearchFiles, uncached.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import * as OpenCC from 'opencc-js';
import { pinyin } from 'pinyin-pro';
import { parse as parseYaml, YAMLParseError } from 'yaml';
import { allTools, toolNameForKey } from '../../src/config/site';
import { AREA_LABELS } from '../../src/lib/breadcrumbs';
import { sidebarKey } from '../../src/lib/docs';
import { contentErrorMessage } from '../markdown/errors';
import { renderMdx } from '../markdown/render';
import { buildDrawDiagram } from '../markdown/draw-diagrams';
import { buildSearchRecords, productForTags, type ProductInfo, type SearchPageInput, type SearchStore } from '../../src/lib/search/documents';
import { cachedFieldTokens, encodeIndexFile, indexPostings, shardFiles, type FieldTokensCache, type SearchIndexFile } from '../../src/lib/search/build-index';
import { SEARCH_INDEX_PATH, SEARCH_STORE_PATH, stampPrefix, type BuildStamp } from '../../src/lib/search/files';
import { buildT2sMap, cjkCharacters } from '../../src/lib/search/normalize';
import type { Root as HastRoot } from 'hast';
import { htmlTree } from '../markdown/html-tree';
import { headingIds, sectionsFromTree } from './sections';
import { SynonymError, validateSynonyms, type SynonymGroups } from '../../src/lib/search/synonyms';
import type { ToSyllables } from '../../src/lib/search/pinyin';
import { loadContent } from '../content/loader';
import { rendererFingerprint } from '../code-fingerprint';
import { SEARCH_BUILD_ENTRY, writeCachedSearchFiles, type PlannedPage, type RenderedSections, type SearchFilesReport } from './cache';

export const SYNONYM_FILE = 'synonyms.yaml';

export const toSyllables: ToSyllables = (run) => pinyin(run, { toneType: 'none', type: 'array' });

/** Reads and validates `<contentDir>/synonyms.yaml` (none when the file does not exist). */
export function loadSynonyms(contentDir: string, display = `content/${SYNONYM_FILE}`): SynonymGroups {
  const file = path.join(contentDir, SYNONYM_FILE);
  if (!existsSync(file)) return [];
  let data: unknown;
  try {
    data = parseYaml(readFileSync(file, 'utf8'));
  } catch (error) {
    const where = error instanceof YAMLParseError && error.linePos ? `第 ${error.linePos[0].line} 行` : '';
    throw new SynonymError(display, `YAML 格式错误${where ? `（${where}）` : ''}：${error instanceof Error ? error.message.split('\n')[0] : String(error)}`);
  }
  return validateSynonyms(data, display);
}

/** A tool's names, tagline and keywords, by the docs folder of its Introduce page. */
export function productsByDocId(): Map<string, ProductInfo> {
  const map = new Map<string, ProductInfo>();
  for (const tool of allTools) {
    map.set(tool.href.replace(/^\/docs\//, ''), { names: [tool.label, ...(tool.aliases ?? [])], tagline: tool.description, keywords: tool.keywords ?? [] });
  }
  return map;
}

function docCrumb(docId: string): { crumb: string; toolName?: string } {
  const parts = docId.split('/');
  const area = AREA_LABELS[parts[0] as string];
  const toolName = parts.length > 2 ? toolNameForKey(sidebarKey(docId)) : undefined;
  return { crumb: ['文档', area, toolName].filter(Boolean).join(' › '), toolName };
}

export interface RenderedSearchPage extends SearchPageInput {
  /** With `withToc`: the rendered page's h2/h3 ids and its table of contents' ids (for tests). */
  htmlIds?: string[];
  tocIds?: string[];
  /** With `withHtml`: the rendered body (bench:search indexes it with Pagefind). */
  html?: string;
}

/** A page to index before rendering: its source file and body, and the rest of its search input. */
export type SearchPagePlan = PlannedPage<Omit<SearchPageInput, 'sections'>>;

/** Listed posts and docs of a content folder (docs first), not yet rendered. Throws the first content error. */
export function planSearchPages(root: string, contentDir = path.join(root, 'content')): SearchPagePlan[] {
  const { posts, docs, errors } = loadContent(root, contentDir);
  if (errors.length) throw errors[0];
  const products = productsByDocId();
  const docPages = docs
    .filter((d) => !d.frontmatter.unlisted)
    .map((d): SearchPagePlan => {
      const { crumb, toolName } = docCrumb(d.docId);
      // A tool's docs are filed under it by the results page's product filter.
      const tool = toolName ? { toolName, productName: toolName } : {};
      return { file: d.file, body: d.body, firstLine: d.bodyLine, meta: { kind: 'doc', url: d.path, title: d.frontmatter.title, description: d.frontmatter.description, crumb, ...tool, product: products.get(d.docId) } };
    });
  const postPages = posts
    .filter((p) => !p.frontmatter.unlisted && !p.frontmatter.draft)
    .map((p): SearchPagePlan => ({
      file: p.file,
      body: p.body,
      firstLine: p.bodyLine,
      meta: {
        kind: 'post',
        url: p.path,
        title: p.frontmatter.title,
        crumb: `博客 › ${p.frontmatter.date}`,
        description: p.frontmatter.description,
        tags: p.frontmatter.tags,
        date: p.frontmatter.date,
        slug: p.frontmatter.slug,
        productName: productForTags(p.frontmatter.tags, allTools),
      },
    }));
  return [...docPages, ...postPages];
}

/** A content file the renderer rejects (MDX syntax): its message names the file. */
export class ContentRenderError extends Error {}

/** A rendered page's HTML and table of contents (gatsby/markdown/render.ts), and its hast tree when the renderer is at hand. */
export interface RenderedHtml {
  html: string;
  toc: ReadonlyArray<{ id: string }>;
  tree?: HastRoot;
}

/** A rendered page cut into its search sections at its h2/h3 headings: from the renderer's tree, or its HTML parsed (page data). */
export function sectionsOfRendered({ html, toc, tree }: RenderedHtml): RenderedSections {
  const hast = tree ?? htmlTree(html);
  return { sections: sectionsFromTree(hast), htmlIds: headingIds(hast), tocIds: toc.map((t) => t.id) };
}

/** One page rendered the way the site renders it, cut into sections at its h2/h3 headings. */
export async function renderSearchSections(file: string, body: string, firstLine?: number): Promise<RenderedSections & { html: string }> {
  try {
    const rendered = await renderMdx(body, { file, firstLine, drawDiagram: buildDrawDiagram() });
    return { ...sectionsOfRendered(rendered), html: rendered.html };
  } catch (error) {
    // The same message as the page build's (gatsby/markdown/render-node.ts) and check:content's.
    throw new ContentRenderError(contentErrorMessage(error, file), { cause: error });
  }
}

/** Listed posts and docs of a content folder, rendered and cut into sections (docs first). Uncached. */
export async function searchPages(root: string, contentDir = path.join(root, 'content'), { withToc = false, withHtml = false } = {}): Promise<RenderedSearchPage[]> {
  return Promise.all(
    planSearchPages(root, contentDir).map(async ({ file, body, firstLine, meta }): Promise<RenderedSearchPage> => {
      const { sections, htmlIds, tocIds, html } = await renderSearchSections(file, body, firstLine);
      return { ...meta, sections, ...(withToc ? { htmlIds, tocIds } : {}), ...(withHtml ? { html } : {}) };
    }),
  );
}

export interface SearchFiles {
  /** The id both manifests carry as their first key, naming the folder of the pieces: a hash of all of them (src/lib/search/files.ts). */
  build: string;
  /** The whole index and store (tests and bench load them in memory). */
  index: SearchIndexFile & BuildStamp;
  store: SearchStore & BuildStamp;
  /** The two manifests a reader fetches first (src/lib/search/shards.ts). */
  indexJson: string;
  storeJson: string;
  /** The pieces, by name, under the build's folder. */
  pieces: Map<string, string>;
}

/**
 * The search files of `pages`, with `tokens` as the field tokenizer (a cache kept from one build
 * to the next; plain fieldTokens without one): its build ends once the postings are built
 * (endBuild), so a cache can save and let go of what it holds before the sharding adds its own
 * working set. `step` is told as each stage ends (records, postings, encoded, sharded,
 * serialised): bench/search-memory.mts measures what each one holds.
 */
export function buildSearchFiles(pages: SearchPageInput[], synonyms: SynonymGroups, tokens?: FieldTokensCache, step?: (name: string) => void): SearchFiles {
  const { records, store } = buildSearchRecords(pages, toSyllables);
  step?.('records');
  function* siteTexts() {
    for (const p of pages) {
      yield p.title;
      yield p.description ?? '';
      for (const s of p.sections) yield* [s.heading, s.text];
    }
    yield* synonyms.flat();
    for (const t of allTools) yield* [t.description, ...(t.keywords ?? [])];
  }
  const t2s = buildT2sMap(cjkCharacters(siteTexts()), [OpenCC.Converter({ from: 'hk', to: 'cn' }), OpenCC.Converter({ from: 'tw', to: 'cn' }), OpenCC.Converter({ from: 'twp', to: 'cn' })]);
  // The postings go to the sharding as they are: decoding the index text back into postings
  // repeated work the build had already done, with a short-lived pair per posting.
  const postings = indexPostings(records, tokens?.tokens);
  tokens?.endBuild();
  step?.('postings');
  const index = encodeIndexFile(postings, { t2s, synonyms });
  step?.('encoded');
  const sharded = shardFiles(index, store, postings.postings);
  step?.('sharded');
  const indexText = JSON.stringify(sharded.index);
  const storeText = JSON.stringify(sharded.store);
  step?.('serialised');
  const build = contentHash([indexText, storeText, ...[...sharded.files].map(([name, text]) => `${name}\n${text}`)].join('\n'));
  // {"build":"…", then the rest of each object: the id first, so a reader (or the cache check) sees it at once.
  return {
    build,
    index: { build, ...index },
    store: { build, ...store },
    indexJson: `${stampPrefix(build)}${indexText.slice(1)}`,
    storeJson: `${stampPrefix(build)}${storeText.slice(1)}`,
    pieces: sharded.files,
  };
}

export const contentHash = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 20);

/** The tools' fields the search files are made from (names, taglines, keywords). */
const toolInputs = () => allTools.map((t) => ({ href: t.href, label: t.label, aliases: t.aliases ?? [], description: t.description, keywords: t.keywords ?? [] }));

/** Search files of the first scheme, named by content hash under /static (removed: they went stale with every edit). */
const LEGACY_FILE = /^[0-9a-f]{20}\.(?:index|store)\.json$/;

export interface SiteSearchReport extends SearchFilesReport {
  /** Pages whose sections were cut from the build's own HTML (`rendered`). */
  fromBuild: number;
}

/**
 * The Gatsby build's search step: writes public/search/index.json and store.json
 * (SEARCH_INDEX_PATH, SEARCH_STORE_PATH), reusing each unchanged page's render (`sectionsDir`),
 * and skipping the build altogether when nothing
 * it reads has changed (gatsby/search/cache.ts). Content errors are thrown as ContentError, before
 * anything is rendered.
 */
export async function writeSiteSearchFiles({
  root,
  contentDir = path.join(root, 'content'),
  publicDir,
  cacheDir,
  sectionsDir,
  rendered,
  tokens = cachedFieldTokens(),
  betweenPages,
  afterPages,
}: {
  root: string;
  contentDir?: string;
  publicDir: string;
  /** The manifest of the files written (gatsby/search/cache.ts). */
  cacheDir: string;
  /** Each page's render result; cacheDir when not given. */
  sectionsDir?: string;
  /**
   * A page the build has already rendered, by URL (`gatsby build` passes its page data): its
   * sections are cut from that HTML instead of rendering the page a second time. The same
   * renderer made it, so the sections are the same (a test compares every page).
   */
  rendered?: (url: string) => RenderedHtml | undefined | Promise<RenderedHtml | undefined>;
  /** Tokens kept from one build to the next (`gatsby develop` rebuilds after every edit). */
  tokens?: FieldTokensCache;
  /** Waited for between rendered pages (writeCachedSearchFiles). */
  betweenPages?: () => Promise<void>;
  /** Called before the index is built (writeCachedSearchFiles). */
  afterPages?: () => void;
}): Promise<SiteSearchReport> {
  const pages = planSearchPages(root, contentDir);
  const synonyms = loadSynonyms(contentDir);
  let fromBuild = 0;
  const render = async (page: SearchPagePlan) => {
    const html = await rendered?.(page.meta.url);
    if (!html) return renderSearchSections(page.file, page.body, page.firstLine);
    fromBuild += 1;
    return sectionsOfRendered(html);
  };
  const fingerprint = rendererFingerprint(root, [SEARCH_BUILD_ENTRY]);
  const report = await writeCachedSearchFiles({
    pages,
    fingerprint,
    other: { synonyms, tools: toolInputs() },
    cacheDir,
    sectionsDir,
    files: { index: path.join(publicDir, SEARCH_INDEX_PATH), store: path.join(publicDir, SEARCH_STORE_PATH) },
    render,
    betweenPages,
    afterPages,
    build: (rendered) => {
      const files = buildSearchFiles(rendered, synonyms, tokens);
      return { build: files.build, indexJson: files.indexJson, storeJson: files.storeJson, pieces: files.pieces, pages: files.store.pages.length, records: files.store.records.length };
    },
  });
  const legacyDir = path.join(publicDir, 'static');
  if (existsSync(legacyDir)) for (const name of readdirSync(legacyDir)) if (LEGACY_FILE.test(name)) rmSync(path.join(legacyDir, name), { force: true });
  return { ...report, fromBuild };
}
