/**
 * WCAG 2.1 contrast of the theme's colour tokens (checked in both palettes). `COLOR_PAIRS` names every pair of
 * tokens the components draw together (text on a background, a UI part against what surrounds
 * it); __tests__/unit/contrast.test.ts checks each in both palettes. A new colour token must be
 * paired here or listed as decorative.
 */
import type { ColorTokens } from './tokens';
import { DIAGRAM_COLORS as D } from '../lib/markdown/diagram-colors';

export type Rgba = { r: number; g: number; b: number; a: number };

/** `#rgb`, `#rrggbb`, `rgb(…)` or `rgba(…)`. */
export function parseColor(value: string): Rgba {
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(value.trim());
  if (hex) {
    const digits = (hex[1] as string).length === 3 ? [...(hex[1] as string)].map((d) => d + d) : ((hex[1] as string).match(/../g) ?? []);
    const [r, g, b] = digits.map((d) => parseInt(d, 16)) as [number, number, number];
    return { r, g, b, a: 1 };
  }
  const fn = /^rgba?\(\s*([\d.]+)\s*,\s*([\d.]+)\s*,\s*([\d.]+)\s*(?:,\s*([\d.]+)\s*)?\)$/i.exec(value.trim());
  if (fn) return { r: Number(fn[1]), g: Number(fn[2]), b: Number(fn[3]), a: fn[4] === undefined ? 1 : Number(fn[4]) };
  throw new Error(`not a colour: ${value}`);
}

/** `top` painted over the opaque `bottom`. */
export function over(top: Rgba, bottom: Rgba): Rgba {
  const mix = (t: number, b: number) => t * top.a + b * (1 - top.a);
  return { r: mix(top.r, bottom.r), g: mix(top.g, bottom.g), b: mix(top.b, bottom.b), a: 1 };
}

/** WCAG relative luminance of an opaque colour. */
export function luminance({ r, g, b }: Rgba): number {
  const channel = (v: number) => {
    const s = v / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

/** WCAG contrast ratio (1 to 21) of two opaque colours. */
export function contrastRatio(a: Rgba, b: Rgba): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

type Token = keyof ColorTokens;

export interface ColorPair {
  fg: Token;
  /** The background, translucent ones painted over `base` (default: bg). */
  bg: Token;
  base?: Token;
  /** 4.5 for text, 3 for large text and the parts of UI components (WCAG 1.4.3, 1.4.11). */
  min: 4.5 | 3;
  where: string;
}

const text = (fg: Token, bgs: Token[], where: string): ColorPair[] => bgs.map((bg) => ({ fg, bg, min: 4.5, where }));
const ui = (fg: Token, bgs: Token[], where: string): ColorPair[] => bgs.map((bg) => ({ fg, bg, min: 3, where }));

export const COLOR_PAIRS: readonly ColorPair[] = [
  ...text('text', ['bg', 'bgSoft', 'bgMute', 'surface', 'primarySoft', 'navbarBg'], 'body text, menus, cards, announcement bar, navbar'),
  ...text('textSoft', ['bg', 'bgSoft', 'bgMute', 'surface', 'primarySoft'], 'secondary text: sidebar, TOC, blockquotes, footer, copy button, announcement close'),
  ...text('textMute', ['bg', 'bgSoft', 'surface', 'codeBg'], 'meta text: dates, descriptions, code block header, search hints'),
  ...text('textSoft', ['codeBg'], 'code block titles'),
  ...text('link', ['bg', 'bgSoft', 'surface', 'primarySoft'], 'links in text, blockquotes, the announcement'),
  ...text('primary', ['bg', 'bgSoft', 'surface', 'primarySoft'], 'current sidebar and TOC entries, tags'),
  ...text('onPrimary', ['primary'], 'text on primary buttons, current page number, skip link'),
  { fg: 'text', bg: 'inlineCodeBg', base: 'bg', min: 4.5, where: 'inline code' },
  { fg: 'text', bg: 'inlineCodeBg', base: 'bgSoft', min: 4.5, where: 'inline code in callouts and blockquotes' },
  ...text('codeText', ['codeBg'], 'code blocks'),
  ...(['codeComment', 'codeKeyword', 'codeString', 'codeNumber', 'codeFunction', 'codeTag', 'codePunctuation', 'codeAttr'] as const).flatMap((t) => text(t, ['codeBg'], 'highlighted code')),
  ...(['codeText', 'codeComment', 'codeKeyword', 'codeString', 'codeNumber', 'codeFunction', 'codeTag', 'codePunctuation', 'codeAttr', 'textMute'] as const).flatMap((t) =>
    text(t, ['codeHighlightBg', 'codeAddBg', 'codeRemoveBg'], 'code and line numbers on highlighted, added and removed lines'),
  ),
  ...ui('primary', ['codeHighlightBg'], 'the bar beside a highlighted code line'),
  ...(['info', 'tip', 'important', 'warning', 'danger'] as const).flatMap((t) => text(t, ['bgSoft'], 'callout titles')),
  ...ui('focus', ['bg', 'bgSoft', 'surface', 'primarySoft'], 'keyboard focus ring'),
  ...ui('primary', ['bg', 'surface'], 'current page number and focused search field borders, TOC marker, progress bar'),
  // Diagrams (```mermaid, src/lib/markdown/diagram-colors.ts): each text and line colour on what the renderer draws it on.
  ...text(D['--_text'], [D['--_node-fill'], D['--_group-fill']], 'diagram node and participant names'),
  ...text(D['--_text-sec'], [D['--bg'], D['--_group-hdr']], 'diagram link labels (on a --bg box), group and block titles'),
  ...text(D['--_text-muted'], [D['--bg'], D['--_inner-stroke']], 'diagram message text, notes'),
  ...ui(D['--_line'], [D['--bg'], D['--_node-fill']], 'diagram links and lifelines'),
  ...ui(D['--_node-stroke'], [D['--bg'], D['--_group-fill']], 'diagram node outlines'),
  ...ui(D['--_arrow'], [D['--bg']], 'diagram arrow heads'),
  ...text('markText', ['markBg'], 'words of a search marked on the page a result led to'),
  ...ui('markLine', ['bg', 'bgSoft', 'codeBg', 'markBg'], 'the line under a marked word, telling it apart from the text around it'),
];

/** Tokens that carry no information by colour: borders beside text, shadows, tinted panels. */
export const DECORATIVE_TOKENS: readonly Token[] = ['border', 'shadow', 'primaryStrong'];

/** Each pair's ratio in one palette. */
export function pairContrasts(palette: ColorTokens): Array<ColorPair & { ratio: number }> {
  return COLOR_PAIRS.map((pair) => {
    const base = parseColor(palette[pair.base ?? 'bg']);
    const background = over(parseColor(palette[pair.bg]), base);
    const foreground = over(parseColor(palette[pair.fg]), background);
    return { ...pair, ratio: contrastRatio(foreground, background) };
  });
}
