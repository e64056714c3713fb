/**
 * Image processing started before webpack instead of after it.
 *
 * `gatsby build` bundles the browser JavaScript and the HTML renderer first and runs the page
 * queries afterwards; the queries of posts and docs with images (covers through
 * gatsby-transformer-sharp, body images through gatsby-remark-images in Mdx.rendered) create
 * the sharp jobs, which gatsby-plugin-sharp then runs one at a time (its queue is "cores - 1"
 * wide: 1 on a 2-core machine). So a cold build waited for webpack, then for the images.
 *
 * In onPreBuild, before webpack starts, the same page queries run once for exactly the pages
 * whose content has an image, with the pages' own query text and context (so the jobs are the
 * ones the real queries will ask for, deduplicated by Gatsby's job manager). The jobs then run on
 * sharp's threads while webpack works; when the real queries ask for them, they are done. The
 * results are thrown away; errors too (the real query reports them, with the page).
 */

/** Markdown or HTML images, or a frontmatter image: a page whose query creates sharp jobs. */
export function contentHasImages(body: string, frontmatter: { image?: unknown } | undefined): boolean {
  return Boolean(frontmatter?.image) || /!\[[^\]]*\]\([^)]+\)|<img\b/i.test(body);
}

export interface PrewarmPage {
  path: string;
  componentPath: string;
  context: Record<string, unknown>;
}

/**
 * The pages to query early: those whose query will run in this build (`willRun`: Gatsby's dirty
 * flag; a warm build reruns only what changed, and its images are done already) and whose
 * context names (by `id`) a content node with images.
 */
export function pagesToPrewarm<P extends PrewarmPage>(
  pages: Iterable<P>,
  queryOf: (componentPath: string) => string | undefined,
  contentOf: (id: string) => { body?: string; frontmatter?: { image?: unknown } } | undefined,
  willRun: (page: P) => boolean = () => true,
): Array<{ page: P; query: string }> {
  const out: Array<{ page: P; query: string }> = [];
  for (const page of pages) {
    const query = queryOf(page.componentPath);
    if (query && !willRun(page)) continue;
    const id = page.context?.id;
    if (!query || typeof id !== 'string') continue;
    const node = contentOf(id);
    if (node && contentHasImages(node.body ?? '', node.frontmatter)) out.push({ page, query });
  }
  return out;
}
