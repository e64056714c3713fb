/**
 * The one theme object: layout constants from the spec and colour tokens for light and dark.
 * Colours become CSS custom properties (--c-*) so the mode switches without re-rendering and
 * can be applied before first paint by the inline script in gatsby-ssr.
 */

export const layout = {
  /** Below this width the site uses its mobile layout (spec §9). */
  mobileBreakpoint: 996,
  headerMaxWidthNarrow: 896,
  headerMaxWidthWide: 1200,
  popoverWideWidth: 672,
  popoverNarrowWidth: 336,
  popoverDelayMs: 210,
  modalTransitionMs: 75,
  navbarHeight: 60,
  contentMaxWidth: 1200,
} as const;

/** `@media (max-width: 995.98px)` — mobile; desktop starts at exactly 996 px. */
export const mq = {
  mobile: `@media (max-width: ${layout.mobileBreakpoint - 0.02}px)`,
  desktop: `@media (min-width: ${layout.mobileBreakpoint}px)`,
  narrowPhone: '@media (max-width: 479.98px)',
} as const;

export type ColorMode = 'light' | 'dark';

export interface ColorTokens {
  bg: string;
  bgSoft: string;
  bgMute: string;
  surface: string;
  text: string;
  textSoft: string;
  textMute: string;
  border: string;
  primary: string;
  primaryStrong: string;
  primarySoft: string;
  /** Text and icons on a `primary` background (buttons, the current page number, the skip link). */
  onPrimary: string;
  link: string;
  codeBg: string;
  codeText: string;
  inlineCodeBg: string;
  /** Syntax colours of highlighted code (Prism token classes, see gatsby/markdown/constructs/code.ts). */
  codeComment: string;
  codeKeyword: string;
  codeString: string;
  codeNumber: string;
  codeFunction: string;
  codeTag: string;
  codePunctuation: string;
  codeAttr: string;
  /** Backgrounds of marked code lines: highlighted ({1,3} / highlight-*), added and removed (diff). */
  codeHighlightBg: string;
  codeAddBg: string;
  codeRemoveBg: string;
  shadow: string;
  focus: string;
  info: string;
  tip: string;
  /** Callouts of kind important (重要). */
  important: string;
  warning: string;
  danger: string;
  navbarBg: string;
  /** Words of a search marked on the page a result led to: text on its background, and the line under it. */
  markBg: string;
  markText: string;
  markLine: string;
}

export const colors: Record<ColorMode, ColorTokens> = {
  light: {
    bg: '#ffffff',
    bgSoft: '#f6f8fa',
    bgMute: '#eef1f5',
    surface: '#ffffff',
    text: '#1c2128',
    textSoft: '#424a53',
    textMute: '#5f6873',
    border: '#d8dee4',
    primary: '#0b63c9',
    primaryStrong: '#084f9f',
    primarySoft: '#e8f1fc',
    onPrimary: '#ffffff',
    link: '#0b5cbd',
    codeBg: '#f6f8fa',
    codeText: '#1f2328',
    inlineCodeBg: 'rgba(175, 184, 193, 0.22)',
    codeComment: '#59636e',
    codeKeyword: '#cf222e',
    codeString: '#0a3069',
    codeNumber: '#0550ae',
    codeFunction: '#8250df',
    codeTag: '#116329',
    codePunctuation: '#57606a',
    codeAttr: '#953800',
    codeHighlightBg: '#fff8c5',
    codeAddBg: '#e6ffec',
    codeRemoveBg: '#fff0ee',
    shadow: '0 8px 28px rgba(27, 31, 36, 0.14)',
    focus: '#0b63c9',
    info: '#0b63c9',
    tip: '#1a7f37',
    important: '#8250df',
    warning: '#9a6700',
    danger: '#cf222e',
    navbarBg: '#ffffff',
    markBg: '#fff1b8',
    markText: '#1c2128',
    markLine: '#9a6700',
  },
  dark: {
    bg: '#0f1419',
    bgSoft: '#161c23',
    bgMute: '#1f2630',
    surface: '#161c23',
    text: '#e6edf3',
    textSoft: '#c2cbd5',
    textMute: '#9aa5b1',
    border: '#2d3642',
    primary: '#58a6ff',
    primaryStrong: '#79b8ff',
    primarySoft: '#142a44',
    onPrimary: '#0f1419',
    link: '#6cb0ff',
    codeBg: '#161b22',
    codeText: '#e6edf3',
    inlineCodeBg: 'rgba(110, 118, 129, 0.35)',
    codeComment: '#8b949e',
    codeKeyword: '#ff7b72',
    codeString: '#a5d6ff',
    codeNumber: '#79c0ff',
    codeFunction: '#d2a8ff',
    codeTag: '#7ee787',
    codePunctuation: '#c9d1d9',
    codeAttr: '#ffa657',
    codeHighlightBg: '#2d2a1e',
    codeAddBg: '#12261e',
    codeRemoveBg: '#2c1619',
    shadow: '0 8px 28px rgba(0, 0, 0, 0.5)',
    focus: '#79b8ff',
    info: '#58a6ff',
    tip: '#3fb950',
    important: '#bc8cff',
    warning: '#d29922',
    danger: '#f85149',
    navbarBg: '#0f1419',
    markBg: '#574300',
    markText: '#fff8e1',
    markLine: '#e3b341',
  },
};

export const fonts = {
  /** Latin UI fonts first (they carry no CJK glyphs), then Simplified Chinese fonts; no system-ui. */
  body: '-apple-system, BlinkMacSystemFont, "Segoe UI", "Helvetica Neue", Arial, "PingFang SC", "Hiragino Sans GB", "Microsoft YaHei", "Noto Sans CJK SC", "Source Han Sans SC", "WenQuanYi Micro Hei", sans-serif',
  mono: 'ui-monospace, SFMono-Regular, "SF Mono", Menlo, Consolas, "Liberation Mono", "Noto Sans Mono CJK SC", monospace',
} as const;

function kebab(name: string): string {
  return name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
}

/** `--c-bg: #fff; --c-bg-soft: …` for one mode. */
export function cssVariables(mode: ColorMode): string {
  return Object.entries(colors[mode])
    .map(([name, value]) => `--c-${kebab(name)}: ${value};`)
    .join('\n');
}

/** `var(--c-primary)` with the token name checked by the compiler. */
export function c(name: keyof ColorTokens): string {
  return `var(--c-${kebab(name)})`;
}

export const theme = { layout, mq, colors, fonts, c } as const;
