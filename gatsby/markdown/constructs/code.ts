/**
 * Fenced code (../code-blocks.ts, ../code-meta.ts, ../prism): highlighted at build time, with a
 * title, line marks and a copy button on the page; in the twin, the code the page shows with its
 * title only; in search, its identifiers.
 */
import type { Code } from 'mdast';
import { rehypeCodeBlocks, rehypeCodeMeta } from '../code-blocks';
import { readCodeBlock } from '../code-meta';
import { rehypePrism } from '../prism';
import type { ContentConstruct } from './types';

export const code: ContentConstruct = {
  name: 'code',
  rehype: [
    // Meta and magic comments read before Prism sees the code, the block built around what it made.
    { order: 10, use: () => rehypeCodeMeta },
    { order: 20, use: () => rehypePrism },
    { order: 30, use: () => rehypeCodeBlocks },
  ],
  twin: {
    code: (node: Code, convert) => {
      // A diagram's fence stays as written (./diagrams.ts).
      if (node.lang === 'mermaid') return undefined;
      // The code as the page shows it (magic comments out), its title kept; highlights are the page's business.
      const spec = readCodeBlock(convert.file, node, node.lang, node.meta, node.value);
      return [{ ...node, meta: spec.title === null ? null : `title=${JSON.stringify(spec.title)}`, value: spec.twin }];
    },
  },
  // The header's language name and button are no text of the page's; a block gives its identifiers.
  searchText: { skip: [{ tag: 'div', className: 'code-header' }], code: [{ tag: 'pre' }] },
  behaviour: 'src/components/mdx/copy-code.ts',
  audit: [
    { feature: 'code', pattern: /class="code-block"/ },
    // Code with a title or line marks (highlights, numbers, diff): their own colours and generated content.
    { feature: 'code-marks', pattern: /class="code-title"|class="code-lines[\s"]/ },
  ],
  example: ['```ts title="src/greet.ts" {2} showLineNumbers', 'export function greet(userName: string) {', "  return '你好，' + userName;", '}', '```', ''].join('\n'),
};
