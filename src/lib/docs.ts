/**
 * Docs: file path → URL, and the per-product sidebars generated from the content folders.
 * content/docs/desktop/wing/Get start.mdx → /docs/desktop/wing/Get start (served as Get%20start).
 */

export const DOCS_BASE = '/docs';
/** Top-level folders whose second level is a product: desktop/wing, mobile/konker … */
export const DOC_AREAS = ['desktop', 'mobile', 'services'] as const;

export interface DocInput {
  /** Path relative to content/docs, without extension: `desktop/wing/Get start`. */
  id: string;
  title: string;
  sidebarLabel?: string;
  /** Docs without one come after those with one, by id (as in Docusaurus). */
  sidebarPosition?: number | undefined;
  hideSidebar: boolean;
  unlisted: boolean;
}

export interface SidebarLink {
  kind: 'link';
  id: string;
  label: string;
  path: string;
}

export interface SidebarCategory {
  kind: 'category';
  label: string;
  items: SidebarLink[];
}

export type SidebarItem = SidebarLink | SidebarCategory;

export interface Sidebar {
  /** `desktop/wing`, `about`, `intro`. */
  key: string;
  items: SidebarItem[];
}

export function docIdFromRelativePath(relativePath: string): string {
  const normalized = relativePath.replace(/\\/g, '/').replace(/^\/+/, '');
  const m = /^(.+)\.mdx?$/.exec(normalized);
  if (!m) throw new Error(`不是文档文件（需要 .mdx）：${relativePath}`);
  const id = (m[1] as string).replace(/\/index$/, '');
  if (id.split('/').some((segment) => segment.trim() === '' || segment !== segment.trim())) {
    throw new Error(`文档路径的各段不能为空，也不能以空格开头或结尾：${relativePath}`);
  }
  return id;
}

/** The page path as given to createPage (spaces kept). */
export function docPath(id: string): string {
  return `${DOCS_BASE}/${id}`;
}

export function sidebarKey(id: string): string {
  const parts = id.split('/');
  const [top, second] = parts;
  if ((DOC_AREAS as readonly string[]).includes(top as string) && second !== undefined && parts.length > 2) {
    return `${top}/${second}`;
  }
  return top as string;
}

/** Sidebar order: by position, docs without one last; then by id. */
export function byPosition(a: { sidebarPosition?: number | undefined; id: string }, b: { sidebarPosition?: number | undefined; id: string }): number {
  const pa = a.sidebarPosition ?? Number.POSITIVE_INFINITY;
  const pb = b.sidebarPosition ?? Number.POSITIVE_INFINITY;
  return (pa === pb ? 0 : pa < pb ? -1 : 1) || a.id.localeCompare(b.id);
}

function toLink(doc: DocInput): SidebarLink {
  return { kind: 'link', id: doc.id, label: doc.sidebarLabel ?? doc.title, path: docPath(doc.id) };
}

/**
 * One sidebar per product folder. Docs in a sub-folder of a product become a category
 * (always expanded). Docs with hide_sidebar or unlisted are left out of every sidebar.
 */
export function buildSidebars(docs: readonly DocInput[]): Map<string, Sidebar> {
  const grouped = new Map<string, DocInput[]>();
  for (const doc of docs) {
    if (doc.hideSidebar || doc.unlisted) continue;
    const key = sidebarKey(doc.id);
    const group = grouped.get(key);
    if (group) group.push(doc);
    else grouped.set(key, [doc]);
  }
  const sidebars = new Map<string, Sidebar>();
  for (const [key, members] of grouped) {
    const direct: Array<{ sidebarPosition: number | undefined; id: string; item: SidebarItem }> = [];
    const categories = new Map<string, DocInput[]>();
    for (const doc of members) {
      const rest = doc.id.slice(key.length + 1).split('/');
      if (rest.length > 1 && doc.id.startsWith(`${key}/`)) {
        const folder = rest[0] as string;
        const category = categories.get(folder);
        if (category) category.push(doc);
        else categories.set(folder, [doc]);
      } else {
        direct.push({ sidebarPosition: doc.sidebarPosition, id: doc.id, item: toLink(doc) });
      }
    }
    for (const [folder, children] of categories) {
      const sorted = [...children].sort(byPosition);
      direct.push({
        sidebarPosition: (sorted[0] as DocInput).sidebarPosition,
        id: `${key}/${folder}`,
        item: { kind: 'category', label: folder, items: sorted.map(toLink) },
      });
    }
    direct.sort(byPosition);
    sidebars.set(key, { key, items: direct.map((d) => d.item) });
  }
  return sidebars;
}

/** Links in reading order (categories flattened), for previous/next. */
export function flattenSidebar(sidebar: Sidebar): SidebarLink[] {
  return sidebar.items.flatMap((item) => (item.kind === 'link' ? [item] : item.items));
}

export function neighbours(sidebar: Sidebar | undefined, id: string): { previous: SidebarLink | null; next: SidebarLink | null } {
  if (!sidebar) return { previous: null, next: null };
  const links = flattenSidebar(sidebar);
  const index = links.findIndex((link) => link.id === id);
  if (index < 0) return { previous: null, next: null };
  return { previous: links[index - 1] ?? null, next: links[index + 1] ?? null };
}
