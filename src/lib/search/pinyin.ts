/**
 * Pinyin tokens for titles and headings, so 'lanjie', 'lan jie' and 'lj' find 拦截 and 'kongke'
 * finds 空壳. The syllables come from a converter passed in (pinyin-pro at build time only:
 * no pinyin dictionary ever reaches the browser).
 */
export type ToSyllables = (cjkRun: string) => string[];

const CJK_RUN = /[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]+/g;

/** Longest run of syllables indexed as one token ('wuzhangai', 'kongkeyinsi', 'yszc'). */
export const MAX_PINYIN_WINDOW = 4;

/**
 * For each CJK run: every syllable, and every window of 2–`maxWindow` adjacent syllables joined as
 * full pinyin and as initials: 空壳隐私 → kong ke yin si, kongke keyin yinsi kongkeyin …, kk ky ys kky … kkys.
 */
export function pinyinTokens(text: string, toSyllables: ToSyllables, maxWindow = MAX_PINYIN_WINDOW): string[] {
  const tokens = new Set<string>();
  for (const match of text.matchAll(CJK_RUN)) {
    const syllables = toSyllables(match[0])
      .map((s) => s.toLowerCase().replace(/[^a-z]/g, ''))
      .filter(Boolean);
    syllables.forEach((s, i) => {
      tokens.add(s);
      for (let n = 2; n <= maxWindow && i + n <= syllables.length; n += 1) {
        const window = syllables.slice(i, i + n);
        tokens.add(window.join(''));
        tokens.add(window.map((w) => w[0]).join(''));
      }
    });
  }
  return [...tokens];
}
