import { css } from '@emotion/react';
import { c, fonts } from '../../theme/tokens';

/**
 * Typography of rendered content (posts and docs, HTML rendered at build time by
 * gatsby/markdown): comfortable CJK line height, headings, lists, quotes, tables, images. The
 * content constructs' own CSS (code blocks, callouts, tabs, steps, file trees) is in their
 * modules (gatsby/markdown/constructs) and follows this under `.markdown` in the site-wide
 * stylesheet (GlobalStyles.tsx), rendered at build time: like the content it styles, it costs
 * pages no JavaScript.
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
`;
