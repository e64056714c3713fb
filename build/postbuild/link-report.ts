/**
 * Post-build link report (spec §8: broken links, anchors and duplicate routes are build
 * warnings; SITE_STRICT=1 makes them errors). Reads the HTML Gatsby wrote, so it checks what
 * readers get — navbar, footer and templates included — and anchors as actually rendered.
 */
import { readFileSync } from 'node:fs';
import { checkInternalLink, describeVerdict, type LinkTarget } from '../../src/lib/links';
import { NOT_PAGE_FOLDERS, pageHtmlFile } from '../gatsby/internals';

export interface LinkProblem {
  /** The content file (or page path) the link was found on. */
  source: string;
  link: string;
  message: string;
}

function decodeEntities(value: string): string {
  return value.replace(/&amp;/g, '&').replace(/&quot;/g, '"').replace(/&#x27;|&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>');
}

export function extractIds(html: string): Set<string> {
  return new Set([...html.matchAll(/\sid="([^"]+)"/g)].map((m) => decodeEntities(m[1] as string)));
}

export function extractLinks(html: string): string[] {
  const body = html.slice(html.indexOf('<body'));
  return [...body.matchAll(/<a\s[^>]*?href="([^"]+)"/g)].map((m) => decodeEntities(m[1] as string));
}

/** What the report needs from one page: its element ids and the links in its body. */
export interface PageLinks {
  ids: Set<string>;
  links: string[];
}

export const pageLinks = (html: string): PageLinks => ({ ids: extractIds(html), links: extractLinks(html) });

/**
 * @param pages built page paths (decoded, no prefix) → the content file that produced them
 * @param collected ids and links by HTML file, when the post-build pass already read the pages
 *   (finishHtmlFiles' onPage); pages missing from it are read from publicDir
 */
export function linkReport(publicDir: string, pages: Map<string, string>, pathPrefix: string, collected: Map<string, PageLinks> = new Map()): LinkProblem[] {
  const targets = new Map<string, LinkTarget>();
  const linksByPage = new Map<string, string[]>();
  for (const page of pages.keys()) {
    const file = pageHtmlFile(publicDir, page);
    const facts = collected.get(file) ?? pageLinks(readFileSync(file, 'utf8'));
    linksByPage.set(page, facts.links);
    targets.set(page, { anchors: facts.ids });
  }
  const problems: LinkProblem[] = [];
  for (const [page, links] of linksByPage) {
    const seen = new Set<string>();
    for (const raw of links) {
      if (seen.has(raw)) continue;
      seen.add(raw);
      let href = raw.startsWith('#') ? `${pathPrefix}${encodeURI(page)}${raw}` : raw;
      if (!href.startsWith('/') || href.startsWith('//')) continue;
      if (pathPrefix) {
        if (!href.startsWith(`${pathPrefix}/`) && href !== pathPrefix) {
          problems.push({ source: pages.get(page) ?? page, link: raw, message: `链接没有带上站点基础路径 ${pathPrefix}` });
          continue;
        }
        href = href.slice(pathPrefix.length) || '/';
      }
      if (NOT_PAGE_FOLDERS.includes(href.split('/')[1] as string)) continue; // files, not pages
      const verdict = checkInternalLink(href, targets);
      if (!verdict.ok) problems.push({ source: pages.get(page) ?? page, link: raw, message: describeVerdict(verdict) });
    }
  }
  return problems;
}
