import { c, cssVariables } from '../../theme/tokens';

/**
 * How a post or doc prints (or saves as PDF): the title, the date or “最后更新于” line and the body,
 * in the light colours whatever mode the reader chose, without the site's chrome (navbar,
 * announcement, sidebar, table of contents, search, buttons, footer). Code wraps instead of running
 * off the page and keeps its title; every tab panel shows under its label; diagrams, images, table
 * rows and short code blocks are not cut across pages; a heading is kept with what follows it; an
 * external link in the body is followed by its address. The series box and related posts stay, as
 * short lists.
 *
 * Part of the build-time global stylesheet (GlobalStyles, last so that it wins): no bytes in any
 * page's JavaScript. `__tests__/e2e/print.test.ts` prints pages to PDF and reads them back.
 */
export const printStyles = `
  @media print {
    @page {
      size: A4;
      margin: 16mm 14mm;
    }
    /* Same selectors as the colour modes', later in the sheet: the light tokens win in either mode. */
    :root,
    html[data-theme='light'],
    html[data-theme='dark'] {
      ${cssVariables('light')}
      color-scheme: light;
    }
    body {
      background: #fff;
      font-size: 11pt;
    }
    [data-testid='skip-link'],
    [data-testid='announcement-bar'],
    [data-testid='navbar'],
    [data-testid='footer'],
    [data-testid='toc'],
    [data-testid='mobile-toc'],
    [data-testid='doc-sidebar'],
    [data-testid='mobile-sidebar-toggle'],
    [data-testid='breadcrumbs'],
    [data-testid='edit-link'],
    [data-testid='doc-pager'],
    [data-testid='unlisted-notice'],
    [data-testid^='search'],
    nav[aria-label='相邻文章'],
    .sidebar-col,
    .toc-col,
    .markdown-links,
    .feed-links,
    .copy-button,
    .heading-anchor,
    .code-header,
    .diagram-text,
    .markdown .tab-list,
    #base-url-banner,
    #nprogress,
    [role='dialog'] {
      display: none !important;
    }
    /* One column the width of the paper. */
    main,
    main > div,
    .doc-grid,
    .content-col,
    main article {
      display: block !important;
      max-width: none !important;
      margin: 0 !important;
      padding: 0 !important;
    }
    a {
      color: ${c('text')};
    }
    h1,
    h2,
    h3,
    h4,
    h5,
    h6 {
      break-after: avoid;
      break-inside: avoid;
    }
    /* External links in the body: the address after the text, since paper cannot be clicked. */
    .markdown a[href^='http']::after {
      content: ' (' attr(href) ')';
      font-size: 0.85em;
      color: ${c('textSoft')};
      overflow-wrap: anywhere;
    }
    /* Code wraps at the page edge; a block shorter than a page stays on one. */
    .markdown .code-block {
      display: block !important;
      overflow: visible !important;
      break-inside: avoid !important;
    }
    .markdown .code-pre {
      overflow: visible !important;
    }
    .markdown .code-pre code,
    .markdown .code-lines,
    .markdown .code-line {
      white-space: pre-wrap !important;
      overflow-wrap: anywhere !important;
    }
    .markdown .code-lines {
      width: auto !important;
      min-width: 0 !important;
      margin: 0 !important;
    }
    .markdown .code-line {
      display: block !important;
      width: auto !important;
      padding: 0 !important;
    }
    .markdown .file-tree,
    .markdown .file-tree li {
      overflow: visible !important;
      white-space: normal !important;
    }
    /* Tables whole: no scrolling box, cells wrap, rows not cut, the header again on each page. */
    .markdown .table-scroll {
      overflow: visible !important;
    }
    .markdown table {
      width: 100% !important;
    }
    .markdown th,
    .markdown td {
      white-space: normal !important;
      overflow-wrap: break-word !important;
    }
    .markdown thead {
      display: table-header-group !important;
    }
    .markdown tr,
    .markdown figure,
    .markdown img,
    .markdown svg,
    .markdown picture,
    .markdown aside,
    .markdown pre {
      break-inside: avoid !important;
    }
    /* A drawing taller than the paper is scaled down to one page, not cut. */
    .markdown img,
    .markdown svg {
      max-width: 100% !important;
      max-height: 230mm !important;
      height: auto !important;
      object-fit: contain;
    }
    .markdown .diagram-svg {
      width: auto !important;
    }
    /* Tab sets: every panel, each under its label. */
    .markdown .tab-panel,
    .markdown .tab-panel[hidden],
    .markdown .tab-label {
      display: block !important;
    }
    .markdown .tab-panel + .tab-panel {
      margin-top: 1em;
    }
  }
`;
