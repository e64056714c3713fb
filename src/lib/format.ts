/** `2023-10-10` → `2023年10月10日` (dates are calendar dates: no time zone shifts). */
export function formatDateZh(iso: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso);
  if (!m) return iso;
  return `${m[1]}年${Number(m[2])}月${Number(m[3])}日`;
}

/** Title of a paged list: `博客`, `博客（第 2 页）`. */
export function listTitle(base: string, page: number): string {
  return page > 1 ? `${base}（第 ${page} 页）` : base;
}
