/** Tags: a label written by the editor is also the URL segment (Chinese kept as is). */

export interface TagSummary {
  label: string;
  segment: string;
  path: string;
  count: number;
}

/** `IT人生` → `IT人生`, `deep seek` → `deep-seek`. Case is kept: the label is the identity. */
export function tagSegment(label: string): string {
  const segment = label.trim().replace(/\s+/g, '-');
  if (segment === '' || /[/?#%\\]/.test(segment)) {
    throw new Error(`标签 "${label}" 不能为空，也不能包含 / ? # % \\`);
  }
  return segment;
}

export function tagPath(label: string): string {
  return `/blog/tags/${tagSegment(label)}`;
}

/** Every tag with its post count, most used first, then by label. */
export function summarizeTags(posts: ReadonlyArray<{ tags: readonly string[] }>): TagSummary[] {
  const counts = new Map<string, number>();
  for (const post of posts) {
    for (const label of new Set(post.tags)) counts.set(label, (counts.get(label) ?? 0) + 1);
  }
  return [...counts.entries()].map(([label, count]) => ({ label, segment: tagSegment(label), path: tagPath(label), count })).sort((a, b) => b.count - a.count || a.label.localeCompare(b.label, 'zh-Hans-CN'));
}

/** Posts carrying a tag, in the order given (callers pass newest first). */
export function postsWithTag<T extends { tags: readonly string[] }>(posts: readonly T[], label: string): T[] {
  return posts.filter((post) => post.tags.includes(label));
}
