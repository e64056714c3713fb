/** The blog archive: posts grouped by year, newest year and newest post first. */

export interface YearGroup<T> {
  year: string;
  posts: T[];
}

export function sortNewestFirst<T extends { date: string; slug: string }>(posts: readonly T[]): T[] {
  return [...posts].sort((a, b) => (a.date === b.date ? a.slug.localeCompare(b.slug) : a.date < b.date ? 1 : -1));
}

export function groupByYear<T extends { date: string; slug: string }>(posts: readonly T[]): YearGroup<T>[] {
  const groups: YearGroup<T>[] = [];
  for (const post of sortNewestFirst(posts)) {
    const year = post.date.slice(0, 4);
    const last = groups[groups.length - 1];
    if (last && last.year === year) last.posts.push(post);
    else groups.push({ year, posts: [post] });
  }
  return groups;
}
