import { Global, css, type SerializedStyles } from '@emotion/react';
import type { ContentStyles } from '../../lib/types/content-styles';
import { c, cssVariables, fonts, layout, mq } from '../../theme/tokens';
import { docLayoutStyles } from '../docs/doc-layout-styles';
import { prose } from '../mdx/prose';
import { printStyles } from './print-styles';

/**
 * The site-wide stylesheet, around the content constructs' CSS (gatsby/markdown/constructs:
 * CONTENT_STYLES, handed in by gatsby-ssr.tsx and gatsby-browser.tsx: src/ does not import gatsby/).
 * The body's prose and the constructs' CSS go in as one css value made of their text, as prose
 * alone went in before the constructs had their own modules: the stylesheet's text, and so its
 * Emotion id (a hash of the text, in every page), stay what they were.
 */
export const siteStyles = (content: ContentStyles): SerializedStyles => css`
  :root,
  html[data-theme='light'] {
    ${cssVariables('light')}
    color-scheme: light;
  }
  html[data-theme='dark'] {
    ${cssVariables('dark')}
    color-scheme: dark;
  }
  *,
  *::before,
  *::after {
    box-sizing: border-box;
  }
  html {
    -webkit-text-size-adjust: 100%;
    text-size-adjust: 100%;
    scroll-padding-top: ${layout.navbarHeight + 16}px;
  }
  body {
    margin: 0;
    background: ${c('bg')};
    color: ${c('text')};
    font-family: ${fonts.body};
    font-size: 16px;
    line-height: 1.75;
    -webkit-font-smoothing: antialiased;
    text-autospace: normal;
    overflow-wrap: break-word;
  }
  /* Chinese emphasis is shown with weight and colour, never with faux italics. */
  em,
  i {
    font-style: normal;
    font-weight: 600;
  }
  :lang(en) em,
  em:lang(en) {
    font-style: italic;
    font-weight: inherit;
  }
  a {
    color: ${c('link')};
    text-decoration: none;
    text-underline-offset: 0.2em;
  }
  a:hover {
    text-decoration: underline;
  }
  :focus-visible {
    outline: 2px solid ${c('focus')};
    outline-offset: 2px;
  }
  img,
  svg,
  video {
    max-width: 100%;
    height: auto;
  }
  code,
  kbd,
  pre,
  samp {
    font-family: ${fonts.mono};
  }
  button {
    font: inherit;
  }
  @media (prefers-reduced-motion: reduce) {
    *,
    *::before,
    *::after {
      transition-duration: 0.01ms !important;
      animation-duration: 0.01ms !important;
      scroll-behavior: auto !important;
    }
  }
  /* nprogress (navigation progress bar) */
  #nprogress {
    pointer-events: none;
  }
  #nprogress .bar {
    background: ${c('primary')};
    position: fixed;
    z-index: 1031;
    top: 0;
    left: 0;
    width: 100%;
    height: 3px;
  }
  #nprogress .peg {
    display: block;
    position: absolute;
    right: 0;
    width: 100px;
    height: 100%;
    box-shadow:
      0 0 10px ${c('primary')},
      0 0 5px ${c('primary')};
    opacity: 1;
    transform: rotate(3deg) translate(0, -4px);
  }
  /* The copy buttons: code blocks (gatsby/markdown/code-blocks.ts) and 复制 Markdown (MarkdownLinks). */
  .copy-button {
    font-size: 12px;
    line-height: 1;
    padding: 6px 10px;
    border-radius: 5px;
    border: 1px solid ${c('border')};
    background: ${c('surface')};
    color: ${c('textSoft')};
    cursor: pointer;
  }
  .copy-button:hover {
    color: ${c('text')};
    border-color: ${c('textMute')};
  }
  /* They need JavaScript; without it they are hidden. */
  html:not([data-js]) .copy-button {
    display: none;
  }
  /* 复制 Markdown / 查看 Markdown under a doc's or post's title (components/mdx/MarkdownLinks.tsx). */
  .markdown-links {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 8px 14px;
    margin: 0 0 20px;
    font-size: 13px;
  }
  .markdown-links .copy-button {
    font-size: 13px;
  }
  .markdown-links a {
    color: ${c('link')};
  }
  /* 在 AI 中打开 (components/mdx/AiMenu.tsx): a menu of links under its button. */
  .ai-menu {
    position: relative;
    display: inline-block;
  }
  html:not([data-js]) .ai-menu {
    display: none;
  }
  .ai-menu [role='menu'] {
    position: absolute;
    z-index: 50;
    top: calc(100% + 4px);
    left: 0;
    min-width: 220px;
    max-width: calc(100vw - 32px);
    margin: 0;
    padding: 4px;
    list-style: none;
    background: ${c('surface')};
    border: 1px solid ${c('border')};
    border-radius: 8px;
    box-shadow: ${c('shadow')};
  }
  .ai-menu [role='menu'][hidden] {
    display: none;
  }
  .ai-menu [role='menuitem'] {
    display: block;
    padding: 6px 10px;
    border-radius: 5px;
    color: ${c('text')};
    font-size: 14px;
  }
  .ai-menu [role='menuitem'] small {
    display: block;
    color: ${c('textMute')};
    font-size: 12px;
  }
  .ai-menu [role='menuitem']:hover,
  .ai-menu [role='menuitem']:focus {
    background: ${c('bgMute')};
    text-decoration: none;
  }
  /* 复制本节 after each h2/h3 of a body (components/mdx/Markdown.tsx). */
  .markdown .copy-section {
    display: block;
    margin: -6px 0 10px;
    font-size: 12px;
    padding: 3px 8px;
  }
  /* Words of a search marked on the page a result led to, and the bar that clears them (components/search/arrival-marks.ts). */
  mark.search-mark {
    background: ${c('markBg')};
    color: ${c('markText')};
    box-shadow: inset 0 -2px 0 ${c('markLine')};
    border-radius: 2px;
  }
  .search-marks-bar {
    position: fixed;
    z-index: 90;
    left: 50%;
    bottom: 16px;
    transform: translateX(-50%);
    width: max-content;
    max-width: calc(100vw - 24px);
    display: flex;
    align-items: center;
    gap: 12px;
    padding: 6px 6px 6px 14px;
    border: 1px solid ${c('border')};
    border-radius: 12px;
    background: ${c('surface')};
    box-shadow: ${c('shadow')};
    color: ${c('text')};
    font-size: 14px;
    line-height: 1.5;
  }
  .search-marks-bar button {
    flex: 0 0 auto;
    min-height: 44px;
    padding: 0 14px;
    border: 0;
    border-radius: 8px;
    background: ${c('primary')};
    color: ${c('onPrimary')};
    font-weight: 600;
    cursor: pointer;
  }
  /* Body images open large (gatsby/markdown/zoom.ts; the dialog brings its own styles). */
  .image-zoom {
    cursor: zoom-in;
  }
  /* 订阅：RSS · Atom on a tag's page and in a series box (components/blog/FeedLinks.tsx). */
  .feed-links {
    margin: 16px 0 0;
    font-size: 14px;
    color: ${c('textSoft')};
  }
  .feed-links a {
    text-decoration: underline;
  }
  /* 最后更新于 … under a doc (components/LastUpdated.tsx; in a post's meta row it takes the row's style). */
  p.last-updated {
    margin: 8px 0 0;
    font-size: 14px;
    color: ${c('textMute')};
  }
  .visually-hidden {
    position: absolute !important;
    width: 1px;
    height: 1px;
    padding: 0;
    margin: -1px;
    overflow: hidden;
    clip: rect(0, 0, 0, 0);
    white-space: nowrap;
    border: 0;
  }
  .markdown {
    ${css(prose.styles + content.markdown)}
  }
  ${content.page}
  ${docLayoutStyles}
  ${mq.mobile} {
    .desktop-only {
      display: none !important;
    }
  }
  ${mq.desktop} {
    .mobile-only {
      display: none !important;
    }
  }
  ${printStyles}
`;

export function GlobalStyles({ styles }: { styles: SerializedStyles }) {
  return <Global styles={styles} />;
}
