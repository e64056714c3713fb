/**
 * Text as readers type it, folded to the form the index holds. Build and browser share it:
 * NFKC (full-width ＵＤＩＤ and the ideographic space become UDID and a plain space), then
 * Traditional → Simplified for the characters the site uses, through a map derived at build
 * time from the site's own text (buildT2sMap) and shipped inside the index file.
 * Case is folded later, by the tokenizer, which needs it to split camelCase identifiers.
 */

/** One Traditional character → its Simplified form, only for Simplified characters the site uses. */
export type CharMap = Record<string, string>;

const CJK_CHAR = /[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]/u;

export function normalizeText(text: string, t2s: CharMap = {}): string {
  const nfkc = text.normalize('NFKC');
  // The build folds every section's text with no map, in one step: a character at a time, the
  // fold was a hot spot of a large site's index build (docs/decisions/build-at-scale.md).
  if (!hasKeys(t2s)) return nfkc;
  let out = '';
  for (const ch of nfkc) out += t2s[ch] ?? ch;
  return out;
}

function hasKeys(map: CharMap): boolean {
  for (const key in map) if (Object.prototype.hasOwnProperty.call(map, key)) return true;
  return false;
}

/** Every CJK character of a text, once. */
export function cjkCharacters(texts: string | Iterable<string>): Set<string> {
  // By UTF-16 unit: the CJK ranges are all in the Basic Multilingual Plane, so a surrogate is never
  // one of them (a regex test per character was another hot spot of a large site's index build).
  // Several texts are read one by one: a large site's text joined would be one huge string.
  const seen = new Uint8Array(0x10000);
  for (const text of typeof texts === 'string' ? [texts] : texts) for (let i = 0; i < text.length; i += 1) seen[text.charCodeAt(i)] = 1;
  const chars = new Set<string>();
  for (let code = 0; code < seen.length; code += 1) if (seen[code] && CJK_CHAR.test(String.fromCharCode(code))) chars.add(String.fromCharCode(code));
  return chars;
}

/**
 * The Traditional → Simplified map for a site: every CJK code point whose conversion (by each of
 * the given converters, e.g. OpenCC's Hong Kong and Taiwan → Mainland) is a single different
 * character that occurs in the site's text. Characters the site never uses are left out: a
 * query can only match what the index holds anyway.
 */
export function buildT2sMap(siteChars: Set<string>, converters: Array<(text: string) => string>): CharMap {
  const map: CharMap = {};
  const ranges: Array<[number, number]> = [
    [0x3400, 0x4dbf],
    [0x4e00, 0x9fff],
    [0xf900, 0xfaff],
  ];
  // Converting one long string per range is much faster than one call per character; OpenCC's
  // character tables map one character to one character, so positions line up.
  for (const [from, to] of ranges) {
    const chars = Array.from({ length: to - from + 1 }, (_, i) => String.fromCodePoint(from + i));
    for (const convert of converters) {
      const converted = [...convert(chars.join('\n'))].filter((c) => c !== '\n');
      if (converted.length !== chars.length) {
        chars.forEach((ch) => addPair(map, ch, convert(ch), siteChars));
        continue;
      }
      chars.forEach((ch, i) => addPair(map, ch, converted[i] as string, siteChars));
    }
  }
  return map;
}

function addPair(map: CharMap, traditional: string, simplified: string, siteChars: Set<string>): void {
  if (simplified === traditional || [...simplified].length !== 1 || !siteChars.has(simplified) || map[traditional]) return;
  map[traditional] = simplified;
}
