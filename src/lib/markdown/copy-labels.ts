/**
 * The copy button's words, shared by the build (code-blocks.ts writes the button) and the browser
 * (components/mdx/copy-code.ts changes them). Its own module so that the browser's copy code does
 * not pull the build-time highlighter (Prism, code meta) into every page's JavaScript.
 */
export const COPY_LABEL = '复制';
export const COPIED_TEXT = '已复制';
export const COPY_FAILED_TEXT = '复制失败';
/** Announced to screen readers once the code is on the clipboard. */
export const COPIED_ANNOUNCEMENT = '代码已复制到剪贴板';
/** The button after each h2/h3 of a body that copies its section as Markdown (components/mdx/copy-section.ts). */
export const COPY_SECTION_LABEL = '复制本节';
export const COPIED_SECTION_STATUS = '已复制本节的 Markdown';
/** The menu button beside 复制 Markdown that hands the page to an assistant (components/mdx/AiMenu.tsx). */
export const AI_MENU_LABEL = '在 AI 中打开';
/** The link under a page's title that opens a prefilled issue (components/mdx/ReportIssueLink.tsx). */
export const REPORT_ISSUE_LABEL = '纠错';
