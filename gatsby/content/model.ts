/**
 * The content model: what an editor may write in the frontmatter of a post or a doc, declared
 * once as zod schemas (the shared types in src/lib/types/frontmatter.ts must match them) and
 * validated at build time. Every error names the file, the line and the field, so that a broken
 * page fails the build loudly instead of rendering wrong.
 */

import { z } from 'zod/v4';
import type { Place } from './frontmatter';
import type { DocFrontmatter, PostFrontmatter } from '../../src/lib/types/frontmatter';

export type { DocFrontmatter, PostFrontmatter };

export class ContentError extends Error {
  constructor(
    readonly file: string,
    readonly field: string,
    detail: string,
    /** Where in the file: the field's value, or the YAML mistake; a missing field: the frontmatter's first line. */
    readonly place?: { line: number; column?: number },
  ) {
    const where = place ? `${file}:${place.line}${place.column ? `:${place.column}` : ''}` : file;
    super(`内容错误 ${where}: ${field === 'frontmatter' ? 'frontmatter' : `字段 "${field}"`} ${detail}`);
    this.name = 'ContentError';
  }
}

type Raw = Record<string, unknown>;

const SLUG_RE = /^[A-Za-z0-9][A-Za-z0-9_-]*$/;
const SERIES_KEY_RE = /^[a-z0-9][a-z0-9-]*$/;
const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;

const MISSING = '缺失（必填）';
const isMissing = (value: unknown) => value === undefined || value === null;

/** A required text, trimmed; `detail` says what is wrong when it is there but not a non-empty string. */
const text = (detail = '必须是非空字符串') =>
  z
    .string({ error: (issue) => (isMissing(issue.input) ? MISSING : detail) })
    .trim()
    .min(1, { error: detail });

/** An optional text: absent (or `null`) is undefined. */
const optionalText = () =>
  z.preprocess((value) => value ?? undefined, text('如果填写，必须是非空字符串').optional()) as unknown as z.ZodOptional<ReturnType<typeof text>>;

/** An optional flag: absent (or `null`) is false. */
const flag = () => z.boolean({ error: '必须是 true 或 false' }).nullish().transform((value) => value ?? false);

/** A list of one or more texts (an item's problem is reported with its position: 第 2 项…). */
const textList = () =>
  z.array(text(), { error: (issue) => (isMissing(issue.input) ? MISSING : '必须是至少含一项的列表') }).min(1, { error: '必须是至少含一项的列表' });

/** Why a value is not a `yyyy-mm-dd` date that exists in the calendar, or null when it is one. */
function dateProblem(value: unknown): string | null {
  if (isMissing(value)) return MISSING;
  if (value instanceof Date) {
    return `读到的是已换算的日期对象 ${Number.isNaN(value.getTime()) ? 'Invalid Date' : value.toISOString()}，无法检查原文；frontmatter 须用 gatsby/content/frontmatter.ts 读取`;
  }
  const iso = typeof value === 'string' ? value.trim() : '';
  const m = DATE_RE.exec(iso);
  if (!m) return `必须是 yyyy-mm-dd 格式的日期，实际为 ${JSON.stringify(value)}`;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const check = new Date(Date.UTC(y, mo - 1, d));
  if (check.getUTCFullYear() !== y || check.getUTCMonth() !== mo - 1 || check.getUTCDate() !== d) return `不是真实存在的日期：${iso}`;
  return null;
}

/**
 * A date as the editor wrote it, `yyyy-mm-dd`, that exists in the calendar. Only text is accepted:
 * a Date object means the file was read by a YAML loader that already rolled an impossible date
 * like 2024-02-30 over to 2024-03-01 (gatsby/content/frontmatter.ts reads dates as written).
 */
const isoDate = () =>
  z.unknown().transform((value, ctx) => {
    const problem = dateProblem(value);
    if (problem) {
      ctx.addIssue({ code: 'custom', message: problem, input: value });
      return z.NEVER;
    }
    return (value as string).trim();
  });

/** What an editor may write in a post's frontmatter (content/README.md lists it for editors). */
export const postSchema = z.object({
  slug: text().regex(SLUG_RE, { error: (issue) => `只能包含字母、数字、- 和 _，实际为 "${String(issue.input)}"` }),
  title: text(),
  date: isoDate(),
  tags: textList(),
  authors: textList(),
  description: text(),
  image: optionalText(),
  unlisted: flag(),
  draft: flag(),
  /** The series the post belongs to: a key of content/series.yaml (src/lib/series.ts). */
  series: optionalText(),
  /** Its place in the series, 1 for the first part (checked with `series` in validatePost). */
  series_position: z.unknown().optional(),
});

/** What an editor may write in a doc's frontmatter. */
export const docSchema = z.object({
  title: text(),
  // Absent, or null as Gatsby's schema gives an absent field when the build validates its nodes.
  sidebar_position: z.number({ error: '必须是数字' }).nullish().transform((value) => value ?? undefined),
  sidebar_label: optionalText(),
  description: optionalText(),
  hide_sidebar: flag(),
  unlisted: flag(),
});

/** True when A and B are the same type. */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
/** The frontmatter types (src/lib/types/frontmatter.ts, shared with the browser code) are what the schemas give; a field added to one and not the other stops the type check. */
export const FRONTMATTER_TYPES_MATCH: [Same<Omit<z.output<typeof postSchema>, 'series' | 'series_position'>, Omit<PostFrontmatter, 'series' | 'series_position'>>, Same<z.output<typeof docSchema>, DocFrontmatter>] = [true, true];

/** Where each field is written (readFrontmatter's places); without them errors name the file only. */
type Places = Record<string, Place>;

/** The schema's values, or the first problem as a ContentError naming the file, the field and its line. */
function parseWith<S extends z.ZodType>(schema: S, raw: Raw, file: string, places?: Places): z.output<S> {
  const result = schema.safeParse(raw);
  if (result.success) return result.data;
  const [issue] = result.error.issues;
  const [field, item] = (issue?.path ?? []) as [string | undefined, number | undefined];
  const name = field ?? 'frontmatter';
  const detail = `${typeof item === 'number' ? `第 ${item + 1} 项` : ''}${issue?.message ?? '无效'}`;
  throw new ContentError(file, name, detail, places ? (places[`${name}.${item}`] ?? places[name] ?? { line: 1 }) : undefined);
}

export function normalizeDate(value: unknown, file: string, field = 'date'): string {
  const problem = dateProblem(value);
  if (problem) throw new ContentError(file, field, problem);
  return (value as string).trim();
}

/** Blog posts live at content/blog/<yyyy-mm-dd>-<slug>/index.mdx. */
export function parsePostFolder(relativeDir: string): { date: string; slug: string } | null {
  const m = /^(\d{4}-\d{2}-\d{2})-(.+)$/.exec(relativeDir);
  return m ? { date: m[1] as string, slug: m[2] as string } : null;
}

export function validatePost(raw: Raw, file: string, relativeDir?: string, places?: Places): PostFrontmatter {
  const post = parseWith(postSchema, raw, file, places);
  const at = (field: string) => (places ? (places[field] ?? { line: 1 }) : undefined);
  if (relativeDir !== undefined) {
    const folder = parsePostFolder(relativeDir);
    if (!folder) {
      throw new ContentError(file, 'slug', `文章目录必须命名为 <yyyy-mm-dd>-<slug>，实际为 "${relativeDir}"`, at('slug'));
    }
    if (folder.slug !== post.slug) {
      throw new ContentError(file, 'slug', `与目录名中的 slug "${folder.slug}" 不一致`, at('slug'));
    }
    if (folder.date !== post.date) {
      throw new ContentError(file, 'date', `与目录名中的日期 ${folder.date} 不一致`, at('date'));
    }
  }
  const { series, series_position: position, ...rest } = post;
  const hasPosition = position !== undefined && position !== null;
  if (series === undefined && hasPosition) throw new ContentError(file, 'series', '缺失：写了 series_position 就要写 series（系列的键，见 content/series.yaml）', at('series_position'));
  if (series === undefined) return rest;
  if (!SERIES_KEY_RE.test(series)) throw new ContentError(file, 'series', `只能包含小写字母、数字和 -，实际为 "${series}"`, at('series'));
  if (!hasPosition) throw new ContentError(file, 'series_position', '缺失：写了 series 就要写这是系列的第几篇（从 1 起）', at('series'));
  if (typeof position !== 'number' || !Number.isInteger(position) || position < 1) {
    throw new ContentError(file, 'series_position', `必须是从 1 起的整数，实际为 ${JSON.stringify(position)}`, at('series_position'));
  }
  return { ...rest, series, series_position: position };
}

export function validateDoc(raw: Raw, file: string, places?: Places): DocFrontmatter {
  return parseWith(docSchema, raw, file, places);
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
