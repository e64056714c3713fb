import { pagePath, paginate } from '../../src/lib/paginate';

describe('paginate', () => {
  const items = Array.from({ length: 48 }, (_, i) => i);

  it('splits 48 posts into 6 pages of 9 with the last holding 3', () => {
    const pages = paginate(items, '/blog');
    expect(pages).toHaveLength(6);
    expect(pages.map((p) => p.items.length)).toEqual([9, 9, 9, 9, 9, 3]);
    expect(pages.map((p) => p.path)).toEqual(['/blog', '/blog/page/2', '/blog/page/3', '/blog/page/4', '/blog/page/5', '/blog/page/6']);
  });

  it('links neighbours and never produces /page/1', () => {
    const pages = paginate(items, '/blog/tags/产品');
    expect(pages[0]?.previousPath).toBeNull();
    expect(pages[1]?.previousPath).toBe('/blog/tags/产品');
    expect(pages[5]?.nextPath).toBeNull();
    expect(pages.some((p) => p.path.endsWith('/page/1'))).toBe(false);
  });

  it.each([
    [46, 6],
    [54, 6],
    [55, 7],
    [9, 1],
    [10, 2],
    [19, 3],
    [27, 3],
    [0, 1],
  ])('%i posts make %i pages', (count, pages) => {
    expect(paginate(Array.from({ length: count }), '/x')).toHaveLength(pages);
  });

  it('rejects invalid page numbers', () => {
    expect(() => pagePath('/blog', 0)).toThrow(RangeError);
    expect(() => paginate([], '/blog', 0)).toThrow(RangeError);
  });
});
