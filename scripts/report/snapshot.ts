/**
 * One built site (a public/-like folder) read into a plain JSON summary, so that a build can be
 * compared later without its files (npm run report, scripts/report.mts): every page with its title,
 * page type and sections, the links and anchors that do not resolve, the first-load JavaScript of
 * each page type, what a first search query downloads, the bytes of HTML and images, and the build
 * time. Each figure is measured by the project's own code: the page list and first-load scripts
 * from gatsby/framework/internals.ts (as __tests__/e2e/js-budget.test.ts measures them, gzip level
 * 6), the link check of the build's link report (gatsby/postbuild/link-report.ts), the sections as
 * search cuts them (gatsby/search/sections.ts), the search download as __tests__/search/downloads.ts
 * counts it over the quality set's queries.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { firstLoadScripts, pageDataFile, pageHtmlFiles, WEBPACK_STATS_FILE } from '../../gatsby/framework/internals';
import { linkReport } from '../../gatsby/postbuild/link-report';
import type { Element, Root } from 'hast';
import { decodeEntities, htmlTree } from '../../gatsby/markdown/html-tree';
import { sectionsFromTree } from '../../gatsby/search/sections';
import { siteConfig } from '../../src/config/site';
import { SEARCH_INDEX_PATH } from '../../src/lib/search/files';
import { queryDownloads } from '../../__tests__/search/downloads';
import { QUERIES } from '../../__tests__/search/queries';

/** Kept snapshots of another version are not reused (2: images counted only where the build's files name them). */
export const SNAPSHOT_VERSION = 2;

export interface SectionSnapshot {
  /** The h2/h3 id, null for what comes before the first heading. */
  id: string | null;
  heading: string;
  /** Hash of the section's heading and text as a reader sees them. */
  hash: string;
}

export interface PageSnapshot {
  path: string;
  title: string;
  /** The page's template: post, doc, blog-list, tag-list, tags, archive, index, search, 404. */
  type: string;
  sections: SectionSnapshot[];
}

export interface BrokenLink {
  page: string;
  link: string;
  message: string;
}

export interface SiteSnapshot {
  version: typeof SNAPSHOT_VERSION;
  /** What the build is of: a git ref, '工作区' … */
  label: string;
  commit: string | null;
  pages: PageSnapshot[];
  brokenLinks: BrokenLink[];
  /** First-load JavaScript (gzip) per page type, and how many pages have it. */
  js: Record<string, { bytes: number; pages: number }>;
  /** The tab sets' chunk (gzip), loaded on top by pages that have tabs; null without one. */
  tabsJs: number | null;
  /** The largest first query of the quality set: engine chunk + both manifests + its pieces (gzip); null without search files. */
  search: { bytes: number; query: string } | null;
  htmlBytes: number;
  imageBytes: number;
  buildSeconds: number | null;
}

export interface SnapshotMeta {
  label: string;
  commit?: string | null;
  buildSeconds?: number | null;
  /** The base path the site was built under (--prefix-paths), '' for none. */
  pathPrefix?: string;
}

const IMAGE = /\.(png|jpe?g|gif|webp|avif|svg|ico)$/i;

/** 'component---src-templates-blog-list-tsx' → 'blog-list'; 'component---src-pages-index-tsx' → 'index'. */
export const pageType = (componentChunkName: string) => componentChunkName.replace(/^component---src-(?:templates|pages)-/, '').replace(/-tsx$/, '');

/** The title a reader sees in the tab, without the site's name after it (src/components/layout/Seo.tsx pageTitle). */
function titleOf(html: string): string {
  const raw = /<title[^>]*>([\s\S]*?)<\/title>/.exec(html)?.[1] ?? '';
  const title = decodeEntities(raw).trim();
  const suffix = ` | ${siteConfig.title}`;
  return title.endsWith(suffix) ? title.slice(0, -suffix.length) : title;
}

/** The heading of a post's related posts (src/components/blog/RelatedPosts.tsx). */
const RELATED_HEADING_ID = 'related-title';

const isElement = (node: Root['children'][number]): node is Element => node.type === 'element';

/**
 * A tree without what other pages' content puts in a page: navigation (a post's series box and
 * neighbours, a table of contents, a pager) and a post's related posts. A post added elsewhere
 * then does not count as a change of every page that lists it beside itself.
 */
function ownContent<T extends Root | Element>(node: T): T {
  const isRelated = (el: Element) => el.tagName === 'section' && el.children.some((c) => isElement(c) && c.properties?.id === RELATED_HEADING_ID);
  return { ...node, children: node.children.filter((c) => !isElement(c) || (c.tagName !== 'nav' && !isRelated(c))).map((c) => (isElement(c) ? ownContent(c) : c)) };
}

/** The page's <main> (the template's header, sidebar and footer left out), cut into sections as search cuts a page. */
function sectionsOf(html: string): SectionSnapshot[] {
  const start = html.indexOf('<main');
  const end = html.lastIndexOf('</main>');
  const main = start >= 0 && end > start ? html.slice(start, end + '</main>'.length) : '';
  return sectionsFromTree(ownContent(htmlTree(main))).map((s) => ({ id: s.id, heading: s.heading, hash: createHash('sha256').update(`${s.heading}\0${s.text}\0${s.code}`).digest('hex').slice(0, 16) }));
}

/** Files of a build that can name an image: pages, page data, styles, scripts, feeds, the manifest, the Markdown versions. */
const TEXT = /\.(html|json|css|js|xml|webmanifest|md|txt)$/i;
/** An image's address in text: up to its extension, without spaces, quotes, brackets or commas (srcset lists). */
const IMAGE_ADDRESS = /[^\s"'()<>,=]+\.(?:png|jpe?g|gif|webp|avif|svg|ico)(?=[\s"'()<>,?#]|$)/gi;

/**
 * Paths, relative to the build folder, of the images the build's own files name (`static/…/x.png`,
 * `og/blog/x.png`): an address's origin, the path prefix and its percent-encoding removed. The
 * report counts only these: a build into a folder an earlier build left files in (Gatsby does not
 * empty public/static/: the grown site's pictures after `npm test`) would otherwise count images no
 * page of this site shows.
 */
function namedFiles(textFiles: readonly string[], pathPrefix: string): Set<string> {
  const named = new Set<string>();
  for (const file of textFiles) {
    for (const [address] of readFileSync(file, 'utf8').matchAll(IMAGE_ADDRESS)) {
      let local = address.replace(/^[a-z]+:\/\/[^/]+/i, '').replace(/^\/+/, '/');
      if (pathPrefix && local.startsWith(`${pathPrefix}/`)) local = local.slice(pathPrefix.length);
      try {
        local = decodeURI(local);
      } catch {
        /* not percent-encoding after all: kept as written */
      }
      named.add(local.replace(/^\/+/, ''));
    }
  }
  return named;
}

function filesUnder(dir: string): string[] {
  return (readdirSync(dir, { recursive: true }) as string[]).map((file) => path.join(dir, file)).filter((file) => statSync(file).isFile());
}

/** Gatsby's total as it prints it last (`info Done building in 71.2 sec`), null when the log has none. */
export function buildSecondsFromLog(log: string): number | null {
  const m = /Done building in ([\d.]+) sec/.exec(log);
  return m ? Number(m[1]) : null;
}

export async function snapshot(buildDir: string, meta: SnapshotMeta): Promise<SiteSnapshot> {
  const dir = path.resolve(buildDir);
  if (!existsSync(path.join(dir, 'index.html'))) throw new Error(`${dir} 里没有 index.html：不是一次构建的输出`);
  const stats = JSON.parse(readFileSync(path.join(dir, WEBPACK_STATS_FILE), 'utf8')) as { assetsByChunkName: Record<string, string[]> };
  const gzipped = new Map<string, number>();
  const gzipSize = (files: string[]) =>
    files.reduce((sum, file) => {
      const size = gzipped.get(file) ?? gzipSync(readFileSync(path.join(dir, file)), { level: 6 }).length;
      gzipped.set(file, size);
      return sum + size;
    }, 0);

  const pages: PageSnapshot[] = [];
  const js: SiteSnapshot['js'] = {};
  let htmlBytes = 0;
  const htmlFiles = pageHtmlFiles(dir);
  for (const { file, path: pagePath } of htmlFiles) {
    const html = readFileSync(path.join(dir, file), 'utf8');
    htmlBytes += Buffer.byteLength(html);
    const { componentChunkName } = JSON.parse(readFileSync(pageDataFile(dir, pagePath), 'utf8')) as { componentChunkName: string };
    const type = pageType(componentChunkName);
    const known = js[type] ?? { bytes: gzipSize(firstLoadScripts(stats, componentChunkName)), pages: 0 };
    js[type] = { ...known, pages: known.pages + 1 };
    pages.push({ path: pagePath, title: titleOf(html), type, sections: sectionsOf(html) });
  }

  const sources = new Map(htmlFiles.map((p) => [p.path, p.path]));
  const brokenLinks = linkReport(dir, sources, meta.pathPrefix ?? '').map((p) => ({ page: p.source, link: p.link, message: p.message }));

  const tabs = (stats.assetsByChunkName.tabs ?? []).filter((f) => f.endsWith('.js'));
  const searchDir = path.join(dir, path.dirname(SEARCH_INDEX_PATH));
  let search: SiteSnapshot['search'] = null;
  const engine = (stats.assetsByChunkName['search-engine'] ?? []).filter((f) => f.endsWith('.js'));
  if (existsSync(path.join(dir, SEARCH_INDEX_PATH)) && engine.length > 0) {
    const queries = QUERIES.map((q) => q.q);
    const { first } = await queryDownloads(searchDir, queries, gzipSize(engine));
    const most = Math.max(...first);
    search = { bytes: most, query: queries[first.indexOf(most)] ?? '' };
  }

  const files = filesUnder(dir);
  const named = namedFiles(
    files.filter((file) => TEXT.test(file)),
    meta.pathPrefix ?? '',
  );
  const imageBytes = files.filter((file) => IMAGE.test(file) && named.has(path.relative(dir, file).split(path.sep).join('/'))).reduce((sum, file) => sum + statSync(file).size, 0);

  return {
    version: SNAPSHOT_VERSION,
    label: meta.label,
    commit: meta.commit ?? null,
    pages,
    brokenLinks,
    js,
    tabsJs: tabs.length ? gzipSize(tabs) : null,
    search,
    htmlBytes,
    imageBytes,
    buildSeconds: meta.buildSeconds ?? null,
  };
}
