/** Pagination of post lists: /blog, /blog/page/2 … and the same under each tag. */

export const POSTS_PER_PAGE = 9;

export interface ListPage<T> {
  /** 1-based page number. */
  page: number;
  numPages: number;
  path: string;
  items: T[];
  previousPath: string | null;
  nextPath: string | null;
}

/** `/blog` for page 1, `/blog/page/2` for page 2. Page 1 never has a /page/1 path. */
export function pagePath(basePath: string, page: number): string {
  if (!Number.isInteger(page) || page < 1) throw new RangeError(`页码必须是正整数：${page}`);
  return page === 1 ? basePath : `${basePath}/page/${page}`;
}

export function paginate<T>(items: readonly T[], basePath: string, perPage = POSTS_PER_PAGE): ListPage<T>[] {
  if (!Number.isInteger(perPage) || perPage < 1) throw new RangeError(`每页条数必须是正整数：${perPage}`);
  const numPages = Math.max(1, Math.ceil(items.length / perPage));
  return Array.from({ length: numPages }, (_, i) => {
    const page = i + 1;
    return {
      page,
      numPages,
      path: pagePath(basePath, page),
      items: items.slice(i * perPage, page * perPage),
      previousPath: page > 1 ? pagePath(basePath, page - 1) : null,
      nextPath: page < numPages ? pagePath(basePath, page + 1) : null,
    };
  });
}
