/**
 * Writes the docs that travel (called from onPostBuild): every listed post's and doc's Markdown
 * twin at its path + .md (src/lib/markdown/twin.ts), llms.txt and llms-full.txt (src/lib/llms.ts).
 * Images in twins point at a served file: the original, copied to /static/<md5 of the file>/<name>
 * (the folder Gatsby's own file copies use), with the site's origin and base URL.
 */
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { withBase } from '../../src/lib/markdown/links';
import { renderTwin } from '../../src/lib/markdown/twin';
import { LLMS_PATHS, llmsFullTxt, llmsTxt, siteHref, twinPath, type LlmsSection } from '../../src/lib/llms';

export interface TwinSource {
  /** Page path as given to createPage: `/docs/desktop/wing/Get start`. */
  path: string;
  /** The content file as editors know it (for errors). */
  file: string;
  /** Absolute path of the .mdx file (images are relative to its folder). */
  absolutePath: string;
  title: string;
  body: string;
  /** A post's cover image, absolute path. */
  cover?: string;
}

export interface TwinSite {
  /** https://www.iofomo.com */
  origin: string;
  /** '' or '/fomosite' */
  basePath: string;
  title: string;
  description: string;
}

export class TwinImageError extends Error {}

/** Copies an image next to Gatsby's static files and returns its absolute URL. */
export function publishImage(file: string, publicDir: string, site: TwinSite): string {
  const digest = createHash('md5').update(readFileSync(file)).digest('hex');
  const urlPath = `/static/${digest}/${path.basename(file)}`;
  const target = path.join(publicDir, urlPath);
  if (!existsSync(target)) {
    mkdirSync(path.dirname(target), { recursive: true });
    copyFileSync(file, target);
  }
  return `${site.origin}${siteHref(urlPath, site.basePath)}`;
}

/** The absolute URL of an image as written in a content file. */
export function twinImageUrl(src: string, source: Pick<TwinSource, 'file' | 'absolutePath'>, publicDir: string, site: TwinSite): string {
  if (/^[a-z][a-z0-9+.-]*:/i.test(src) || src.startsWith('//')) return src;
  if (src.startsWith('/')) return `${site.origin}${withBase(src, site.basePath)}`;
  const clean = decodeURI(src.split(/[?#]/)[0] ?? '');
  const file = path.resolve(path.dirname(source.absolutePath), clean);
  if (!existsSync(file)) throw new TwinImageError(`${source.file}：图片 ${src} 不存在`);
  return publishImage(file, publicDir, site);
}

/** Writes each source's twin; returns them by page path (for llms-full.txt). */
export async function writeTwins(publicDir: string, sources: readonly TwinSource[], site: TwinSite): Promise<Map<string, string>> {
  const twins = new Map<string, string>();
  for (const source of sources) {
    const imageUrl = (src: string) => twinImageUrl(src, source, publicDir, site);
    const markdown = await renderTwin(source.body, {
      file: source.file,
      title: source.title,
      basePath: site.basePath,
      imageUrl,
      cover: source.cover ? { src: `./${path.relative(path.dirname(source.absolutePath), source.cover).split(path.sep).join('/')}`, fallbackAlt: `${source.title}：封面图` } : undefined,
    });
    const target = path.join(publicDir, twinPath(source.path));
    mkdirSync(path.dirname(target), { recursive: true });
    writeFileSync(target, markdown);
    twins.set(source.path, markdown);
  }
  return twins;
}

/** llms.txt and llms-full.txt at the site's root (under the base URL). */
export function writeLlmsFiles(publicDir: string, sections: readonly LlmsSection[], twins: ReadonlyMap<string, string>, site: TwinSite): void {
  const identity = { title: site.title, description: site.description, basePath: site.basePath };
  writeFileSync(path.join(publicDir, LLMS_PATHS.index), llmsTxt(identity, sections));
  writeFileSync(
    path.join(publicDir, LLMS_PATHS.full),
    llmsFullTxt(identity, sections, (pagePath) => {
      const twin = twins.get(pagePath);
      if (twin === undefined) throw new Error(`llms-full.txt：${pagePath} 没有 Markdown 版本`);
      return twin;
    }),
  );
}
