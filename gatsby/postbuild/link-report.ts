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

export function extractIds(html: string): Set<string> {
  return new Set([...html.matchAll(/\sid="([^"]+)"/g)].map((m) => decodeEntities(m[1] as string)));
}

export function extractLinks(html: string): string[] {
  const body = html.slice(html.indexOf('<body'));
  return [...body.matchAll(/<a\s[^>]*?href="([^"]+)"/g)].map((m) => decodeEntities(m[1] as string));
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
  return checkPageLinks(built, { pathPrefix, isFile }).map((p) => ({ source: pages.get(p.page) ?? p.page, link: p.link.href, message: p.message }));
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
