/**
 * What a post's and a doc's frontmatter hold once validated. gatsby/content/model.ts declares the
 * zod schemas that check an editor's file and makes sure they give exactly these types.
 */

/** A post's frontmatter: series and series_position come together or not at all. */
export interface PostFrontmatter {
  slug: string;
  title: string;
  date: string;
  tags: string[];
  authors: string[];
  description: string;
  image?: string | undefined;
  unlisted: boolean;
  draft: boolean;
  series?: string;
  series_position?: number;
}

export interface DocFrontmatter {
  title: string;
  /** Order in the sidebar; docs without one come after those with one, by path (as in Docusaurus). */
  sidebar_position: number | undefined;
  sidebar_label?: string | undefined;
  description?: string | undefined;
  hide_sidebar: boolean;
  unlisted: boolean;
}
