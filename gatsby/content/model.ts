/**
 * The content model: what an editor may write in the frontmatter of a post or a doc,
 * validated once at build time. Every error names the file and the field so that a
 * broken page fails the build loudly instead of rendering wrong.
 */

export interface PostFrontmatter {
  slug: string;
  title: string;
  /** ISO date, yyyy-mm-dd. */
  date: string;
  tags: string[];
  authors: string[];
  description: string;
  image?: string;
  unlisted: boolean;
  draft: boolean;
  /** The series the post belongs to: a key of content/series.yaml (src/lib/series.ts). */
  series?: string;
  /** Its place in the series, 1 for the first part. */
  series_position?: number;
}

export interface DocFrontmatter {
  title: string;
  sidebar_position: number;
  sidebar_label?: string;
  description?: string;
  hide_sidebar: boolean;
  unlisted: boolean;
}

export class ContentError extends Error {
  constructor(
    readonly file: string,
    readonly field: string,
    detail: string,
  ) {
    super(`内容错误 ${file}: 字段 "${field}" ${detail}`);
    this.name = 'ContentError';
  }
}

type Raw = Record<string, unknown>;

const SLUG_RE = /^[A-Za-z0-9][A-Za-z0-9_-]*$/;
const SERIES_KEY_RE = /^[a-z0-9][a-z0-9-]*$/;
const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;

function requiredString(raw: Raw, field: string, file: string): string {
  const value = raw[field];
  if (value === undefined || value === null) throw new ContentError(file, field, '缺失（必填）');
  if (typeof value !== 'string' || value.trim() === '') {
    throw new ContentError(file, field, '必须是非空字符串');
  }
  return value.trim();
}

function optionalString(raw: Raw, field: string, file: string): string | undefined {
  const value = raw[field];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string' || value.trim() === '') {
    throw new ContentError(file, field, '如果填写，必须是非空字符串');
  }
  return value.trim();
}

function optionalBoolean(raw: Raw, field: string, file: string): boolean {
  const value = raw[field];
  if (value === undefined || value === null) return false;
  if (typeof value !== 'boolean') throw new ContentError(file, field, '必须是 true 或 false');
  return value;
}

function stringList(raw: Raw, field: string, file: string): string[] {
  const value = raw[field];
  if (value === undefined || value === null) throw new ContentError(file, field, '缺失（必填）');
  if (!Array.isArray(value) || value.length === 0) {
    throw new ContentError(file, field, '必须是至少含一项的列表');
  }
  return value.map((item, i) => {
    if (typeof item !== 'string' || item.trim() === '') {
      throw new ContentError(file, field, `第 ${i + 1} 项必须是非空字符串`);
    }
    return item.trim();
  });
}

/**
 * A date as the editor wrote it, `yyyy-mm-dd`, that exists in the calendar. Only text is accepted:
 * a Date object means the file was read by a YAML loader that already rolled an impossible date
 * like 2024-02-30 over to 2024-03-01 (gatsby/content/frontmatter.ts reads dates as written).
 */
export function normalizeDate(value: unknown, file: string, field = 'date'): string {
  if (value instanceof Date) {
    throw new ContentError(file, field, `读到的是已换算的日期对象 ${Number.isNaN(value.getTime()) ? 'Invalid Date' : value.toISOString()}，无法检查原文；frontmatter 须用 gatsby/content/frontmatter.ts 读取`);
  }
  const iso = typeof value === 'string' ? value.trim() : '';
  const m = DATE_RE.exec(iso);
  if (!m) throw new ContentError(file, field, `必须是 yyyy-mm-dd 格式的日期，实际为 ${JSON.stringify(value)}`);
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const check = new Date(Date.UTC(y, mo - 1, d));
  if (check.getUTCFullYear() !== y || check.getUTCMonth() !== mo - 1 || check.getUTCDate() !== d) {
    throw new ContentError(file, field, `不是真实存在的日期：${iso}`);
  }
  return iso;
}

/** Blog posts live at content/blog/<yyyy-mm-dd>-<slug>/index.mdx. */
export function parsePostFolder(relativeDir: string): { date: string; slug: string } | null {
  const m = /^(\d{4}-\d{2}-\d{2})-(.+)$/.exec(relativeDir);
  return m ? { date: m[1] as string, slug: m[2] as string } : null;
}

export function validatePost(raw: Raw, file: string, relativeDir?: string): PostFrontmatter {
  const slug = requiredString(raw, 'slug', file);
  if (!SLUG_RE.test(slug)) {
    throw new ContentError(file, 'slug', `只能包含字母、数字、- 和 _，实际为 "${slug}"`);
  }
  const title = requiredString(raw, 'title', file);
  if (raw.date === undefined || raw.date === null) throw new ContentError(file, 'date', '缺失（必填）');
  const date = normalizeDate(raw.date, file);
  const tags = stringList(raw, 'tags', file);
  const authors = stringList(raw, 'authors', file);
  const description = requiredString(raw, 'description', file);
  const image = optionalString(raw, 'image', file);
  const unlisted = optionalBoolean(raw, 'unlisted', file);
  const draft = optionalBoolean(raw, 'draft', file);
  if (relativeDir !== undefined) {
    const folder = parsePostFolder(relativeDir);
    if (!folder) {
      throw new ContentError(file, 'slug', `文章目录必须命名为 <yyyy-mm-dd>-<slug>，实际为 "${relativeDir}"`);
    }
    if (folder.slug !== slug) {
      throw new ContentError(file, 'slug', `与目录名中的 slug "${folder.slug}" 不一致`);
    }
    if (folder.date !== date) {
      throw new ContentError(file, 'date', `与目录名中的日期 ${folder.date} 不一致`);
    }
  }
  const series = optionalString(raw, 'series', file);
  const position = raw.series_position;
  if (series === undefined && position !== undefined && position !== null) throw new ContentError(file, 'series', '缺失：写了 series_position 就要写 series（系列的键，见 content/series.yaml）');
  if (series !== undefined && !SERIES_KEY_RE.test(series)) throw new ContentError(file, 'series', `只能包含小写字母、数字和 -，实际为 "${series}"`);
  if (series !== undefined && (position === undefined || position === null)) throw new ContentError(file, 'series_position', '缺失：写了 series 就要写这是系列的第几篇（从 1 起）');
  if (series !== undefined && (typeof position !== 'number' || !Number.isInteger(position) || position < 1)) {
    throw new ContentError(file, 'series_position', `必须是从 1 起的整数，实际为 ${JSON.stringify(position)}`);
  }
  return { slug, title, date, tags, authors, description, image, unlisted, draft, ...(series !== undefined ? { series, series_position: position as number } : {}) };
}

export function validateDoc(raw: Raw, file: string): DocFrontmatter {
  const title = requiredString(raw, 'title', file);
  const position = raw.sidebar_position;
  if (position === undefined || position === null) {
    throw new ContentError(file, 'sidebar_position', '缺失（必填）');
  }
  if (typeof position !== 'number' || !Number.isFinite(position)) {
    throw new ContentError(file, 'sidebar_position', '必须是数字');
  }
  return {
    title,
    sidebar_position: position,
    sidebar_label: optionalString(raw, 'sidebar_label', file),
    description: optionalString(raw, 'description', file),
    hide_sidebar: optionalBoolean(raw, 'hide_sidebar', file),
    unlisted: optionalBoolean(raw, 'unlisted', file),
  };
}

/** Throws when two posts claim the same slug; names both files. */
export function assertUniqueSlugs(posts: Array<{ slug: string; file: string }>): void {
  const seen = new Map<string, string>();
  for (const post of posts) {
    const key = post.slug.toLowerCase();
    const other = seen.get(key);
    if (other) {
      throw new ContentError(post.file, 'slug', `"${post.slug}" 与 ${other} 重复`);
    }
    seen.set(key, post.file);
  }
}
