/**
 * Content errors that point at the line: every mistake the renderer finds in a content file (MDX
 * syntax, import/export, an unknown component or admonition, a computed expression, bad code-block
 * meta …) is reported as ONE message with ONE position, the file's own line and column (the
 * frontmatter counted), worded the same by `npm run build`, `npm run develop` and
 * `npm run check:content`: `content/docs/x.mdx:7:1 内容中不支持 import / export（…）`.
 *
 * Bodies reach the renderer without their frontmatter (gray-matter, gatsby-plugin-mdx); the
 * parser is told the line the body starts on (see withFirstLine), so positions in the syntax tree
 * are the file's own.
 */

export interface Place {
  line: number;
  column?: number;
}

/** A node of a syntax tree as far as its position goes. */
export interface Positioned {
  position?: { start: { line: number; column?: number } } | undefined;
}

/** `file:line:column` (or `file:line`, or `file`). */
export function location(file: string, place: Place | null | undefined): string {
  if (!place) return file;
  return place.column ? `${file}:${place.line}:${place.column}` : `${file}:${place.line}`;
}

/**
 * A mistake in a content file. Recognised by its `contentError` brand, not by instanceof: tsx can
 * load this module twice (once as ESM, once as CommonJS) in one process.
 */
export class ContentSyntaxError extends Error {
  readonly contentError = true;

  constructor(
    readonly file: string,
    readonly place: Place | null,
    readonly reason: string,
  ) {
    super(`${location(file, place)} ${reason}`);
    this.name = 'ContentSyntaxError';
  }
}

/** The place a node starts at, for errors. */
export function placeOf(node: Positioned | null | undefined): Place | null {
  const start = node?.position?.start;
  return start ? { line: start.line, column: start.column } : null;
}

export function syntaxError(file: string, node: Positioned | null | undefined, reason: string): ContentSyntaxError {
  return new ContentSyntaxError(file, placeOf(node), reason);
}

export function isContentSyntaxError(error: unknown): error is ContentSyntaxError {
  return typeof error === 'object' && error !== null && (error as { contentError?: unknown }).contentError === true;
}

/** What the MDX parser (micromark, mdast-util-mdx-jsx) throws: a vfile message. */
interface ParserMessage {
  reason: string;
  line?: number | null;
  column?: number | null;
  source?: string | null;
}

function isParserMessage(error: unknown): error is ParserMessage {
  return typeof error === 'object' && error !== null && typeof (error as ParserMessage).reason === 'string' && 'line' in error;
}

/** Hints in Chinese for the parser's commonest complaints about ordinary prose. */
const HINTS: ReadonlyArray<[RegExp, string]> = [
  [/in expression|expression with acorn|Could not parse expression/i, '正文里的 { } 会被当作表达式：要原样显示请写成 \\{ 或放进行内代码'],
  [/before name, expected a character that can start a name|Unexpected character .* before name/i, '正文里的 < 会被当作标签开头：要原样显示请写成 \\< 或放进行内代码'],
  [/closing tag|end-tag|opening tag/i, 'HTML/组件标签要成对出现，且在同一层级闭合'],
];

/**
 * The one message for anything the renderer threw while rendering `file`: a ContentSyntaxError as
 * it is; an MDX parser error with its position (taken from the text when the parser gave none)
 * and a hint; anything else with the file named.
 */
export function contentErrorMessage(error: unknown, file: string): string {
  if (isContentSyntaxError(error)) return error.message;
  if (isParserMessage(error)) {
    const range = /\((\d+):(\d+)-\d+:\d+\)/.exec(error.reason);
    const place = error.line ? { line: error.line, column: error.column ?? undefined } : range ? { line: Number(range[1]), column: Number(range[2]) } : null;
    const hint = HINTS.find(([pattern]) => pattern.test(error.reason))?.[1];
    return `${location(file, place)} MDX 语法错误：${error.reason}${hint ? `（${hint}）` : ''}`;
  }
  const message = error instanceof Error ? error.message : String(error);
  return message.includes(file) ? message : `${file} ${message}`;
}

/**
 * The line of the file a body starts on: gray-matter (and gatsby-plugin-mdx, which uses it)
 * hand over what follows the frontmatter, so the body is the end of the raw file.
 */
export function bodyFirstLine(raw: string, body: string): number {
  if (raw.endsWith(body)) return raw.slice(0, raw.length - body.length).split('\n').length;
  const frontmatter = /^---[ \t]*\r?\n[\s\S]*?\r?\n---[ \t]*(?:\r?\n|$)/.exec(raw);
  return frontmatter ? frontmatter[0].split('\n').length - (frontmatter[0].endsWith('\n') ? 0 : 1) : 1;
}

/** The body as the parser is given it: blank lines in place of the frontmatter, so positions are the file's. */
export function withFirstLine(body: string, firstLine = 1): string {
  return firstLine > 1 ? '\n'.repeat(firstLine - 1) + body : body;
}
