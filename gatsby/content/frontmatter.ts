/**
 * The one reader of a content file's frontmatter, and the only YAML parser that reads it: the
 * content loader (check:content, the content and search tests), the editorial rules, the scaffold,
 * the Gatsby build's node validation and, through gray-matter's engine registry, gatsby-plugin-mdx's
 * Mdx nodes (the values every GraphQL query sees).
 *
 * Values are read as written: the `yaml` package with the YAML 1.2 core schema has no timestamp
 * type and keeps `date: 2024-02-30` as the text "2024-02-30", which the content model rejects as
 * no calendar date. (gray-matter's own default, js-yaml with YAML 1.1, would roll it over to a Date
 * of 1 March and make yes/no booleans.)
 *
 * A frontmatter that is not valid YAML never throws inside gatsby-plugin-mdx (Gatsby would print a
 * stack trace that names neither the file nor its line, and lose the page): its Mdx node gets an
 * empty frontmatter, and the site's node validation (gatsby/content/gatsby-node.ts), which reads
 * the file with readFrontmatter, reports `file:line:column` of the mistake like any content error.
 * Each frontmatter text is parsed once: the plugin's read and the validation's share the result.
 */
import matter from 'gray-matter';
import { isMap, isScalar, isSeq, parseDocument, type Document, type YAMLError } from 'yaml';
import { ContentError } from './model';

/** A place in the content file, counted the way editors count: lines and columns from 1. */
export interface Place {
  line: number;
  column: number;
}

export interface ParsedSource {
  /** The frontmatter's values as written (dates stay strings). */
  data: Record<string, unknown>;
  /** The file without its frontmatter. */
  body: string;
  /** Where each top-level field's value starts in the file (its key when it has no value); a list's items as `tags.0`, `tags.1`… */
  places: Record<string, Place>;
}

/** A frontmatter that does not parse as YAML, at the place in the file where the parser stopped. */
export class FrontmatterSyntaxError extends Error {
  constructor(
    readonly place: Place,
    readonly reason: string,
  ) {
    super(`frontmatter 不是合法的 YAML（第 ${place.line} 行第 ${place.column} 列）：${reason}`);
    this.name = 'FrontmatterSyntaxError';
  }
}

/** One parse of one frontmatter text: values, field offsets, or the first error's offset and reason. */
interface YamlResult {
  data: Record<string, unknown>;
  offsets: Record<string, number>;
  error?: { offset: number; reason: string };
}

/**
 * Where the editor's mistake is. The parser's own place, except for a bracket or quote left open
 * (`tags: [a, b`, `title: "abc`): the parser notices that only where the next line's text starts or
 * the text ends, which names an innocent line; the mistake is the value that opened it, the last
 * field that starts before that place.
 */
function mistakeAt(doc: Document.Parsed, text: string, error: YAMLError): number {
  const at = error.pos[0];
  const unclosed = error.code === 'BAD_INDENT' || error.code === 'MISSING_CHAR';
  const startsLine = /(^|\n)[ \t]*$/.test(text.slice(0, at));
  if (!unclosed || !isMap(doc.contents) || !(startsLine || at >= text.trimEnd().length)) return at;
  let opened = at;
  for (const pair of doc.contents.items) {
    const key = isScalar(pair.key) ? pair.key.range?.[0] : undefined;
    if (key === undefined || key >= at) break;
    opened = (pair.value as { range?: [number, number, number] } | null)?.range?.[0] ?? key;
  }
  return opened;
}

function parseYaml(text: string): YamlResult {
  const doc = parseDocument(text, { schema: 'core', prettyErrors: false });
  const [first] = doc.errors;
  if (first) return { data: {}, offsets: {}, error: { offset: mistakeAt(doc, text, first), reason: first.message } };
  const value = doc.toJS() as unknown;
  if (value !== null && (typeof value !== 'object' || Array.isArray(value))) {
    return { data: {}, offsets: {}, error: { offset: doc.contents?.range?.[0] ?? 0, reason: '顶层必须是“字段: 值”的映射' } };
  }
  const offsets: Record<string, number> = {};
  if (isMap(doc.contents)) {
    for (const pair of doc.contents.items) {
      if (!isScalar(pair.key)) continue;
      const field = String(pair.key.value);
      const at = (pair.value as { range?: [number, number, number] } | null)?.range?.[0] ?? pair.key.range?.[0];
      if (at !== undefined) offsets[field] = at;
      // A list's items too (`tags.1`: the second tag), so that an item's problem names its own line.
      if (isSeq(pair.value)) pair.value.items.forEach((item, i) => {
        const start = (item as { range?: [number, number, number] } | null)?.range?.[0];
        if (start !== undefined) offsets[`${field}.${i}`] = start;
      });
    }
  }
  return { data: (value ?? {}) as Record<string, unknown>, offsets };
}

/** Parses are kept by text, so gatsby-plugin-mdx's read and the validation's are one parse. */
const parsed = new Map<string, YamlResult>();
const KEPT = 2000;

function parseOnce(text: string): YamlResult {
  let result = parsed.get(text);
  if (!result) {
    result = parseYaml(text);
    if (parsed.size >= KEPT) parsed.delete(parsed.keys().next().value as string);
    parsed.set(text, result);
  }
  return result;
}

/** A copy of the values: two files with the same frontmatter text never share an object. */
const valuesOf = (result: YamlResult) => structuredClone(result.data);

function placeAt(source: string, index: number): Place {
  let line = 1;
  let lineStart = 0;
  for (let i = source.indexOf('\n'); i !== -1 && i < index; i = source.indexOf('\n', i + 1)) {
    line++;
    lineStart = i + 1;
  }
  return { line, column: index - lineStart + 1 };
}

/**
 * A content file's frontmatter and body, with where each field is written.
 * @throws FrontmatterSyntaxError when the frontmatter is not valid YAML.
 */
export function readFrontmatter(source: string): ParsedSource {
  let result: YamlResult | undefined;
  let text = '';
  const file = matter(source, {
    language: 'yaml',
    engines: {
      yaml: (yaml: string) => {
        text = yaml;
        result = parseOnce(yaml);
        return valuesOf(result);
      },
    },
  });
  const unbommed = source.replace(/^\uFEFF/, '');
  const start = result ? unbommed.indexOf(text, 3) : 0;
  if (result?.error) throw new FrontmatterSyntaxError(placeAt(unbommed, start + result.error.offset), result.error.reason);
  const places = Object.fromEntries(Object.entries(result?.offsets ?? {}).map(([field, offset]) => [field, placeAt(unbommed, start + offset)]));
  return { data: file.data as Record<string, unknown>, body: file.content, places };
}

/**
 * readFrontmatter for a content file: a YAML mistake becomes the content error every path
 * reports, `内容错误 <file>:<line>:<column>: frontmatter 不是合法的 YAML：<the parser's reason>`.
 */
export function readContentFrontmatter(source: string, file: string): ParsedSource {
  try {
    return readFrontmatter(source);
  } catch (error) {
    if (error instanceof FrontmatterSyntaxError) throw new ContentError(file, 'frontmatter', `不是合法的 YAML：${error.reason}`, error.place);
    throw error;
  }
}

/**
 * gray-matter's YAML engine for every caller that does not name its own, which is how
 * gatsby-plugin-mdx reads frontmatter (gatsby-plugin-mdx/dist/frontmatter.js): the same parse,
 * and an empty frontmatter instead of an exception when the text is not valid YAML (the node
 * validation reports it, with the file and its line). gray-matter is one package in the tree
 * (`npm ls gray-matter`), so the plugin's copy is this one; __tests__/unit/frontmatter.test.ts
 * checks the plugin's reader through it.
 */
type Engine = { parse(text: string): object; stringify?: (data: object) => string };
const engines = (matter as unknown as { engines: Record<string, Engine> }).engines;
engines.yaml = {
  ...engines.yaml,
  parse: (yaml: string) => {
    const result = parseOnce(yaml);
    return result.error ? {} : valuesOf(result);
  },
};
