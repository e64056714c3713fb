import { groupByYear, sortNewestFirst } from '../../src/lib/archive';
import { postsWithTag, summarizeTags, tagPath, tagSegment } from '../../src/lib/tags';

const posts = [
  { slug: 'a', date: '2023-09-01', tags: ['cos', 'tf-card', '产品'] },
  { slug: 'b', date: '2024-06-05', tags: ['android', '空壳', '产品'] },
  { slug: 'c', date: '2024-11-05', tags: ['android', 'wing'] },
  { slug: 'd', date: '2025-01-14', tags: ['android', '空壳', 'android'] },
];

describe('tags', () => {
  it('keeps Chinese and case as the URL segment', () => {
    expect(tagSegment('空壳')).toBe('空壳');
    expect(tagSegment('IT人生')).toBe('IT人生');
    expect(tagSegment(' deep seek ')).toBe('deep-seek');
    expect(tagPath('PC工具')).toBe('/blog/tags/PC工具');
  });

  it('rejects labels that cannot be a path segment', () => {
    expect(() => tagSegment('a/b')).toThrow();
    expect(() => tagSegment('   ')).toThrow();
  });

  it('counts each tag once per post, most used first', () => {
    const summary = summarizeTags(posts);
    expect(summary[0]).toEqual({ label: 'android', segment: 'android', path: '/blog/tags/android', count: 3 });
    expect(summary.find((t) => t.label === '空壳')?.count).toBe(2);
    expect(summary.find((t) => t.label === 'cos')?.count).toBe(1);
    expect(summary.reduce((n, t) => n + t.count, 0)).toBe(10);
  });

  it('filters posts by tag', () => {
    expect(postsWithTag(posts, '产品').map((p) => p.slug)).toEqual(['a', 'b']);
  });
});

describe('archive', () => {
  it('sorts newest first', () => {
    expect(sortNewestFirst(posts).map((p) => p.slug)).toEqual(['d', 'c', 'b', 'a']);
  });

  it('groups by year, newest year first', () => {
    const groups = groupByYear(posts);
    expect(groups.map((g) => g.year)).toEqual(['2025', '2024', '2023']);
    expect(groups[1]?.posts.map((p) => p.slug)).toEqual(['c', 'b']);
  });
});
