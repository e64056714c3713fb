/**
 * Share cards (Open Graph images): what a doc's or coverless post's 1200×630 card shows and how
 * it is laid out, as a satori element tree (plain objects, no React). The tree is the card's whole
 * template: gatsby/exports/share-cards.ts hashes it (with the font and renderer versions) to name and
 * cache the PNG, so any change of text, colour or layout makes a new file. Light palette only.
 */
import { colors } from '../../src/theme/tokens';
import type { CardInput } from '../../src/lib/types/share-card';

export const CARD_SIZE = { width: 1200, height: 630 } as const;
/** Cards are static files named by their content hash (immutable cache rule). */
export const CARD_DIR = '/static/og';

export interface CardBrand {
  siteName: string;
  /** Host shown in the corner: www.iofomo.com */
  host: string;
  /** The site's mark (static/favicon.svg) as a data: URL. */
  mark: string;
}

export interface CardNode {
  type: string;
  props: { style?: Record<string, string | number>; children?: CardNode[] | string; src?: string; width?: number; height?: number };
}

const el = (type: string, style: Record<string, string | number>, children?: CardNode[] | string): CardNode => ({ type, props: { style, ...(children === undefined ? {} : { children }) } });

/** Width of a title in em (CJK and full-width characters 1, others about half). */
export function visualLength(text: string): number {
  let length = 0;
  for (const char of text) length += /[\u1100-\u11ff\u2e80-\ua4cf\uac00-\ud7af\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]|[\u{20000}-\u{3ffff}]/u.test(char) ? 1 : 0.56;
  return length;
}

/** Font size of the title: as large as fits in three lines of the 1040 px text column. */
export function titleFontSize(title: string): number {
  const length = visualLength(title);
  if (length <= 12) return 76;
  if (length <= 26) return 66;
  if (length <= 42) return 58;
  return 50;
}

export function cardAlt(input: CardInput, siteName: string): string {
  const kind = input.kind === 'doc' ? '文档' : '博客文章';
  return `${siteName} ${kind}「${input.title}」的分享卡片${input.labels.length ? `（${input.labels.join('、')}）` : ''}`;
}

/** Every character the card draws (for the font subset and the glyph check). */
export function cardText(input: CardInput, brand: CardBrand): string {
  return [input.title, ...input.labels, brand.siteName, brand.host, input.kind === 'doc' ? '文档' : '博客', '#'].join('');
}

export function cardElement(input: CardInput, brand: CardBrand): CardNode {
  const light = colors.light;
  const chip = (text: string) => el('div', { display: 'flex', padding: '8px 20px', borderRadius: 999, background: light.primarySoft, color: light.primaryStrong, fontSize: 28, fontWeight: 700 }, text);
  const labels = input.kind === 'post' ? input.labels.map((tag) => `#${tag}`) : input.labels;
  return el('div', { width: CARD_SIZE.width, height: CARD_SIZE.height, display: 'flex', flexDirection: 'column', background: light.bg, color: light.text, borderTop: `14px solid ${light.primary}` }, [
    el('div', { display: 'flex', alignItems: 'center', justifyContent: 'space-between', padding: '44px 80px 0' }, [
      el('div', { display: 'flex', alignItems: 'center', fontSize: 40, fontWeight: 700, color: light.text }, [
        { type: 'img', props: { src: brand.mark, width: 60, height: 60, style: { marginRight: 20 } } },
        el('div', { display: 'flex' }, brand.siteName),
      ]),
      el('div', { display: 'flex', fontSize: 30, color: light.textMute }, input.kind === 'doc' ? '文档' : '博客'),
    ]),
    el('div', { display: 'flex', flexGrow: 1, alignItems: 'center', justifyContent: 'center', padding: '0 80px' }, [
      el('div', { display: 'block', width: 1040, textAlign: 'center', fontSize: titleFontSize(input.title), fontWeight: 700, lineHeight: 1.3, lineClamp: 3, color: light.text }, input.title),
    ]),
    el('div', { display: 'flex', alignItems: 'center', justifyContent: 'space-between', padding: '0 80px 48px', borderBottom: `1px solid ${light.border}` }, [
      el('div', { display: 'flex', gap: 14 }, labels.slice(0, 4).map(chip)),
      el('div', { display: 'flex', fontSize: 28, color: light.textMute }, brand.host),
    ]),
  ]);
}
