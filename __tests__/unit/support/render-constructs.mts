/**
 * Test helper (a script of its own, __tests__/support/script.ts: the unified chain is ESM-only, jest runs CommonJS). Prints, for every
 * content construct of the registry (gatsby/markdown/constructs), its fields as Node reads them
 * (the whole module, not jest's light view) and what its example becomes: the page's HTML and its
 * text (renderMdx, diagrams drawn by the build's beautiful-mermaid), the Markdown version and its
 * text (renderMarkdownVersion), the search text (the sections cut from the renderer's tree), and the node
 * types of the parser's tree that Markdown does not have: mdast-util-to-markdown with GFM, the
 * Markdown version's serialiser, cannot write them, so a construct must convert them (and render them).
 */
import { gfmToMarkdown } from 'mdast-util-gfm';
import { defaultHandlers } from 'mdast-util-to-markdown';
import { cjkFriendlyExtension } from 'micromark-extension-cjk-friendly';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { CONSTRUCTS, CONTENT_STYLES } from '../../../gatsby/markdown/constructs';
import { drawWithRenderer } from '../../../gatsby/markdown/draw-diagrams';
import { contentFile, contentParser } from '../../../gatsby/markdown/parse';
import { renderMdx } from '../../../gatsby/markdown/render';
import { renderMarkdownVersion } from '../../../gatsby/markdown/markdown-version';
import { decodeEntities } from '../../../gatsby/markdown/html-tree';
import { sectionsFromTree } from '../../../gatsby/search/sections';
import { lightFields } from './construct-fields';

const file = 'content/docs/example.mdx';

interface Node {
  type: string;
  children?: Node[];
  value?: string;
}

/** Every node of a tree with the type of its parent. */
function nodes(tree: Node, parent: string | null = null): Array<{ type: string; parent: string | null }> {
  return [{ type: tree.type, parent }, ...(tree.children ?? []).flatMap((child) => nodes(child, tree.type))];
}

/** The node types Markdown with GFM has: what the Markdown version's serialiser writes. */
const MARKDOWN_TYPES = new Set([...Object.keys(defaultHandlers), ...(gfmToMarkdown().extensions ?? []).flatMap((extension) => Object.keys(extension.handlers ?? {}))]);

async function parsed(source: string): Promise<Node> {
  const parser = contentParser();
  const vfile = contentFile(source, file);
  return (await parser.run(parser.parse(vfile), vfile)) as unknown as Node;
}

/** The Markdown version read back, with the one parser's CJK-friendly emphasis (`**强调。**后文` is emphasis, not asterisks). */
function readMarkdown(markdown: string): Node {
  const processor = unified().use(remarkParse).use(remarkGfm);
  const data = processor.data() as { micromarkExtensions?: unknown[] };
  (data.micromarkExtensions ??= []).push(cjkFriendlyExtension());
  return processor.parse(markdown) as unknown as Node;
}

const BLOCKS = new Set(['root', 'blockquote', 'list', 'listItem', 'table', 'tableRow', 'tableCell']);

/** The text of a Markdown tree as a reader reads it: inline content joined, blocks apart. */
function markdownText(node: Node): string {
  if (node.type === 'code') return ` ${(node as { meta?: string }).meta ?? ''} ${node.value} `;
  if (typeof node.value === 'string') return node.value;
  return (node.children ?? []).map(markdownText).join(BLOCKS.has(node.type) ? ' ' : '');
}

const results = [];
for (const construct of CONSTRUCTS) {
  const result: Record<string, unknown> = { ...lightFields(construct) };
  try {
    const rendered = await renderMdx(construct.example, { file, drawDiagram: drawWithRenderer });
    const markdown = await renderMarkdownVersion(construct.example, { file, title: '示例', basePath: '', imageUrl: (src) => src });
    const sections = sectionsFromTree(rendered.tree as never);
    const notMarkdown = nodes(await parsed(construct.example)).filter((n) => !MARKDOWN_TYPES.has(n.type));
    Object.assign(result, {
      html: rendered.html,
      pageText: decodeEntities(rendered.html),
      markdown,
      markdownText: markdownText(readMarkdown(markdown)),
      search: sections.map((s) => [s.heading, s.text, s.code].join(' ')).join(' '),
      notMarkdown,
    });
  } catch (error) {
    result.error = error instanceof Error ? error.message : String(error);
  }
  results.push(result);
}
process.stdout.write(JSON.stringify({ constructs: results, contentStyles: CONTENT_STYLES }));
