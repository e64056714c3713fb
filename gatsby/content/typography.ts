/**
 * Chinese typography of content, checked by `npm run check:content` and fixed by
 * `npm run fix:content`, built on AutoCorrect (autocorrect-node, the Rust library's Node binding):
 * a space between Han characters and Latin letters or digits (`安装 Wing 2.0`), full-width
 * punctuation in Chinese sentences (`，` `：` `！` not `,` `:` `!`), half-width letters and digits
 * (`ABC１２３` → `ABC123`), no space around full-width punctuation.
 *
 * AutoCorrect reads the file as Markdown and already leaves fenced code, inline code and link
 * addresses alone; what it proposes is kept only where the site's own scanner (rules.ts scanMdx)
 * sees prose, so strings inside code blocks (which AutoCorrect would format), JSX/component
 * syntax, MDX expressions and comments are never touched; in the frontmatter only the values of
 * title, description and sidebar_label are (never a key, a slug, a tag or a path).
 * Each problem has the file's line and column, the text as written and as it should be.
 */
import { createRequire } from 'node:module';
import { scanMdx, type ContentProblem } from './rules';

interface LintLine {
  /** 1-based line of the file. */
  l: number;
  /** 1-based column (in characters). */
  c: number;
  old: string;
  new: string;
}

interface AutoCorrect {
  lintFor(text: string, filepath: string): { lines: LintLine[]; error: string };
  loadConfig(config: string): void;
}

/**
 * AutoCorrect's rules as this site applies them: its defaults, less two that do not fit Chinese
 * technical prose. `space-dash` would write 产品名 - 构建类型 for a name pattern (产品名-构建类型);
 * `halfwidth-punctuation` would turn the full-width colon of a Chinese heading such as
 * “Android 12：isAccessibilityTool” into an English one.
 */
export const AUTOCORRECT_CONFIG = { rules: { 'space-dash': 0, 'halfwidth-punctuation': 0 } };

let loaded: AutoCorrect | null = null;

/** autocorrect-node, loaded on first use (a native module: only the content check and fix need it). */
function autocorrect(): AutoCorrect {
  if (!loaded) {
    loaded = createRequire(__filename)('autocorrect-node') as AutoCorrect;
    loaded.loadConfig(JSON.stringify(AUTOCORRECT_CONFIG));
  }
  return loaded;
}

export interface TypographyFix {
  /** Line and column (1-based, characters) of the first character that changes. */
  line: number;
  column: number;
  /** The characters replaced (empty for an inserted space) and what replaces them. */
  old: string;
  new: string;
  /** The change with a little of the line around it, as written and as fixed, for messages. */
  before: string;
  after: string;
}

const FRONTMATTER = /^---\r?\n([\s\S]*?)\r?\n---(?:\r?\n|$)/;
const PROSE_KEYS = /^(title|description|sidebar_label)\s*:/;

/**
 * What is prose in an MDX file, line by line: the masked body (scanMdx) with the frontmatter's
 * prose values in place, everything else blank. Same lines and columns as the file.
 */
function proseLines(source: string): string[] {
  const fm = FRONTMATTER.exec(source);
  const head = fm ? fm[0] : '';
  const headLines = head.split('\n').slice(0, -1);
  const maskedHead = headLines.map((line) => (PROSE_KEYS.test(line) ? line.replace(/^[^:]*:/, (key) => ' '.repeat(key.length)) : ' '.repeat(line.length)));
  const body = scanMdx(source.slice(head.length)).prose.split('\n');
  return [...maskedHead, ...body];
}

/** The smallest span where `a` and `b` differ: [from, endA) of a becomes [from, endB) of b. */
function difference(a: string[], b: string[]): { from: number; endA: number; endB: number } {
  let from = 0;
  while (from < a.length && from < b.length && a[from] === b[from]) from += 1;
  let endA = a.length;
  let endB = b.length;
  while (endA > from && endB > from && a[endA - 1] === b[endB - 1]) {
    endA -= 1;
    endB -= 1;
  }
  return { from, endA, endB };
}

/**
 * The typography fixes AutoCorrect proposes for an MDX file: each the smallest change of what it
 * read, kept only when the changed characters and their two neighbours are prose.
 */
export function typographyFixes(source: string): TypographyFix[] {
  const result = autocorrect().lintFor(source, 'content.mdx');
  if (result.error) throw new Error(`AutoCorrect: ${result.error}`);
  const lines = source.split('\n');
  const prose = proseLines(source);
  const fixes: TypographyFix[] = [];
  for (const hit of result.lines) {
    const chars = [...(lines[hit.l - 1] ?? '')];
    const masked = [...(prose[hit.l - 1] ?? '')];
    const start = hit.c - 1;
    const old = [...hit.old];
    // Only where the file says exactly what AutoCorrect read.
    if (chars.slice(start, start + old.length).join('') !== hit.old) continue;
    const { from, endA, endB } = difference(old, [...hit.new]);
    const lo = start + from;
    const hi = start + endA;
    const isProse = (i: number) => i < 0 || i >= chars.length || (masked[i] === chars[i] && masked[i] !== undefined);
    let ok = true;
    for (let i = lo - 1; i <= hi; i += 1) if (!isProse(i)) ok = false;
    if (!ok) continue;
    const replacement = [...hit.new].slice(from, endB).join('');
    const context = (text: string[], a: number, b: number) => text.slice(Math.max(0, a - 3), Math.min(text.length, b + 3)).join('');
    const fixed = [...chars.slice(0, lo), ...replacement, ...chars.slice(hi)];
    fixes.push({ line: hit.l, column: lo + 1, old: chars.slice(lo, hi).join(''), new: replacement, before: context(chars, lo, hi), after: context(fixed, lo, lo + [...replacement].length) });
  }
  return fixes;
}

/** Typography problems of an MDX file (rule `typography`), each with the file's line and column. */
export function findTypographyProblems(source: string): ContentProblem[] {
  return typographyFixes(source).map((fix) => ({
    rule: 'typography' as const,
    line: fix.line,
    column: fix.column,
    message: `排版：\`${fix.before}\` 应为 \`${fix.after}\`（中文与英文、数字之间加空格，中文里用全角标点，全角标点两边不加空格；npm run fix:content 可以自动改）`,
  }));
}

/** The file with every fix applied (right to left on each line, so columns stay valid). */
export function applyTypographyFixes(source: string, fixes: readonly TypographyFix[]): string {
  const lines = source.split('\n');
  const byLine = new Map<number, TypographyFix[]>();
  for (const fix of fixes) byLine.set(fix.line, [...(byLine.get(fix.line) ?? []), fix]);
  for (const [line, list] of byLine) {
    const chars = [...(lines[line - 1] ?? '')];
    for (const fix of [...list].sort((x, y) => y.column - x.column)) chars.splice(fix.column - 1, [...fix.old].length, ...fix.new);
    lines[line - 1] = chars.join('');
  }
  return lines.join('\n');
}

/** `npm run fix:content`: the file with AutoCorrect's fixes applied where it is prose. */
export function fixTypography(source: string): string {
  return applyTypographyFixes(source, typographyFixes(source));
}
