/** The table of contents entries a rendered page has (gatsby/markdown/toc.ts reads them; the post and doc templates show them). */
export interface TocEntry {
  id: string;
  title: string;
  depth: 2 | 3;
}
