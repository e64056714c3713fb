/**
 * The share cards' font: Noto Sans SC from @fontsource/noto-sans-sc, an npm package (a fresh
 * `npm install` has it, no system font needed). Fontsource ships it as Google Fonts' slices: one
 * WOFF file per unicode-range, listed in <weight>.css. These pure functions read that table, pick
 * the slices a text needs and find the characters no slice has (which would be drawn as boxes).
 */
export const FONT_PACKAGE = '@fontsource/noto-sans-sc';
export const FONT_NAME = 'Noto Sans SC';

export interface FontSlice {
  /** File name in the package's files/ folder (WOFF: satori does not read WOFF2). */
  file: string;
  weight: number;
  ranges: Array<[number, number]>;
}

/** The @font-face rules of a Fontsource CSS file: each slice's WOFF file and unicode-range. */
export function parseFontFaces(css: string, weight: number): FontSlice[] {
  const slices: FontSlice[] = [];
  for (const block of css.split('@font-face').slice(1)) {
    const file = /url\(\.\/files\/([^)]+\.woff)\) format\(['"]woff['"]\)/.exec(block)?.[1];
    const range = /unicode-range:\s*([^;]+);/.exec(block)?.[1];
    if (!file || !range) continue;
    const ranges = range.split(',').map((part): [number, number] => {
      const [from, to] = part.trim().replace(/^U\+/i, '').split('-');
      return [parseInt(from as string, 16), parseInt(to ?? (from as string), 16)];
    });
    slices.push({ file, weight, ranges });
  }
  return slices;
}

/** Each slice list's answers so far: a card's few hundred characters repeat across thousands of cards. */
const found = new WeakMap<readonly FontSlice[], Map<number, FontSlice | undefined>>();

export function sliceFor(slices: readonly FontSlice[], codePoint: number): FontSlice | undefined {
  let known = found.get(slices);
  if (!known) found.set(slices, (known = new Map()));
  if (known.has(codePoint)) return known.get(codePoint);
  const slice = slices.find((candidate) => candidate.ranges.some(([from, to]) => codePoint >= from && codePoint <= to));
  known.set(codePoint, slice);
  return slice;
}

/** Characters a card needs drawn (not spaces or controls) that the font has no glyph for. */
export function missingCharacters(text: string, slices: readonly FontSlice[]): string[] {
  const missing = new Set<string>();
  for (const char of text) {
    if (/[\s\p{Cc}\p{Cf}]/u.test(char)) continue;
    if (!sliceFor(slices, char.codePointAt(0) as number)) missing.add(char);
  }
  return [...missing];
}

/** Emoji pictures: pictographs, flag letters, skin tones. */
const EMOJI_PICTURE = /[\p{Extended_Pictographic}\p{Regional_Indicator}\p{Emoji_Modifier}]/u;
/** What joins or marks them: the joiner, the keycap mark and tag characters. */
const EMOJI_MARK = /\u200d|\u20e3|[\u{e0020}-\u{e007f}]/u;
/** Variation selectors: they only choose between text and emoji presentation. */
const PRESENTATION = /\ufe0e|\ufe0f/u;

/**
 * `text` without the emoji the font has no glyph for (it has no colour emoji): the card of
 * “发布 🎉 新版本” reads “发布 新版本”, the decoration dropped where boxes would have been drawn.
 * Other characters the font lacks stay, for missingCharacters() to report. Spaces left doubled or
 * at either end by a dropped emoji go with it.
 */
export function withoutMissingEmoji(text: string, slices: readonly FontSlice[]): string {
  let kept = '';
  let dropping = false;
  for (const char of text) {
    const drawn = sliceFor(slices, char.codePointAt(0) as number) !== undefined;
    if (PRESENTATION.test(char) || (EMOJI_PICTURE.test(char) && !drawn) || (EMOJI_MARK.test(char) && (dropping || !drawn))) {
      dropping = !PRESENTATION.test(char) || dropping;
      continue;
    }
    dropping = false;
    kept += char;
  }
  return kept === text ? text : kept.replace(/\s{2,}/g, ' ').trim();
}

export class MissingGlyphError extends Error {}
