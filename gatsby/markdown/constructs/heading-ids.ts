/** Explicit heading ids, `## 安装步骤 {#install}` (../heading-ids.ts): kept by the page, the Markdown version and links. */
import type { Heading, Root } from 'mdast';
import type { Processor } from 'unified';
import { applyHeadingIds, explicitId, extractHeadingIds } from '../heading-ids';
import { text } from '../markdown-version-nodes';
import type { ContentConstruct } from './types';

/**
 * unified plugin: explicit heading ids `## 标题 {#id}` (heading-ids.ts). The markers are blanked
 * before micromark reads the source (MDX would take them for expressions), then set on the
 * headings of their lines.
 */
function headingIdSyntax(this: Processor) {
  const self = this as unknown as { Parser: (doc: string, file: { path?: string }) => Root };
  const parse = self.Parser;
  self.Parser = (doc, file) => {
    const { source, ids } = extractHeadingIds(String(doc), file.path ?? '');
    const tree = parse(source, file);
    applyHeadingIds(tree, ids);
    return tree;
  };
}

export const headingIds: ContentConstruct = {
  name: 'heading-ids',
  parse: [{ order: 40, use: () => headingIdSyntax }],
  markdown: {
    heading: (node: Heading, convert) => {
      // A heading's own id stays written after it, as in the source: links into the Markdown version can name it.
      const id = explicitId(node);
      return id ? [{ ...node, children: [...convert.phrasing(node.children), text(` {#${id}}`)] }] : undefined;
    },
  },
  marker: /<h2 id="install">/,
  example: '## 安装步骤 {#install}\n\n按顺序做完每一步。\n',
};
