/**
 * Series of posts: a post names its series (a key of content/series.yaml) and its place in it in
 * frontmatter (`series:`, `series_position:`). From those alone this module checks the series
 * (unknown key, two parts at one place) and builds each part's series box: the series name,
 * every published part with its date, the current part, the previous and next part, and which parts
 * came out after the current one (the box is page chrome, so a post still reads as written on its
 * date). Pure: used by the site plan (src/lib/routes.ts), `npm run check:content` and the Markdown versions.
 */

/** What a post contributes to its series. */
export interface SeriesMember {
  slug: string;
  path: string;
  title: string;
  date: string;
  series?: string;
  seriesPosition?: number;
}

export interface SeriesPart {
  title: string;
  path: string;
  date: string;
  position: number;
  /** The part the box is shown on. */
  current: boolean;
  /** Published after the current part (labelled as a later part in the box). */
  later: boolean;
}

export interface SeriesBox {
  key: string;
  name: string;
  /** Every published part, in series order. */
  parts: SeriesPart[];
  /** 1-based place of the current part among `parts`. */
  index: number;
  previous: SeriesPart | null;
  next: SeriesPart | null;
}

/** Series key → reader-facing name (content/series.yaml). */
export type SeriesNames = Readonly<Record<string, string>>;

export interface SeriesProblem {
  slug: string;
  field: 'series' | 'series_position';
  message: string;
}

/**
 * Problems of the series as written: a key content/series.yaml does not define, two posts at the
 * same place (their order would be a guess). Checked over every post (drafts too: a draft part
 * keeps its place). Places only order the parts: a gap (a part deleted, or not written yet) and a
 * series of one are not problems, since deleting a post must not make the posts it leaves wrong;
 * the box numbers the parts it shows in order and appears once two parts are published.
 */
export function seriesProblems(posts: readonly SeriesMember[], names: SeriesNames): SeriesProblem[] {
  const problems: SeriesProblem[] = [];
  const bySeries = new Map<string, SeriesMember[]>();
  for (const post of posts) {
    if (!post.series) continue;
    if (!Object.prototype.hasOwnProperty.call(names, post.series)) {
      const known = Object.keys(names).join('、') || '（无）';
      problems.push({ slug: post.slug, field: 'series', message: `未知的系列“${post.series}”：content/series.yaml 里没有这个键（已有：${known}）` });
      continue;
    }
    bySeries.set(post.series, [...(bySeries.get(post.series) ?? []), post]);
  }
  for (const [key, members] of bySeries) {
    const sorted = [...members].sort((a, b) => (a.seriesPosition ?? 0) - (b.seriesPosition ?? 0) || a.slug.localeCompare(b.slug));
    const taken = new Map<number, SeriesMember>();
    for (const post of sorted) {
      const at = post.seriesPosition ?? 0;
      const other = taken.get(at);
      if (other) problems.push({ slug: post.slug, field: 'series_position', message: `系列“${key}”的第 ${at} 篇重复：${other.path} 也是第 ${at} 篇` });
      else taken.set(at, post);
    }
  }
  return problems;
}

/**
 * The series box of each post in a series, by slug. `published` are the posts the site shows in
 * lists (not drafts, not unlisted); a post outside it (an unlisted part) still gets its box.
 */
export function seriesBoxes(posts: readonly SeriesMember[], published: ReadonlySet<string>, names: SeriesNames): Map<string, SeriesBox> {
  const boxes = new Map<string, SeriesBox>();
  const bySeries = new Map<string, SeriesMember[]>();
  for (const post of posts) {
    if (!post.series || names[post.series] === undefined) continue;
    bySeries.set(post.series, [...(bySeries.get(post.series) ?? []), post]);
  }
  for (const [key, members] of bySeries) {
    const ordered = [...members].sort((a, b) => (a.seriesPosition ?? 0) - (b.seriesPosition ?? 0));
    for (const self of ordered) {
      const shown = ordered.filter((p) => p === self || published.has(p.slug));
      if (shown.length < 2) continue;
      const parts = shown.map((p) => ({ title: p.title, path: p.path, date: p.date, position: p.seriesPosition ?? 0, current: p === self, later: p.date > self.date }));
      const at = parts.findIndex((p) => p.current);
      boxes.set(self.slug, { key, name: names[key] as string, parts, index: at + 1, previous: parts[at - 1] ?? null, next: parts[at + 1] ?? null });
    }
  }
  return boxes;
}

/** Page paths each part's box links to (the other published parts): inbound links for the orphan check. */
export function seriesLinks(boxes: ReadonlyMap<string, SeriesBox>): Array<{ from: string; to: string[] }> {
  return [...boxes.values()].map((box) => ({
    from: box.parts.find((p) => p.current)?.path ?? '',
    to: box.parts.filter((p) => !p.current).map((p) => p.path),
  }));
}

export const SERIES_LATER_LABEL = '本文之后发表';

/** “AOSP 系列 · 第 2 篇，共 3 篇” */
export function seriesHeading(box: SeriesBox): string {
  return `${box.name} · 第 ${box.index} 篇，共 ${box.parts.length} 篇`;
}
