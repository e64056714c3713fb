/**
 * Share cards: the layout decisions (gatsby/exports/share-card-layout.ts), the font's slice table and glyph
 * check (gatsby/exports/font-slices.ts), and real drawing with satori + resvg in a script of its own: PNG size,
 * the cache between builds, stale cards removed, and a clear error instead of empty boxes.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { cardAlt, cardElement, cardText, titleFontSize, visualLength, type CardNode } from '../../gatsby/exports/share-card-layout';
import { missingCharacters, parseFontFaces, sliceFor, withoutMissingEmoji } from '../../gatsby/exports/font-slices';
import { spawnScript } from '../support/script';

const ROOT = path.resolve(__dirname, '../..');
const BRAND = { siteName: 'iofomo', host: 'www.iofomo.com', mark: 'data:image/svg+xml;base64,PHN2Zy8+' };

const texts = (node: CardNode): string[] => (typeof node.props.children === 'string' ? [node.props.children] : (node.props.children ?? []).flatMap(texts));

describe('card layout', () => {
  it('is 1200×630 and shows the title, the site, the kind and the product or tags', () => {
    const doc = cardElement({ kind: 'doc', title: 'Wing 简介', labels: ['Wing · 桌面端'] }, BRAND);
    expect(doc.props.style).toMatchObject({ width: 1200, height: 630 });
    expect(texts(doc)).toEqual(['iofomo', '文档', 'Wing 简介', 'Wing · 桌面端', 'www.iofomo.com']);
    const post = cardElement({ kind: 'post', title: '深入 Binder 拦截', labels: ['android', 'binder', '空壳', 'aosp', 'media'] }, BRAND);
    expect(texts(post)).toEqual(['iofomo', '博客', '深入 Binder 拦截', '#android', '#binder', '#空壳', '#aosp', 'www.iofomo.com']);
  });

  it('sizes the title by its visual length (CJK counts double Latin)', () => {
    expect(visualLength('简介')).toBe(2);
    expect(visualLength('ab')).toBeCloseTo(1.12);
    expect(titleFontSize('Wing 简介')).toBeGreaterThan(titleFontSize('Android 平台 Binder 通信拦截的完整调用路径分析与实践经验总结'));
  });

  it('describes itself in Chinese for og:image:alt and lists every character it draws', () => {
    expect(cardAlt({ kind: 'post', title: '深入 Binder 拦截', labels: ['android'] }, 'iofomo')).toBe('iofomo 博客文章「深入 Binder 拦截」的分享卡片（android）');
    const all = cardText({ kind: 'doc', title: '标题', labels: ['标签'] }, BRAND);
    for (const piece of ['标题', '标签', 'iofomo', 'www.iofomo.com', '文档']) expect(all).toContain(piece);
  });
});

describe('font slices (@fontsource/noto-sans-sc)', () => {
  const css = readFileSync(path.join(ROOT, 'node_modules/@fontsource/noto-sans-sc/700.css'), 'utf8');
  const slices = parseFontFaces(css, 700);

  it('reads each WOFF slice and its unicode-range', () => {
    expect(slices.length).toBeGreaterThan(90);
    for (const slice of slices) {
      expect(slice.file).toMatch(/\.woff$/);
      expect(existsSync(path.join(ROOT, 'node_modules/@fontsource/noto-sans-sc/files', slice.file))).toBe(true);
    }
    expect(parseFontFaces("@font-face {\n  src: url(./files/a.woff2) format('woff2'), url(./files/a.woff) format('woff');\n  unicode-range: U+4e00-4e0f,U+20;\n}", 400)).toEqual([
      {
        file: 'a.woff',
        weight: 400,
        ranges: [
          [0x4e00, 0x4e0f],
          [0x20, 0x20],
        ],
      },
    ]);
  });

  it('covers Chinese, Latin and full-width punctuation; finds what it cannot draw', () => {
    for (const char of '深入拦截空壳AZaz09：，（）·“”') expect(sliceFor(slices, char.codePointAt(0) as number)).toBeDefined();
    expect(missingCharacters('深入 Binder 拦截：从 Java 到 ioctl', slices)).toEqual([]);
    expect(missingCharacters('发布🦄了\u{10FFFD}', slices)).toEqual(['🦄', '\u{10FFFD}']);
  });

  it('leaves out the emoji it cannot draw, and nothing else', () => {
    expect(withoutMissingEmoji('🎉 发布 🦄 新版本 🛠️', slices)).toBe('发布 新版本');
    // Joined and toned emoji go whole; the flag letters and the keycap mark are in the font.
    expect(withoutMissingEmoji('家人 👨‍👩‍👧、点赞 👍🏽、国旗 🇨🇳、键 1️⃣', slices)).toBe('家人 、点赞 、国旗 🇨🇳、键 1\u20e3');
    expect(missingCharacters('国旗 🇨🇳、键 1\u20e3', slices)).toEqual([]);
    // What the font has stays, pictographic or not (© ™ ↔), and so do other characters it lacks.
    expect(withoutMissingEmoji('A ↔ B © ™ 𓀀', slices)).toBe('A ↔ B © ™ 𓀀');
    expect(withoutMissingEmoji('深入 Binder 拦截', slices)).toBe('深入 Binder 拦截');
  });
});

describe('drawing cards (satori + resvg)', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'cards-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const draw = (cards: Array<{ page: string; title: string; kind: 'doc' | 'post'; labels: string[] }>, early = false) => {
    const run = spawnScript([path.join(__dirname, 'support/render-cards.mts')], { cwd: ROOT, input: JSON.stringify({ dir, cards, early }), encoding: 'utf8' });
    if (run.status !== 0) throw new Error(run.stderr);
    return JSON.parse(run.stdout) as { stats?: { cards: number; rendered: number; cached: number; inWorker: boolean }; cards?: Array<{ page: string; path: string }>; error?: string; loadedDrawing?: boolean };
  };
  const A = { page: '/docs/desktop/wing/Introduce', title: 'Wing 简介', kind: 'doc' as const, labels: ['Wing · 桌面端'] };
  const B = { page: '/blog/oneway', title: 'Binder 的 oneway 调用：异步背后的排队与限流', kind: 'post' as const, labels: ['android', 'binder'] };

  it('writes a 1200×630 PNG per card into public/static/og, named by content hash', () => {
    // Started early, as a build with many new cards does: painted on a worker thread, so the build's own thread never loads satori or resvg.
    const first = draw([A, B], true);
    expect(first.stats).toMatchObject({ cards: 2, rendered: 2, cached: 0, inWorker: true });
    expect(first.loadedDrawing).toBe(false);
    for (const card of first.cards ?? []) {
      expect(card.path).toMatch(/^\/static\/og\/[0-9a-f]{20}\.png$/);
      const png = readFileSync(path.join(dir, 'public', card.path));
      expect(png.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
      expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1200, 630]);
    }
  }, 60_000);

  it('draws only new or changed cards on the next build and removes cards no page uses', () => {
    const changed = { ...B, title: 'Binder 的 oneway 调用（修订版）' };
    const second = draw([A, changed]);
    // A few new cards are painted on the build's own thread.
    expect(second.stats).toMatchObject({ cards: 2, rendered: 1, cached: 1, inWorker: false });
    expect(second.loadedDrawing).toBe(true);
    expect(readdirSync(path.join(dir, 'public/static/og')).sort()).toEqual((second.cards ?? []).map((c) => path.basename(c.path)).sort());
  }, 60_000);

  it('paints nothing when every card is in the cache (a warm build; develop draws on request)', () => {
    const third = draw([A, { ...B, title: 'Binder 的 oneway 调用（修订版）' }]);
    expect(third.stats).toMatchObject({ cards: 2, rendered: 0, cached: 2 });
    expect(third.loadedDrawing).toBe(false);
  }, 60_000);

  it('draws again a cached card that was cut short, and only that one (no clean:all needed)', () => {
    const cards = [A, { ...B, title: 'Binder 的 oneway 调用（修订版）' }];
    const cache = path.join(dir, 'cache');
    const [first] = readdirSync(cache).filter((name) => name.endsWith('.png'));
    const file = path.join(cache, first as string);
    const whole = readFileSync(file);
    writeFileSync(file, whole.subarray(0, 100));
    const fourth = draw(cards);
    expect(fourth.stats).toMatchObject({ cards: 2, rendered: 1, cached: 1 });
    expect(readFileSync(file).equals(whole)).toBe(true);
  }, 60_000);

  it('draws a title with emoji without them (the font has none)', () => {
    const result = draw([{ ...A, title: '🎉 Wing 简介' }]);
    expect(result.error).toBeUndefined();
    // The same card as the title without the emoji, already painted above.
    expect(result.cards?.map((c) => c.path)).toEqual(draw([A]).cards?.map((c) => c.path));
  }, 60_000);

  it('stops with a message naming the file, its title’s line and the page instead of drawing a character the font lacks', () => {
    const result = draw([{ ...A, page: '/docs/desktop/wing/Releases', title: '发布 𓀀 新版本' }]);
    const titleLine =
      readFileSync(path.join(ROOT, 'content/docs/desktop/wing/Releases.mdx'), 'utf8')
        .split('\n')
        .findIndex((line) => line.startsWith('title:')) + 1;
    expect(titleLine).toBeGreaterThan(0);
    expect(result.error).toContain(`content/docs/desktop/wing/Releases.mdx:${titleLine}（/docs/desktop/wing/Releases）`);
    expect(result.error).toContain('“𓀀”（U+13000）');
    expect(result.error).toContain('空方框');
  }, 60_000);
});
