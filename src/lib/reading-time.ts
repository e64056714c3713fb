/**
 * Reading time for Chinese technical writing.
 *
 * - CJK characters (汉字, kana, full-width punctuation excluded) at 350 字/分钟, the middle of the
 *   300–400 字/分钟 range usually measured for silent reading of Chinese prose.
 * - Latin words (identifiers, English terms, numbers) at 200 words/minute.
 * - Code blocks are skimmed rather than read word by word: 25 non-empty lines per minute,
 *   and their contents are not counted as prose.
 * The result is rounded up to whole minutes, at least 1.
 */

export const CJK_CHARS_PER_MINUTE = 350;
export const LATIN_WORDS_PER_MINUTE = 200;
export const CODE_LINES_PER_MINUTE = 25;

const FENCE_RE = /^(```|~~~)[^\n]*\n([\s\S]*?)^\1[ \t]*$/gm;
const CJK_RE = /[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\u3040-\u30ff\uac00-\ud7af]/g;
const LATIN_WORD_RE = /[A-Za-z0-9][A-Za-z0-9'’_.-]*/g;

export interface ReadingStats {
  cjkChars: number;
  latinWords: number;
  codeLines: number;
  minutes: number;
}

/** Removes what a reader does not read: MDX imports/exports, JSX tags, link targets, markup. */
function proseOf(markdown: string): string {
  return markdown
    .replace(/^(import|export)\s.*$/gm, ' ')
    .replace(/<[^>\n]+>/g, ' ')
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, ' ')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/https?:\/\/\S+/g, ' ')
    .replace(/[#>*`|~]+/g, ' ')
    .replace(/(^|\s)[-_]+(?=\s|$)/gm, ' ');
}

export function readingStats(markdown: string): ReadingStats {
  let codeLines = 0;
  const withoutCode = markdown.replace(FENCE_RE, (_all, _fence: string, body: string) => {
    codeLines += body.split('\n').filter((line) => line.trim() !== '').length;
    return '\n';
  });
  const prose = proseOf(withoutCode);
  const cjkChars = (prose.match(CJK_RE) ?? []).length;
  const latinWords = (prose.replace(CJK_RE, ' ').match(LATIN_WORD_RE) ?? []).length;
  const exact = cjkChars / CJK_CHARS_PER_MINUTE + latinWords / LATIN_WORDS_PER_MINUTE + codeLines / CODE_LINES_PER_MINUTE;
  return { cjkChars, latinWords, codeLines, minutes: Math.max(1, Math.ceil(exact)) };
}

export function readingMinutes(markdown: string): number {
  return readingStats(markdown).minutes;
}

/** 阅读需 N 分钟 — the wording the previous site used. */
export function formatReadingTime(minutes: number): string {
  return `阅读需 ${minutes} 分钟`;
}
