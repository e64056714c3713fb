/** A search section of a page (gatsby/search/sections.ts cuts pages into them; the search documents carry them). */
export interface PageSection {
  /** Heading id, or null for the text before the first h2/h3. */
  id: string | null;
  heading: string;
  depth: 0 | 2 | 3;
  text: string;
  /** Identifiers found in the section's code blocks, space-separated. */
  code: string;
}
