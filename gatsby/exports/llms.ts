/**
 * Where each page's Markdown version lives, and llms.txt / llms-full.txt
 * (https://llmstxt.org): the site name as h1, a blockquote summary, then h2 sections — one per
 * product's docs (in the order of the navbar), the overview and about pages, and the blog — each a
 * list of `[title](url.md): description`. llms-full.txt holds every listed page's Markdown version in the same
 * order (docs in sidebar order, then posts newest first). Like the sitemap: nothing unlisted, no drafts.
 */
import { buildSidebars, byPosition, flattenSidebar, sidebarKey, type DocInput } from '../../src/lib/docs';
import { markdownPath, MARKDOWN_EXTENSION } from '../../src/lib/markdown-path';
import { encodePath } from '../../src/lib/url-path';

export { markdownPath, MARKDOWN_EXTENSION };

export const LLMS_PATHS = { index: '/llms.txt', full: '/llms-full.txt' } as const;

/** A site path as a link under the base URL, percent-encoded, safe inside Markdown's (…). */
export function siteHref(path: string, basePath: string): string {
  const prefix = basePath.replace(/\/+$/, '');
  return `${prefix}${encodePath(path)}`.replace(/\(/g, '%28').replace(/\)/g, '%29');
}

export interface LlmsDoc extends DocInput {
  /** `/docs/desktop/wing/Get start` */
  path: string;
  description?: string;
}

export interface LlmsPost {
  path: string;
  title: string;
  description?: string;
}

export interface LlmsEntry {
  path: string;
  title: string;
  description?: string;
}

export interface LlmsSection {
  title: string;
  entries: LlmsEntry[];
}

export interface LlmsOptions {
  /** A section's heading for a sidebar key (`desktop/wing` → `Wing · 桌面端`, `about` → `关于我们`). */
  sectionTitle: (key: string) => string;
  /** Sidebar keys in the order their sections come (the navbar's); others follow alphabetically. */
  keyOrder: readonly string[];
  blogTitle: string;
}

/**
 * Listed docs grouped by sidebar (product), in sidebar order; docs kept out of the sidebar
 * (hide_sidebar) follow their product's sidebar by position. Unlisted docs are left out.
 */
export function docSections(docs: readonly LlmsDoc[], options: Pick<LlmsOptions, 'sectionTitle' | 'keyOrder'>): LlmsSection[] {
  const listed = docs.filter((d) => !d.unlisted);
  const byId = new Map(listed.map((d) => [d.id, d]));
  const sidebars = buildSidebars(listed);
  const groups = new Map<string, LlmsDoc[]>();
  for (const doc of listed) {
    const key = sidebarKey(doc.id);
    if (!groups.has(key)) groups.set(key, []);
  }
  for (const [key, sidebar] of sidebars) {
    groups.get(key)?.push(...flattenSidebar(sidebar).map((link) => byId.get(link.id) as LlmsDoc));
  }
  const hidden = listed.filter((d) => d.hideSidebar).sort(byPosition);
  for (const doc of hidden) groups.get(sidebarKey(doc.id))?.push(doc);

  const rank = (key: string) => {
    const index = options.keyOrder.indexOf(key);
    return index < 0 ? options.keyOrder.length : index;
  };
  return [...groups.keys()]
    .sort((a, b) => rank(a) - rank(b) || a.localeCompare(b))
    .map((key) => ({
      title: options.sectionTitle(key),
      entries: (groups.get(key) ?? []).map((d) => ({ path: d.path, title: d.title, description: d.description })),
    }))
    .filter((section) => section.entries.length > 0);
}

/** Every section of llms.txt: the docs' (sidebar order), then the blog's (posts as given: newest first). */
export function llmsSections(docs: readonly LlmsDoc[], posts: readonly LlmsPost[], options: LlmsOptions): LlmsSection[] {
  const blog: LlmsSection = { title: options.blogTitle, entries: posts.map((p) => ({ path: p.path, title: p.title, description: p.description })) };
  return [...docSections(docs, options), ...(blog.entries.length ? [blog] : [])];
}

const oneLine = (value: string) => value.replace(/\s+/g, ' ').trim();
const linkText = (value: string) => oneLine(value).replace(/([\\[\]])/g, '\\$1');

export interface LlmsSite {
  title: string;
  description: string;
  basePath: string;
}

export function llmsTxt(site: LlmsSite, sections: readonly LlmsSection[]): string {
  const lines = [
    `# ${oneLine(site.title)}`,
    '',
    `> ${oneLine(site.description)}`,
    '',
    `每篇文档和文章都有 Markdown 版本：在网址后加 ${MARKDOWN_EXTENSION}。全部页面的 Markdown 合在一个文件里：[llms-full.txt](${siteHref(LLMS_PATHS.full, site.basePath)})。`,
  ];
  for (const section of sections) {
    lines.push('', `## ${oneLine(section.title)}`, '');
    for (const entry of section.entries) {
      const link = `[${linkText(entry.title)}](${siteHref(markdownPath(entry.path), site.basePath)})`;
      lines.push(`- ${entry.description ? `${link}: ${oneLine(entry.description)}` : link}`);
    }
  }
  return `${lines.join('\n')}\n`;
}

/** llms-full.txt: the site's h1 and summary, then each page's Markdown version in llms.txt order, separated by rules. */
export function llmsFullTxt(site: LlmsSite, sections: readonly LlmsSection[], markdownOf: (path: string) => string): string {
  const pages = sections.flatMap((section) => section.entries.map((entry) => markdownOf(entry.path).trim()));
  return `${[`# ${oneLine(site.title)}\n\n> ${oneLine(site.description)}`, ...pages].join('\n\n---\n\n')}\n`;
}
