/**
 * The content constructs' CSS (gatsby/markdown/constructs: CONTENT_STYLES) as the site-wide
 * stylesheet takes it (src/components/layout/GlobalStyles.tsx).
 */
export interface ContentStyles {
  /** Under the body's `.markdown`, after the typography of prose. */
  markdown: string;
  /** For the whole page, after the body's. */
  page: string;
}
