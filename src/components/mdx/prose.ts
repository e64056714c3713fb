import { css } from '@emotion/react';
import { c, fonts } from '../../theme/tokens';

/**
 * Typography of rendered content (posts and docs, HTML rendered at build time by
 * gatsby/markdown): comfortable CJK line height, code blocks, callouts, tabs, scrolling tables.
 * Part of the site-wide stylesheet under `.markdown` (GlobalStyles.tsx), rendered at build time:
 * like the content it styles, it costs pages no JavaScript.
 */
export const prose = css`
  font-size: 16px;
  line-height: 1.85;
  color: ${c('text')};
  min-width: 0;
  > :first-child {
    margin-top: 0;
  }
  /* Links inside text are underlined, not told apart by colour alone (WCAG 1.4.1). */
  p a,
  li a,
  td a,
  blockquote a {
    text-decoration: underline;
    text-decoration-thickness: 1px;
  }
  p,
  ul,
  ol,
  blockquote,
  table,
  figure {
    margin: 0 0 1.1em;
  }
  h2,
  h3,
  h4 {
    line-height: 1.4;
    margin: 2em 0 0.75em;
    font-weight: 650;
    position: relative;
  }
  h2 {
    font-size: 1.5rem;
    padding-bottom: 0.3em;
    border-bottom: 1px solid ${c('border')};
  }
  h3 {
    font-size: 1.22rem;
  }
  h4 {
    font-size: 1.05rem;
  }
  .heading-anchor {
    margin-left: 0.4em;
    color: ${c('textMute')};
    opacity: 0;
    text-decoration: none;
    transition: opacity 0.15s;
  }
  h2:hover .heading-anchor,
  h3:hover .heading-anchor,
  h4:hover .heading-anchor,
  .heading-anchor:focus {
    opacity: 1;
  }
  ul,
  ol {
    padding-left: 1.5em;
  }
  li + li {
    margin-top: 0.3em;
  }
  blockquote {
    padding: 0.2em 1em;
    color: ${c('textSoft')};
    border-left: 4px solid ${c('border')};
    background: ${c('bgSoft')};
    border-radius: 0 6px 6px 0;
  }
  :not(pre) > code {
    font-size: 0.88em;
    padding: 0.15em 0.4em;
    border-radius: 4px;
    background: ${c('inlineCodeBg')};
    word-break: break-word;
  }
  .table-scroll {
    overflow-x: auto;
    margin: 0 0 1.2em;
    max-width: 100%;
  }
  .table-scroll table {
    margin: 0;
  }
  table {
    border-collapse: collapse;
    font-size: 0.95em;
    line-height: 1.6;
    min-width: 100%;
  }
  th,
  td {
    border: 1px solid ${c('border')};
    padding: 0.5em 0.8em;
    text-align: left;
    vertical-align: top;
  }
  th {
    background: ${c('bgSoft')};
    font-weight: 600;
    white-space: nowrap;
  }
  img {
    border-radius: 6px;
  }
  .gatsby-resp-image-wrapper {
    margin: 1.2em auto;
  }
  hr {
    border: 0;
    border-top: 1px solid ${c('border')};
    margin: 2em 0;
  }
  kbd {
    font-family: ${fonts.mono};
    font-size: 0.85em;
    padding: 0.1em 0.4em;
    border: 1px solid ${c('border')};
    border-bottom-width: 2px;
    border-radius: 4px;
  }
  /* Code blocks (gatsby/markdown/code-blocks.ts): [title] header, then the code, in a grid so a title shares the header's row. */
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
  .callout {
    margin: 0 0 1.2em;
    padding: 0.8em 1em;
    border: 1px solid ${c('border')};
    border-left: 4px solid var(--callout-accent);
    border-radius: 6px;
    background: ${c('bgSoft')};
    > p:last-child {
      margin-bottom: 0;
    }
  }
  .callout-title {
    display: block;
    font-weight: 650;
    color: var(--callout-accent);
    margin-bottom: 0.3em;
  }
  /* One accent per kind (gatsby/markdown/callouts.ts); each title colour is in src/theme/contrast.ts. */
  .callout-note {
    --callout-accent: ${c('textSoft')};
  }
  .callout-info {
    --callout-accent: ${c('info')};
  }
  .callout-tip {
    --callout-accent: ${c('tip')};
  }
  .callout-important {
    --callout-accent: ${c('important')};
  }
  .callout-warning,
  .callout-caution {
    --callout-accent: ${c('warning')};
  }
  .callout-danger {
    --callout-accent: ${c('danger')};
  }
  /*
   * Tabs (gatsby/markdown/tabs.ts, behaviour in ./tabs.ts). Without JavaScript every panel shows
   * under its label and the buttons are hidden. With it, the buttons show and only the default
   * panel, before the script arrives, so nothing jumps when it does (a remembered choice is shown
   * from the start by the head script, src/lib/head-script.ts).
   */
  .tabs {
    margin: 0 0 1.2em;
  }
  .tab-list {
    display: flex;
    flex-wrap: wrap;
    gap: 2px;
    margin: 0 0 0.9em;
    border-bottom: 1px solid ${c('border')};
  }
  .tab {
    font: inherit;
    font-size: 0.95em;
    line-height: 1.5;
    margin: 0 0 -1px;
    padding: 6px 14px;
    border: 0;
    border-bottom: 2px solid transparent;
    border-radius: 6px 6px 0 0;
    background: none;
    color: ${c('textSoft')};
    cursor: pointer;
  }
  .tab:hover {
    color: ${c('text')};
    background: ${c('bgSoft')};
  }
  .tab[aria-selected='true'],
  .tabs:not([data-tabs-ready]) > .tab-list > .tab[data-default] {
    color: ${c('primary')};
    border-bottom-color: ${c('primary')};
  }
  .tab:focus-visible {
    outline: 2px solid ${c('focus')};
    outline-offset: -2px;
  }
  .tab-label {
    font-weight: 650;
    margin: 0 0 0.4em;
  }
  .tab-panel > :last-child {
    margin-bottom: 0;
  }
  .tab-panel:focus-visible {
    outline: 2px solid ${c('focus')};
    outline-offset: 4px;
    border-radius: 2px;
  }
  html:not([data-js]) & .tab-list,
  html[data-js] & .tab-label,
  html[data-js] & .tabs:not([data-tabs-ready]) > .tab-panel:not([data-default]),
  .tab-panel[hidden] {
    display: none;
  }
  html:not([data-js]) & .tab-panel + .tab-panel {
    margin-top: 1em;
  }
  /* :::steps (gatsby/markdown/steps.ts): an ordered list, its numbers drawn as circles joined by a line. */
  ol.steps {
    list-style: none;
    padding-left: 0;
    counter-reset: step;
  }
  ol.steps > li {
    counter-increment: step;
    position: relative;
    padding-left: 2.6em;
    padding-bottom: 0.4em;
    margin: 0;
  }
  ol.steps > li::before {
    content: counter(step);
    position: absolute;
    left: 0;
    top: 0.1em;
    width: 1.8em;
    height: 1.8em;
    line-height: 1.8em;
    border-radius: 50%;
    text-align: center;
    font-size: 0.9em;
    font-weight: 650;
    color: ${c('onPrimary')};
    background: ${c('primary')};
  }
  ol.steps > li:not(:last-child)::after {
    content: '';
    position: absolute;
    left: calc(0.81em - 1px);
    top: 2em;
    bottom: 0;
    border-left: 2px solid ${c('border')};
  }
  ol.steps > li > p:first-child {
    font-weight: 650;
  }
  /* filetree fences (gatsby/markdown/file-tree.ts): nested lists with guide lines. */
  .file-tree {
    margin: 0 0 1.1em;
    padding: 0.6em 1em;
    border: 1px solid ${c('border')};
    border-radius: 8px;
    background: ${c('bgSoft')};
    font-family: ${fonts.mono};
    font-size: 0.9em;
    line-height: 1.7;
    overflow-x: auto;
  }
  .file-tree ul {
    list-style: none;
    margin: 0;
    padding-left: 0;
  }
  .file-tree ul ul {
    padding-left: 1.2em;
    margin-left: 0.35em;
    border-left: 1px solid ${c('border')};
  }
  .file-tree li {
    margin: 0;
    white-space: nowrap;
  }
  .file-tree .ft-dir > .ft-name::after {
    /* Drawn, not read: the words “目录” before the name say it to a screen reader. */
    content: '/' / '';
    color: ${c('textMute')};
  }
  .file-tree strong.ft-name {
    color: ${c('primary')};
  }
  .file-tree .ft-note {
    margin-left: 0.6em;
    color: ${c('textSoft')};
    font-family: ${fonts.body};
    white-space: normal;
  }
`;
