/**
 * WCAG AA contrast of the theme (docs/testing.md): every token pair the components draw together
 * (src/theme/contrast.ts) in both palettes: 4.5:1 for text, 3:1 for UI components.
 */
import { COLOR_PAIRS, DECORATIVE_TOKENS, contrastRatio, over, pairContrasts, parseColor } from '../../src/theme/contrast';
import { colors, type ColorMode, type ColorTokens } from '../../src/theme/tokens';

describe('contrast arithmetic (WCAG 2.1 definitions)', () => {
  it('parses hex and rgb(a) colours', () => {
    expect(parseColor('#fff')).toEqual({ r: 255, g: 255, b: 255, a: 1 });
    expect(parseColor('#0b63c9')).toEqual({ r: 11, g: 99, b: 201, a: 1 });
    expect(parseColor('rgba(15, 20, 25, 0.94)')).toEqual({ r: 15, g: 20, b: 25, a: 0.94 });
    expect(() => parseColor('blue')).toThrow('not a colour');
  });

  it('gives the known ratios: black on white 21, #777 on white just under 4.5, a colour against itself 1', () => {
    const white = parseColor('#ffffff');
    expect(contrastRatio(parseColor('#000'), white)).toBeCloseTo(21, 5);
    expect(contrastRatio(parseColor('#777777'), white)).toBeCloseTo(4.48, 2);
    expect(contrastRatio(white, parseColor('#777777'))).toBeCloseTo(4.48, 2);
    expect(contrastRatio(parseColor('#58a6ff'), parseColor('#58a6ff'))).toBe(1);
    // The dark primary button before the onPrimary token: white on #58a6ff (axe reported 2.52).
    expect(contrastRatio(white, parseColor('#58a6ff'))).toBeCloseTo(2.53, 2);
  });

  it('paints translucent colours over their background', () => {
    expect(over(parseColor('rgba(0, 0, 0, 0.5)'), parseColor('#ffffff'))).toEqual({ r: 127.5, g: 127.5, b: 127.5, a: 1 });
  });
});

describe.each(['light', 'dark'] as ColorMode[])('%s palette', (mode) => {
  it.each(pairContrasts(colors[mode]).map((p) => [`${p.fg} on ${p.bg}${p.base ? ` over ${p.base}` : ''} (${p.where})`, p] as const))('%s meets its minimum', (_, pair) => {
    expect(pair.ratio).toBeGreaterThanOrEqual(pair.min);
  });
});

describe('coverage of the pair list', () => {
  it('pairs every colour token, or lists it as decorative', () => {
    const paired = new Set(COLOR_PAIRS.flatMap((p) => [p.fg, p.bg]));
    const tokens = Object.keys(colors.light) as Array<keyof ColorTokens>;
    expect(tokens.filter((t) => !paired.has(t) && !DECORATIVE_TOKENS.includes(t))).toEqual([]);
    expect(Object.keys(colors.dark).sort()).toEqual([...tokens].sort());
  });
});
