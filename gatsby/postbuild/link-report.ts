/**
 * Post-build link report (spec §8: broken links, anchors and duplicate routes are build
 * warnings; SITE_STRICT=1 makes them errors). Reads the HTML Gatsby wrote, so it checks what
 * readers get — navbar, footer and templates included — and anchors as actually rendered.
 */
import { readFileSync } from 'node:fs';
import { checkPageLinks, type PageWithLinks } from '../content/link-check';
import { NOT_PAGE_FOLDERS, pageHtmlFile } from '../framework/internals';
import { anchorProblems, ANCHORS_FILE, type PublishedAnchors } from '../content/anchors';

export interface LinkProblem {
  /** The content file (or page path) the link was found on. */
  source: string;
  link: string;
  message: string;
}

function decodeEntities(value: string): string {
  return value
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>');
}

/**
 * The values as strings of their own. A regex match is a slice of the page's HTML in V8 and
 * keeps the whole page alive while it is held: the link report holds every page's ids and links
 * until the end of the build, which kept all the site's HTML alive, many times the size of the
 * ids and links themselves (figures: docs/decisions/build-at-scale.md). One copy holds a page's
 * values (split flattens the joined string into it, even a single value behind the leading
 * separator); the parts split from it hold only that.
 */
export function detached(values: string[]): string[] {
  if (values.length === 0) return values;
  const parts = `\0${values.join('\0')}`.split('\0');
  parts.shift();
  return parts.length === values.length ? parts : values.map((v) => Buffer.from(v, 'utf8').toString('utf8'));
}

export function extractIds(html: string): Set<string> {
  return new Set(detached([...html.matchAll(/\sid="([^"]+)"/g)].map((m) => decodeEntities(m[1] as string))));
}

export function extractLinks(html: string): string[] {
  const body = html.slice(html.indexOf('<body'));
  return detached([...body.matchAll(/<a\s[^>]*?href="([^"]+)"/g)].map((m) => decodeEntities(m[1] as string)));
}

/** What the report needs from one page: its element ids and the (distinct) links in its body. */
export interface PageLinks {
  ids: Set<string>;
  links: string[];
}

export const pageLinks = (html: string): PageLinks => ({ ids: extractIds(html), links: [...new Set(extractLinks(html))] });

/**
 * @param pages built page paths (decoded, no prefix) → the content file that produced them
 * @param collected ids and links by HTML file, when the post-build pass already read the pages
 *   (finishHtmlFiles' onPage); pages missing from it are read from publicDir
 */
export function linkReport(publicDir: string, pages: Map<string, string>, pathPrefix: string, collected: Map<string, PageLinks> = new Map()): LinkProblem[] {
  const built = new Map<string, PageWithLinks<{ href: string }>>();
  for (const page of pages.keys()) {
    const file = pageHtmlFile(publicDir, page);
    const facts = collected.get(file) ?? pageLinks(readFileSync(file, 'utf8'));
    built.set(page, { anchors: facts.ids, links: facts.links.map((href) => ({ href })) });
  }
  // Gatsby's folders of files (/static, /page-data …) hold no pages.
  const isFile = (href: string) => NOT_PAGE_FOLDERS.includes(href.split('/')[1] as string);
  return checkPageLinks(built, { pathPrefix, isFile, built: true }).map((p) => ({ source: pages.get(p.page) ?? p.page, link: p.link.href, message: p.message }));
}

/**
 * Published anchors (content/anchors.json) missing from the built pages: each must still be an id
 * on its page, as a heading or as an alias element (gatsby/content/anchors.ts).
 * @param pages built page paths → the content file that produced them
 */
export function publishedAnchorReport(publicDir: string, pages: Map<string, string>, published: PublishedAnchors, collected: Map<string, PageLinks> = new Map()): LinkProblem[] {
  const problems: LinkProblem[] = [];
  for (const [page, file] of pages) {
    if (!published[file]) continue;
    const html = pageHtmlFile(publicDir, page);
    const ids = (collected.get(html) ?? pageLinks(readFileSync(html, 'utf8'))).ids;
    for (const message of anchorProblems(published, file, ids, { built: true })) problems.push({ source: file, link: ANCHORS_FILE, message });
  }
  return problems;
}
