/**
 * A fenced code block's meta and magic comments, read in one place (the rule Docusaurus keeps
 * too): what the page highlights and numbers, what the copy button copies and what the
 * Markdown version shows all come from parseCodeBlock(), so they cannot disagree.
 *
 *   ```json title="demo.config.json" {2,4-5} showLineNumbers=10
 *   // highlight-next-line          (in the comment syntax of the block's language: //, /* *\/,
 *   // highlight-start … // highlight-end    #, <!-- -->, {/* *\/}, --, ;, %)
 *   ```diff        lines starting with + / - are marked added / removed; the text (markers
 *                  included) is what is copied: a patch to apply.
 *   ```diff-json   the same marks in the gutter, the rest highlighted as json; the copy is the
 *                  code after the change: added and unchanged lines, without the markers.
 *
 * Docusaurus's `live` and `noInline` (a live editor) are accepted: the code shows as a static
 * block. Anything else in the meta is a mistake, as are unbalanced highlight comments and line
 * ranges outside the block: CodeBlockError, which the renderer turns into file:line.
 * Pure functions: no unified, no DOM.
 */

import { ContentSyntaxError, type Positioned } from './errors';

export type LineChange = 'add' | 'remove' | null;

export interface CodeLine {
  highlight: boolean;
  change: LineChange;
}

export interface CodeBlockSpec {
  /** The language the code is highlighted and labelled as ('json' for diff-json; 'text' when none). */
  language: string;
  /** diff: a patch (```diff); lines: another language's code with +/- in the gutter (```diff-json). */
  diff: 'patch' | 'lines' | null;
  title: string | null;
  /** The first line's number when lines are numbered (showLineNumbers), else null. */
  firstLineNumber: number | null;
  /** The code the page shows and highlights: magic comments out (and, for diff-<lang>, the markers). */
  code: string;
  /** One entry per line of `code`. */
  lines: CodeLine[];
  /** What the copy button copies. */
  copy: string;
  /** The code of the Markdown version: what the reader sees, markers of diff-<lang> kept. */
  markdown: string;
}

/** A mistake in a code block: `line` is the code line it is on (0 = the first line after the fence), null for the fence itself. */
export class CodeBlockError extends Error {
  constructor(
    message: string,
    readonly line: number | null,
  ) {
    super(message);
    this.name = 'CodeBlockError';
  }
}

type CommentStyle = '//' | '/*' | '{/*' | '#' | '<!--' | '--' | ';' | '%';

const C_LIKE: CommentStyle[] = ['//', '/*'];
const HASH: CommentStyle[] = ['#'];
const MARKUP: CommentStyle[] = ['<!--'];

/** Comment syntax by language (the fence's name); languages not listed accept every style. */
const COMMENTS: Record<string, CommentStyle[]> = {
  ...Object.fromEntries(
    [
      'javascript',
      'js',
      'typescript',
      'ts',
      'java',
      'kotlin',
      'kt',
      'swift',
      'go',
      'golang',
      'c',
      'cpp',
      'c++',
      'objectivec',
      'objc',
      'groovy',
      'gradle',
      'rust',
      'scala',
      'dart',
      'csharp',
      'cs',
      'php',
      'proto',
      'protobuf',
    ].map((l) => [l, C_LIKE]),
  ),
  ...Object.fromEntries(['jsx', 'tsx'].map((l) => [l, [...C_LIKE, '{/*'] as CommentStyle[]])),
  ...Object.fromEntries(
    ['bash', 'sh', 'shell', 'zsh', 'console', 'python', 'py', 'yaml', 'yml', 'toml', 'ruby', 'rb', 'perl', 'r', 'dockerfile', 'makefile', 'properties', 'nginx', 'powershell', 'ps1', 'cmake'].map((l) => [l, HASH]),
  ),
  ...Object.fromEntries(['html', 'xml', 'svg', 'markup', 'md', 'markdown', 'vue'].map((l) => [l, MARKUP])),
  ...Object.fromEntries(['css', 'scss', 'less'].map((l) => [l, ['/*'] as CommentStyle[]])),
  ...Object.fromEntries(['sql', 'lua', 'haskell', 'hs'].map((l) => [l, ['--'] as CommentStyle[]])),
  ...Object.fromEntries(['tex', 'latex', 'matlab', 'erlang'].map((l) => [l, ['%'] as CommentStyle[]])),
  ini: [';', '#'],
};

const ALL_STYLES: CommentStyle[] = ['//', '/*', '{/*', '#', '<!--', '--', ';', '%'];

const OPENERS: Record<CommentStyle, [string, string]> = {
  '//': ['//', ''],
  '/*': ['/\\*', '\\*/'],
  '{/*': ['\\{/\\*', '\\*/\\}'],
  '#': ['#', ''],
  '<!--': ['<!--', '-->'],
  '--': ['--', ''],
  ';': [';', ''],
  '%': ['%', ''],
};

type Directive = 'highlight-next-line' | 'highlight-start' | 'highlight-end';

/** A regex matching a line that is only a magic comment in one of `styles`; group 1 is the directive. */
function magicComment(styles: readonly CommentStyle[]): RegExp {
  const forms = styles.map((style) => {
    const [open, close] = OPENERS[style];
    return `${open}\\s*(highlight-next-line|highlight-start|highlight-end)\\s*${close}`;
  });
  // Each form has its own group; the directive is whichever matched.
  return new RegExp(`^\\s*(?:${forms.join('|')})\\s*$`);
}

const DIRECTIVE_PATTERNS = new Map<string, RegExp>();

function directiveOf(line: string, language: string): Directive | null {
  const styles = COMMENTS[language] ?? ALL_STYLES;
  const key = styles.join(' ');
  let pattern = DIRECTIVE_PATTERNS.get(key);
  if (!pattern) DIRECTIVE_PATTERNS.set(key, (pattern = magicComment(styles)));
  const match = pattern.exec(line);
  return match ? ((match.slice(1).find(Boolean) as Directive | undefined) ?? null) : null;
}

interface Meta {
  title: string | null;
  ranges: Array<[number, number]>;
  firstLineNumber: number | null;
}

const META_TOKEN = /\s*(?:(title)=(?:"([^"]*)"|'([^']*)'|(\S+))|\{([^}]*)\}|(showLineNumbers)(?:=(\S*))?|(live|noInline)|(\S+))/gy;

export const META_HELP = 'title="…"、{1,3-5}、showLineNumbers、showLineNumbers=10';

function parseMeta(meta: string): Meta {
  const result: Meta = { title: null, ranges: [], firstLineNumber: null };
  META_TOKEN.lastIndex = 0;
  const text = meta.trim();
  let match: RegExpExecArray | null;
  while (META_TOKEN.lastIndex < text.length && (match = META_TOKEN.exec(text))) {
    const [, title, double, single, bare, ranges, numbers, start, , unknown] = match;
    if (title) result.title = double ?? single ?? bare ?? '';
    else if (ranges !== undefined) {
      for (const part of ranges
        .split(',')
        .map((p) => p.trim())
        .filter(Boolean)) {
        const range = /^(\d+)(?:-(\d+))?$/.exec(part);
        const from = Number(range?.[1]);
        const to = Number(range?.[2] ?? range?.[1]);
        if (!range || from < 1 || to < from) throw new CodeBlockError(`代码块的行号范围 {${ranges}} 写错了：写成 {1,3-5} 这样，从 1 数起`, null);
        result.ranges.push([from, to]);
      }
    } else if (numbers) {
      if (start !== undefined && !/^\d+$/.test(start)) throw new CodeBlockError(`showLineNumbers=${start} 需要一个数字（第一行的行号），如 showLineNumbers=10`, null);
      result.firstLineNumber = start === undefined ? 1 : Number(start);
    } else if (unknown) throw new CodeBlockError(`代码块不认识 ${unknown}（可用：${META_HELP}）`, null);
  }
  return result;
}

/** ```diff-json → json; ```diff → a patch. */
function diffKind(fence: string): { language: string; diff: CodeBlockSpec['diff'] } {
  if (fence === 'diff') return { language: 'diff', diff: 'patch' };
  const inner = /^diff-(.+)$/.exec(fence);
  return inner ? { language: inner[1] as string, diff: 'lines' } : { language: fence || 'text', diff: null };
}

/** The change a patch line makes (file headers `+++ `/`--- ` are not changes). */
function patchChange(line: string): LineChange {
  if (/^(\+\+\+|---)(\s|$)/.test(line)) return null;
  return line.startsWith('+') ? 'add' : line.startsWith('-') ? 'remove' : null;
}

/**
 * Reads a fenced code block: `lang` and `meta` as written after the fence, `value` its code.
 * Throws CodeBlockError for a mistake.
 */
export function parseCodeBlock(lang: string | null | undefined, meta: string | null | undefined, value: string): CodeBlockSpec {
  const { language, diff } = diffKind(lang ?? '');
  const { title, ranges, firstLineNumber } = parseMeta(meta ?? '');
  const shown: Array<{ text: string; markdown: string; highlight: boolean; change: LineChange }> = [];
  let nextLine = false;
  let openAt: number | null = null;
  value.split('\n').forEach((raw, index) => {
    let text = raw;
    let change: LineChange = null;
    if (diff === 'lines') {
      const marker = /^[+\- ]/.exec(raw)?.[0];
      change = marker === '+' ? 'add' : marker === '-' ? 'remove' : null;
      if (marker) text = raw.slice(1);
    } else if (diff === 'patch') change = patchChange(raw);
    const directive = directiveOf(text, language);
    if (directive === 'highlight-next-line') nextLine = true;
    else if (directive === 'highlight-start') {
      if (openAt !== null) throw new CodeBlockError('highlight-start 还没有对应的 highlight-end，又开始了一个', index);
      openAt = index;
    } else if (directive === 'highlight-end') {
      if (openAt === null) throw new CodeBlockError('highlight-end 前面没有 highlight-start', index);
      openAt = null;
    } else {
      shown.push({ text, markdown: raw, highlight: nextLine || openAt !== null, change });
      nextLine = false;
    }
  });
  if (openAt !== null) throw new CodeBlockError('highlight-start 没有对应的 highlight-end', openAt);
  for (const [from, to] of ranges) {
    if (to > shown.length) throw new CodeBlockError(`要高亮的第 ${to} 行不存在：这个代码块只有 ${shown.length} 行（魔法注释不算）`, null);
    for (let n = from; n <= to; n += 1) (shown[n - 1] as (typeof shown)[number]).highlight = true;
  }
  const code = shown.map((line) => line.text).join('\n');
  return {
    language,
    diff,
    title,
    firstLineNumber,
    code,
    lines: shown.map(({ highlight, change }) => ({ highlight, change })),
    copy:
      diff === 'lines'
        ? shown
            .filter((line) => line.change !== 'remove')
            .map((line) => line.text)
            .join('\n')
        : code,
    markdown: shown.map((line) => line.markdown).join('\n'),
  };
}

/** True when a block needs its lines wrapped (highlights, numbers or diff marks). */
export function hasLineMarks(spec: Pick<CodeBlockSpec, 'lines' | 'firstLineNumber' | 'diff'>): boolean {
  return spec.firstLineNumber !== null || spec.diff !== null || spec.lines.some((line) => line.highlight);
}

/**
 * parseCodeBlock() for the block at `node` of `file`: a mistake becomes the one content error,
 * at the file's line (the fence's for the meta, the code line's for a magic comment).
 */
export function readCodeBlock(file: string, node: Positioned, lang: string | null | undefined, meta: string | null | undefined, value: string): CodeBlockSpec {
  try {
    return parseCodeBlock(lang, meta, value);
  } catch (error) {
    if (!(error instanceof CodeBlockError)) throw error;
    const start = node.position?.start;
    const place = start ? { line: start.line + (error.line === null ? 0 : error.line + 1), column: start.column } : null;
    throw new ContentSyntaxError(file, place, error.message);
  }
}
