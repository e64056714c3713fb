/**
 * content/series.yaml (series key → the name readers see) and the series check over the posts'
 * frontmatter, reported with file and line: used by `npm run check:content`, the content tests and
 * the Gatsby build (gatsby/pages/gatsby-node.ts). The series logic itself is src/lib/series.ts.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parse as parseYaml, YAMLParseError } from 'yaml';
import { seriesProblems, type SeriesMember, type SeriesNames } from '../../src/lib/series';
import { readFrontmatter } from './frontmatter';

export const SERIES_FILE = 'series.yaml';

export class SeriesFileError extends Error {}

/** The series names of `<contentDir>/series.yaml` (none when the file does not exist). */
export function loadSeriesNames(contentDir: string, display = `content/${SERIES_FILE}`): SeriesNames {
  const file = path.join(contentDir, SERIES_FILE);
  if (!existsSync(file)) return {};
  let data: unknown;
  try {
    data = parseYaml(readFileSync(file, 'utf8'));
  } catch (error) {
    const line = error instanceof YAMLParseError && error.linePos ? `:${error.linePos[0].line}` : '';
    throw new SeriesFileError(`${display}${line} 系列文件的 YAML 格式错误：${error instanceof Error ? error.message.split('\n')[0] : String(error)}`);
  }
  if (data === null || data === undefined) return {};
  if (typeof data !== 'object' || Array.isArray(data)) throw new SeriesFileError(`${display} 系列文件要写成“键: 系列名”的映射`);
  const names: Record<string, string> = {};
  for (const [key, value] of Object.entries(data as Record<string, unknown>)) {
    if (!/^[a-z0-9][a-z0-9-]*$/.test(key)) throw new SeriesFileError(`${display} 系列的键“${key}”只能包含小写字母、数字和 -`);
    if (typeof value !== 'string' || !value.trim()) throw new SeriesFileError(`${display} 系列“${key}”的名称必须是非空文字`);
    names[key] = value.trim();
  }
  return names;
}

export interface SeriesSource extends SeriesMember {
  /** The content file as editors know it. */
  file: string;
  /** Its source, for the line of the field. */
  raw: string;
}

/** The line a frontmatter field is written on (the frontmatter's first line when it is not). */
function fieldLine(raw: string, field: string): number {
  try {
    return readFrontmatter(raw).places[field]?.line ?? 1;
  } catch {
    return 1;
  }
}

/** `content/blog/…/index.mdx:5 系列：…`, one line per problem. */
export function seriesMessages(posts: readonly SeriesSource[], names: SeriesNames): string[] {
  const bySlug = new Map(posts.map((p) => [p.slug, p]));
  return seriesProblems(posts, names).map((problem) => {
    const post = bySlug.get(problem.slug) as SeriesSource;
    return `${post.file}:${fieldLine(post.raw, problem.field)} 系列：${problem.message}`;
  });
}
