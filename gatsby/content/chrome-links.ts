/**
 * Links the build puts on post pages outside the post's text: the series box (src/lib/series.ts) and
 * the related posts (gatsby/content/related.ts). They count as ways in for the orphan rule
 * (gatsby/content/rules.ts) in `npm run check:content` and the content tests, as they do for readers.
 */
import { relatedPosts } from './related';
import type { LoadedPost } from './loader';
import type { PageLinks } from './rules';
import { seriesBoxes, seriesLinks, type SeriesMember, type SeriesNames } from '../../src/lib/series';

const listed = (p: LoadedPost) => !p.frontmatter.unlisted && !p.frontmatter.draft;

export function seriesMember(p: LoadedPost): SeriesMember {
  return { slug: p.frontmatter.slug, path: p.path, title: p.frontmatter.title, date: p.frontmatter.date, series: p.frontmatter.series, seriesPosition: p.frontmatter.series_position };
}

/** One entry per post page: the links of its series box and its related posts. */
export function chromeLinks(posts: readonly LoadedPost[], names: SeriesNames): PageLinks[] {
  const fileOf = new Map(posts.map((p) => [p.path, p.file]));
  const boxes = seriesBoxes(posts.map(seriesMember), new Set(posts.filter(listed).map((p) => p.frontmatter.slug)), names);
  const related = relatedPosts(posts.map((p) => ({ ...seriesMember(p), tags: p.frontmatter.tags, body: p.body, listed: listed(p) })));
  const link = (href: string) => ({ href, line: 0, column: 0 });
  return [
    ...seriesLinks(boxes).map(({ from, to }) => ({ file: fileOf.get(from) ?? from, links: to.map(link) })),
    ...posts.map((p) => ({ file: p.file, links: (related.get(p.frontmatter.slug) ?? []).map((r) => link(r.path)) })),
  ];
}
