/**
 * Diagrams (../diagrams.ts): a ```mermaid fence drawn as SVG at build time with a text
 * alternative; the twin keeps the fence as written.
 */
import { remarkDiagrams } from '../diagrams';
import type { ContentConstruct } from './types';

export const diagrams: ContentConstruct = {
  name: 'diagrams',
  // Before Gatsby's image plugins and code blocks see the fence.
  remark: [{ order: 10, use: ({ file, drawDiagram }) => [remarkDiagrams, { file, draw: drawDiagram }] }],
  // The drawing's text is read through its text alternative (文字版), which names the kind of diagram.
  searchText: { skip: [{ tag: 'svg' }], pageOnly: ['文字版', '流程图'] },
  audit: [{ feature: 'diagram', pattern: /<figure class="diagram"/ }],
  example: ['```mermaid', 'flowchart LR', '  A[客户端] -->|请求| B[服务]', '```', ''].join('\n'),
};
