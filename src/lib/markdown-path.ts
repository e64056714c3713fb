/**
 * Where a page's Markdown version is served: its path plus `.md` (`/docs/desktop/wing/Get start` →
 * `/docs/desktop/wing/Get start.md`, requested as Get%20start.md). Its own tiny module: the post
 * and doc pages link to it from the browser bundle.
 */
export const MARKDOWN_EXTENSION = '.md';

export function markdownPath(pagePath: string): string {
  return `${pagePath.replace(/\/+$/, '')}${MARKDOWN_EXTENSION}`;
}

/** The page's button that copies the Markdown version, and what its live region says after copying. */
export const COPY_MARKDOWN_LABEL = '复制 Markdown';
export const COPIED_MARKDOWN_STATUS = '已复制本页的 Markdown';
export const VIEW_MARKDOWN_LABEL = '查看 Markdown';
