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
