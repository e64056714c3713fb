/**
 * Diagrams (../diagrams.ts): a ```mermaid fence drawn as SVG at build time with a text
 * alternative; the Markdown version keeps the fence as written.
 */
import { DIAGRAM_COLORS } from '../../../src/lib/markdown/diagram-colors';
import { c, fonts } from '../../../src/theme/tokens';
import { remarkDiagrams } from '../diagrams';
import type { ContentConstruct } from './types';

export const diagrams: ContentConstruct = {
  name: 'diagrams',
  // Before Gatsby's image plugins and code blocks see the fence.
  remark: [{ order: 10, use: ({ file, drawDiagram }) => [remarkDiagrams, { file, draw: drawDiagram }] }],
  // The drawing's text is read through its text alternative (文字版), which names the kind of diagram.
  searchText: { skip: [{ tag: 'svg' }], pageOnly: ['文字版', '流程图'] },
  /*
   * The SVG's colour variables take theme tokens, so it switches with light and dark; it shrinks
   * to the column; its text uses the site's CJK-capable fonts; the text alternative below it is a
   * quiet disclosure. For the whole page, as written (not Emotion's css``).
   */
  pageStyles: `
  .diagram {
    margin: 0 0 1.4em;
  }
  .diagram-svg {
    ${Object.entries(DIAGRAM_COLORS)
      .map(([variable, token]) => `${variable}: ${c(token)};`)
      .join('\n    ')}
    display: block;
    max-width: 100%;
    height: auto;
    margin: 0 auto;
  }
  .diagram-svg text {
    font-family: ${fonts.body};
  }
  .diagram figcaption {
    margin-top: 0.4em;
    text-align: center;
    font-size: 14px;
    color: ${c('textMute')};
  }
  .diagram-text {
    margin-top: 0.4em;
    font-size: 14px;
    color: ${c('textSoft')};
  }
  .diagram-text summary {
    cursor: pointer;
    width: fit-content;
  }
  .diagram-text ul {
    margin: 0.4em 0 0;
  }
`,
  audit: [{ feature: 'diagram', pattern: /<figure class="diagram"/ }],
  example: ['```mermaid', 'flowchart LR', '  A[客户端] -->|请求| B[服务]', '```', ''].join('\n'),
};
