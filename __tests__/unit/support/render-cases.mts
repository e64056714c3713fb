/**
 * Test helper (a script of its own, __tests__/support/script.ts: the unified chain is ESM-only, jest runs CommonJS). Reads
 * [{ source, file?, firstLine?, anchorAliases? }] as JSON on stdin and prints, for each case, what the three
 * readers get: the page's HTML (renderMdx), the Markdown version (renderMarkdownVersion) and the search
 * sections cut from that HTML (sectionsFromHtml, with their ids: search's deep links), the table of contents — or the errors the page and the Markdown version stopped with.
 */
import { readFileSync } from 'node:fs';
import { renderMdx } from '../../../gatsby/markdown/render';
import { renderMarkdownVersion } from '../../../gatsby/markdown/markdown-version';
import { sectionsFromHtml } from '../../../gatsby/search/sections';

interface Case {
  source: string;
  file?: string;
  firstLine?: number;
  anchorAliases?: Record<string, string>;
}

const cases = JSON.parse(readFileSync(0, 'utf8')) as Case[];
const results: Array<{ html?: string; markdown?: string; search?: string; toc?: unknown; sectionIds?: Array<string | null>; error?: string; markdownError?: string }> = [];
const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));
for (const c of cases) {
  const options = { file: c.file ?? 'content/docs/x.mdx', firstLine: c.firstLine };
  try {
    const { html, toc } = await renderMdx(c.source, { ...options, anchorAliases: c.anchorAliases });
    const markdown = await renderMarkdownVersion(c.source, { ...options, title: '页面', basePath: '', imageUrl: (src) => src });
    const sections = sectionsFromHtml(html);
    const search = sections.map((s) => [s.heading, s.text, s.code].filter(Boolean).join(' ')).join(' | ');
    results.push({ html, markdown, search, toc, sectionIds: sections.map((s) => s.id) });
  } catch (error) {
    const markdownError = await renderMarkdownVersion(c.source, { ...options, title: '页面', basePath: '', imageUrl: (src) => src }).then(() => undefined, messageOf);
    results.push({ error: messageOf(error), markdownError });
  }
}
process.stdout.write(JSON.stringify(results));
