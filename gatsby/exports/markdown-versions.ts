/**
 * Writes the exports' text files (called from onPostBuild): every listed post's and doc's
 * Markdown version at its path + .md (gatsby/markdown/markdown-version.ts), llms.txt and llms-full.txt (gatsby/exports/llms.ts).
 * Images in Markdown versions point at a served file: the original, copied to /static/<md5 of the file>/<name>
 * (the folder Gatsby's own file copies use), with the site's origin and base URL.
 */
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { withBase } from '../markdown/links';
import { stableKey, type JsonCache } from '../cache';
import { renderMarkdownVersion } from '../markdown/markdown-version';
import type { LastUpdated } from '../../src/lib/last-updated';
import type { SeriesBox } from '../../src/lib/series';
import { LLMS_PATHS, llmsFullTxt, llmsTxt, siteHref, markdownPath, type LlmsSection } from './llms';

export interface MarkdownVersionSource {
  /** Page path as given to createPage: `/docs/desktop/wing/Get start`. */
  path: string;
  /** The content file as editors know it (for errors). */
  file: string;
  /** Absolute path of the .mdx file (images are relative to its folder). */
  absolutePath: string;
  title: string;
  body: string;
  /** The file's line the body starts on (after the frontmatter), so errors name the file's own line. */
  firstLine?: number;
  /** A post's cover image, absolute path. */
  cover?: string;
  /** The page's “最后更新于” (gatsby/content/git-history.ts), when it shows one. */
  lastUpdated?: LastUpdated;
  /** A post's series box (src/lib/series.ts), as the page shows it. */
  series?: SeriesBox;
}

export interface MarkdownVersionSite {
  /** https://www.iofomo.com */
  origin: string;
  /** '' or '/fomosite' */
  basePath: string;
  title: string;
  description: string;
}

export class MarkdownImageError extends Error {}

/** Copies an image next to Gatsby's static files and returns its absolute URL. */
export function publishImage(file: string, publicDir: string, site: MarkdownVersionSite): string {
  const digest = createHash('md5').update(readFileSync(file)).digest('hex');
  const urlPath = `/static/${digest}/${path.basename(file)}`;
  const target = path.join(publicDir, urlPath);
  if (!existsSync(target)) {
    mkdirSync(path.dirname(target), { recursive: true });
    copyFileSync(file, target);
  }
  return `${site.origin}${siteHref(urlPath, site.basePath)}`;
}

/** The file a relative image path names (null for URLs and site-absolute paths). */
function localImageFile(src: string, source: Pick<MarkdownVersionSource, 'absolutePath'>): string | null {
  if (/^[a-z][a-z0-9+.-]*:/i.test(src) || src.startsWith('/')) return null;
  return path.resolve(path.dirname(source.absolutePath), decodeURI(src.split(/[?#]/)[0] ?? ''));
}

/** The absolute URL of an image as written in a content file. */
export function markdownImageUrl(src: string, source: Pick<MarkdownVersionSource, 'file' | 'absolutePath'>, publicDir: string, site: MarkdownVersionSite): string {
  const file = localImageFile(src, source);
  if (file === null) return src.startsWith('/') && !src.startsWith('//') ? `${site.origin}${withBase(src, site.basePath)}` : src;
  if (!existsSync(file)) throw new MarkdownImageError(`${source.file}：图片 ${src} 不存在`);
  return publishImage(file, publicDir, site);
}

/** A Markdown version as cached between builds: its text and the images it published (file → URL). */
export interface CachedMarkdownVersion {
  markdown: string;
  images: Array<{ file: string; url: string }>;
}

/** Markdown versions of unchanged pages from the last build: keyed by the page's inputs and the fingerprint of the code that renders them. */
export interface MarkdownVersionCache {
  entries: JsonCache<CachedMarkdownVersion>;
  fingerprint: string;
}

/**
 * A cached Markdown version is still right when its inputs (in the key) are the same and every image it
 * points at is still published under the same URL (the URL names the image's bytes).
 */
function reuse(cached: CachedMarkdownVersion | undefined, publicDir: string, site: MarkdownVersionSite): string | undefined {
  if (!cached) return undefined;
  for (const image of cached.images) {
    if (!existsSync(image.file) || publishImage(image.file, publicDir, site) !== image.url) return undefined;
  }
  return cached.markdown;
}

/** One source's Markdown version: from the cache when its inputs and images are unchanged, else rendered (and cached). */
export async function markdownVersionOf(source: MarkdownVersionSource, publicDir: string, site: MarkdownVersionSite, cache?: MarkdownVersionCache): Promise<string> {
  const key = cache ? stableKey({ fingerprint: cache.fingerprint, source, site }) : '';
  const cached = cache ? reuse(cache.entries.get(key), publicDir, site) : undefined;
  if (cached !== undefined) return cached;
  const images: CachedMarkdownVersion['images'] = [];
  const imageUrl = (src: string) => {
    const url = markdownImageUrl(src, source, publicDir, site);
    const file = localImageFile(src, source);
    if (file !== null) images.push({ file, url });
    return url;
  };
  const markdown = await renderMarkdownVersion(source.body, {
    file: source.file,
    firstLine: source.firstLine,
    title: source.title,
    lastUpdated: source.lastUpdated,
    series: source.series,
    basePath: site.basePath,
    imageUrl,
    cover: source.cover ? { src: `./${path.relative(path.dirname(source.absolutePath), source.cover).split(path.sep).join('/')}`, fallbackAlt: `${source.title}：封面图` } : undefined,
  });
  cache?.entries.set(key, { markdown, images });
  return markdown;
}

/**
 * Writes `text` to `file` unless the file holds exactly that already, and says whether it wrote.
 * A rebuild after one edit finds every other Markdown version as the last build wrote it: not writing them
 * saves more than reading and comparing them costs (docs/decisions/build-at-scale.md), and their
 * modification times stay those of the build that last changed them, for a deploy that syncs by time.
 */
export function writeIfChanged(file: string, text: string): boolean {
  const bytes = Buffer.from(text, 'utf8');
  if (statSync(file, { throwIfNoEntry: false })?.size === bytes.length && readFileSync(file).equals(bytes)) return false;
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, bytes);
  return true;
}

/** Writes each source's Markdown version (those that changed); returns them by page path (for llms-full.txt) and how many files it wrote. `afterEach` runs after each source (the worker keeps its heap small with it). */
export async function writeMarkdownVersions(
  publicDir: string,
  sources: readonly MarkdownVersionSource[],
  site: MarkdownVersionSite,
  cache?: MarkdownVersionCache,
  afterEach?: () => unknown,
): Promise<{ markdownVersions: Map<string, string>; written: number }> {
  const markdownVersions = new Map<string, string>();
  let written = 0;
  for (const source of sources) {
    const markdown = await markdownVersionOf(source, publicDir, site, cache);
    if (writeIfChanged(path.join(publicDir, markdownPath(source.path)), markdown)) written += 1;
    markdownVersions.set(source.path, markdown);
    afterEach?.();
  }
  return { markdownVersions, written };
}

/** llms.txt and llms-full.txt at the site's root (under the base URL). */
export function writeLlmsFiles(publicDir: string, sections: readonly LlmsSection[], markdownVersions: ReadonlyMap<string, string>, site: MarkdownVersionSite): void {
  const identity = { title: site.title, description: site.description, basePath: site.basePath };
  writeFileSync(path.join(publicDir, LLMS_PATHS.index), llmsTxt(identity, sections));
  writeFileSync(
    path.join(publicDir, LLMS_PATHS.full),
    llmsFullTxt(identity, sections, (pagePath) => {
      const markdown = markdownVersions.get(pagePath);
      if (markdown === undefined) throw new Error(`llms-full.txt：${pagePath} 没有 Markdown 版本`);
      return markdown;
    }),
  );
}
