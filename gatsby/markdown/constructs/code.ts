/**
 * Fenced code (../code-blocks.ts, ../code-meta.ts, ../prism): highlighted at build time, with a
 * title, line marks and a copy button on the page; in the Markdown version, the code the page shows with its
 * title only; in search, its identifiers.
 */
import { css } from '@emotion/react';
import type { Code } from 'mdast';
import { rehypeCodeBlocks, rehypeCodeMeta } from '../code-blocks';
import { readCodeBlock } from '../code-meta';
import { rehypePrism } from '../prism';
import { c, fonts } from '../../../src/theme/tokens';
import type { ContentConstruct } from './types';

export const code: ContentConstruct = {
  name: 'code',
  rehype: [
    // Meta and magic comments read before Prism sees the code, the block built around what it made.
    { order: 10, use: () => rehypeCodeMeta },
    { order: 20, use: () => rehypePrism },
    { order: 30, use: () => rehypeCodeBlocks },
  ],
  markdown: {
    code: (node: Code, convert) => {
      // A diagram's fence stays as written (./diagrams.ts).
      if (node.lang === 'mermaid') return undefined;
      // The code as the page shows it (magic comments out), its title kept; highlights are the page's business.
      const spec = readCodeBlock(convert.file, node, node.lang, node.meta, node.value);
      return [{ ...node, meta: spec.title === null ? null : `title=${JSON.stringify(spec.title)}`, value: spec.markdown }];
    },
  },
  // The header's language name and button are no text of the page's; a block gives its identifiers.
  searchText: { skip: [{ tag: 'div', className: 'code-header' }], code: [{ tag: 'pre' }] },
  behaviour: 'src/components/mdx/copy-code.ts',
  // A [title] header, then the code, in a grid so a title shares the header's row.
  styles: css`
    .code-block {
      display: grid;
      grid-template-columns: minmax(0, 1fr) auto;
      margin: 0 0 1.2em;
      border: 1px solid ${c('border')};
      border-radius: 8px;
      background: ${c('codeBg')};
      overflow: hidden;
      .code-title {
        grid-column: 1;
        padding: 6px 14px;
        border-bottom: 1px solid ${c('border')};
        font-family: ${fonts.mono};
        font-size: 12.5px;
        line-height: 1.5;
        color: ${c('textSoft')};
        overflow-wrap: anywhere;
      }
      .code-header {
        grid-column: 1 / -1;
        display: flex;
        align-items: center;
        justify-content: space-between;
        gap: 10px;
        padding: 4px 8px 4px 14px;
        border-bottom: 1px solid ${c('border')};
        font-size: 12px;
        color: ${c('textMute')};
        font-family: ${fonts.body};
      }
      .code-title + .code-header {
        grid-column: 2;
        padding-left: 0;
      }
      .code-pre {
        grid-column: 1 / -1;
        min-width: 0;
        margin: 0;
        padding: 14px 16px;
        overflow-x: auto;
        font-size: 13.5px;
        line-height: 1.65;
        color: ${c('codeText')};
        background: transparent;
        tab-size: 4;
      }
      .code-pre code {
        font-family: ${fonts.mono};
        white-space: pre;
      }
      /*
     * Line marks: each line an inline-block as wide as the longest line (or the block), stretched
     * over the padding so a mark spans the whole width; the '\n' between lines stays ordinary
     * text, so selecting and copying by hand gives the code exactly, blank lines included.
     * Line numbers and diff markers are generated content: never selected, never copied.
     */
      .code-lines {
        display: block;
        width: max-content;
        min-width: calc(100% + 32px);
        margin: 0 -16px;
      }
      .code-line {
        display: inline-block;
        box-sizing: border-box;
        width: 100%;
        min-height: 1.65em;
        padding: 0 16px;
        vertical-align: top;
      }
      .code-line.highlighted {
        background: ${c('codeHighlightBg')};
        box-shadow: inset 3px 0 0 ${c('primary')};
      }
      .code-line.diff-add {
        background: ${c('codeAddBg')};
      }
      .code-line.diff-remove {
        background: ${c('codeRemoveBg')};
      }
      .line-numbers .code-line::before,
      .diff-gutter .code-line::before {
        display: inline-block;
        margin-right: 1.2em;
        text-align: right;
        color: ${c('textMute')};
      }
      .line-numbers .code-line::before {
        min-width: 2.5ch;
        content: attr(data-line) / '';
      }
      .diff-gutter .code-line::before {
        min-width: 1ch;
        content: ' ' / '';
      }
      .diff-gutter .diff-add::before {
        content: '+' / '新增：';
      }
      .diff-gutter .diff-remove::before {
        content: '-' / '删除：';
      }
      .line-numbers.diff-gutter .code-line::before {
        min-width: 4.5ch;
        content: attr(data-line) '  ' / '';
      }
      .line-numbers.diff-gutter .diff-add::before {
        content: attr(data-line) ' +' / '新增：';
      }
      .line-numbers.diff-gutter .diff-remove::before {
        content: attr(data-line) ' -' / '删除：';
      }
      .token.comment,
      .token.prolog,
      .token.doctype,
      .token.cdata {
        color: ${c('codeComment')};
        font-style: normal;
      }
      .token.keyword,
      .token.atrule,
      .token.important,
      .token.rule {
        color: ${c('codeKeyword')};
      }
      .token.string,
      .token.char,
      .token.attr-value,
      .token.regex,
      .token.inserted {
        color: ${c('codeString')};
      }
      .token.number,
      .token.boolean,
      .token.constant,
      .token.symbol {
        color: ${c('codeNumber')};
      }
      .token.function,
      .token.class-name,
      .token.builtin {
        color: ${c('codeFunction')};
      }
      .token.tag,
      .token.selector,
      .token.property,
      .token.deleted {
        color: ${c('codeTag')};
      }
      .token.operator,
      .token.punctuation {
        color: ${c('codePunctuation')};
      }
      .token.attr-name,
      .token.variable,
      .token.annotation {
        color: ${c('codeAttr')};
      }
    }
  `,
  audit: [
    { feature: 'code', pattern: /class="code-block"/ },
    // Code with a title or line marks (highlights, numbers, diff): their own colours and generated content.
    { feature: 'code-marks', pattern: /class="code-title"|class="code-lines[\s"]/ },
  ],
  example: ['```ts title="src/greet.ts" {2} showLineNumbers', 'export function greet(userName: string) {', "  return '你好，' + userName;", '}', '```', ''].join('\n'),
};
