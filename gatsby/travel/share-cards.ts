/**
 * Share cards at build time: every doc and every post without a cover gets a 1200×630 PNG
 * (gatsby/travel/share-card-layout.ts lays it out). satori turns the element tree into an SVG with the text as
 * outlines, @resvg/resvg-js rasterises it (in libuv's thread pool, so it overlaps the next card's
 * layout). The font is Noto Sans SC from @fontsource/noto-sans-sc — an npm package, so a fresh
 * `npm install` has it: its WOFF files are Google Fonts' unicode-range slices, and only the slices
 * holding the characters of the cards being drawn are loaded. A character no slice has stops the
 * build naming the page, instead of drawing an empty box.
 *
 * Cards are named by a hash of their element tree, the font's and the renderers' versions, and
 * kept in the build cache (gatsby/cache.ts, outlives `gatsby clean`): a build draws only
 * new or changed cards.
 */
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, utimesSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import type { SatoriOptions } from 'satori';
import { writeAtomic } from '../cache';
import { FONT_NAME, FONT_PACKAGE, MissingGlyphError, missingCharacters, parseFontFaces, sliceFor, type FontSlice } from './font-slices';
import { CARD_DIR, CARD_SIZE, cardAlt, cardElement, cardText, type CardBrand, type CardInput, type CardNode, type ShareCard } from './share-card-layout';

export { MissingGlyphError };
/** Weights the template uses: 700 for the title, site name and labels, 400 for the rest. */
const WEIGHTS = [400, 700] as const;
/** The ellipsis satori draws when a title is clamped to three lines. */
const ALWAYS_DRAWN = '…';

const requireHere = createRequire(path.resolve('package.json'));
const packageDir = (name: string) => path.dirname(requireHere.resolve(`${name}/package.json`));
const packageVersion = (name: string) => (JSON.parse(readFileSync(path.join(packageDir(name), 'package.json'), 'utf8')) as { version: string }).version;

export interface PlannedCard extends ShareCard {
  key: string;
  /** The page and its source file, for error messages. */
  page: string;
  file: string;
  input: CardInput;
}

export interface CardPlanner {
  brand: CardBrand;
  /** Font slices per weight. */
  slices: Map<number, FontSlice[]>;
  plan(page: string, file: string, input: CardInput): PlannedCard;
}

/** Reads the font's slice table and the site's mark once; plan() names each card by content hash. */
export function cardPlanner(brand: Omit<CardBrand, 'mark'> & { markFile: string }): CardPlanner {
  const fontDir = packageDir(FONT_PACKAGE);
  const slices = new Map(WEIGHTS.map((weight) => [weight as number, parseFontFaces(readFileSync(path.join(fontDir, `${weight}.css`), 'utf8'), weight)]));
  const mark = `data:image/svg+xml;base64,${readFileSync(brand.markFile).toString('base64')}`;
  const full: CardBrand = { siteName: brand.siteName, host: brand.host, mark };
  const versions = { font: `${FONT_PACKAGE}@${packageVersion(FONT_PACKAGE)}`, satori: packageVersion('satori'), resvg: packageVersion('@resvg/resvg-js') };
  return {
    brand: full,
    slices,
    plan(page, file, input) {
      const key = createHash('sha256')
        .update(JSON.stringify({ tree: cardElement(input, full), versions }))
        .digest('hex')
        .slice(0, 20);
      return { key, page, file, input, path: `${CARD_DIR}/${key}.png`, alt: cardAlt(input, full.siteName), ...CARD_SIZE };
    },
  };
}

/** The fonts satori needs for `text`: one entry per slice and weight, each under its own name (satori falls back between names, not between same-named entries). */
function loadFonts(text: string, slices: Map<number, FontSlice[]>): { fonts: SatoriOptions['fonts']; family: string } {
  const fontDir = path.join(packageDir(FONT_PACKAGE), 'files');
  const fonts: SatoriOptions['fonts'] = [];
  const names = new Set<string>();
  for (const [weight, list] of slices) {
    const needed = new Set<FontSlice>();
    for (const char of text) {
      const slice = sliceFor(list, char.codePointAt(0) as number);
      if (slice) needed.add(slice);
    }
    for (const slice of needed) {
      const name = `${FONT_NAME} ${slice.file.replace(/-\d+-normal\.woff$/, '')}`;
      names.add(name);
      fonts.push({ name, data: readFileSync(path.join(fontDir, slice.file)), weight: weight as 400 | 700, style: 'normal' });
    }
  }
  return { fonts, family: [...names].map((name) => JSON.stringify(name)).join(', ') };
}

export interface CardStats {
  cards: number;
  rendered: number;
  cached: number;
  /** Wall time of drawing the new cards, ms. */
  renderMs: number;
  /** CPU time of drawing them (all threads: satori here, resvg in the pool), ms. */
  cpuMs: number;
  fontSlices: number;
}

function withFont(tree: CardNode, family: string): CardNode {
  return { ...tree, props: { ...tree.props, style: { ...tree.props.style, fontFamily: family } } };
}

/** Where a planned card's PNG is kept in the cache folder. */
export const cachedCardFile = (cacheDir: string, card: Pick<PlannedCard, 'key'>) => path.join(cacheDir, `${card.key}.png`);

const PNG_START = Buffer.from('89504e470d0a1a0a', 'hex');
/** A PNG's last chunk: IEND, empty, with its fixed CRC. */
const PNG_END = Buffer.from('0000000049454e44ae426082', 'hex');

/**
 * Whether a cached card is a whole PNG (its signature first, its IEND chunk last): a file cut
 * short or overwritten is drawn again instead of being copied into public/.
 */
export function isWholePng(file: string): boolean {
  try {
    const png = readFileSync(file);
    return png.length > PNG_START.length + PNG_END.length && png.subarray(0, PNG_START.length).equals(PNG_START) && png.subarray(-PNG_END.length).equals(PNG_END);
  } catch {
    return false;
  }
}

/**
 * satori (layout) and resvg (a native addon, rasterising) load with the first card there is to
 * draw: a `gatsby develop` start (cards are drawn on request) and a build whose cards are all in
 * the cache never need them, and loading them took about 0.1 s of the one Node thread.
 */
let drawingLibraries: { satori: typeof import('satori').default; renderAsync: typeof import('@resvg/resvg-js').renderAsync } | null = null;
const loadDrawingLibraries = () =>
  (drawingLibraries ??= {
    satori: (requireHere('satori') as typeof import('satori')).default,
    renderAsync: (requireHere('@resvg/resvg-js') as typeof import('@resvg/resvg-js')).renderAsync,
  });

/**
 * Draws into the cache folder the cards it does not have yet (a card's name is its content hash).
 * A character the font lacks stops it, naming every such card's page.
 */
export async function drawShareCards(cards: readonly PlannedCard[], planner: CardPlanner, cacheDir: string): Promise<CardStats & { unique: PlannedCard[] }> {
  const unique = [...new Map(cards.map((card) => [card.key, card])).values()];
  const problems = unique.flatMap((card) => {
    const missing = missingCharacters(cardText(card.input, planner.brand), [...planner.slices.values()].flat());
    const list = missing.map((char) => `“${char}”（U+${(char.codePointAt(0) as number).toString(16).toUpperCase().padStart(4, '0')}）`).join('、');
    return missing.length ? [`  - ${card.file}（${card.page}）：${list}`] : [];
  });
  if (problems.length) {
    throw new MissingGlyphError(`分享卡片无法生成：字体 ${FONT_NAME}（${FONT_PACKAGE}）没有下列字符的字形，画出来会是空方框。请改写标题或标签：\n${problems.join('\n')}`);
  }

  mkdirSync(cacheDir, { recursive: true });
  const cached = (card: PlannedCard) => cachedCardFile(cacheDir, card);
  const toDraw = unique.filter((card) => !isWholePng(cached(card)));

  const started = performance.now();
  const cpu = process.cpuUsage();
  let fontSlices = 0;
  if (toDraw.length) {
    const { satori, renderAsync } = loadDrawingLibraries();
    const { fonts, family } = loadFonts(toDraw.map((card) => cardText(card.input, planner.brand)).join('') + ALWAYS_DRAWN, planner.slices);
    fontSlices = fonts.length;
    const limit = Math.max(2, os.availableParallelism());
    const inFlight = new Set<Promise<void>>();
    for (const card of toDraw) {
      // satori lays out on this thread (the same fonts array each time: it parses the fonts once).
      const svg = await satori(withFont(cardElement(card.input, planner.brand), family) as never, { ...CARD_SIZE, fonts });
      const job = renderAsync(svg, { fitTo: { mode: 'original' }, font: { loadSystemFonts: false }, background: '#ffffff' }).then((image) => {
        // Written under a temporary name first: an interrupted build never leaves half a card.
        writeAtomic(cached(card), image.asPng());
      });
      inFlight.add(job);
      void job.finally(() => inFlight.delete(job));
      if (inFlight.size >= limit) await Promise.race(inFlight);
    }
    await Promise.all(inFlight);
  }
  const used = process.cpuUsage(cpu);
  return { unique, cards: unique.length, rendered: toDraw.length, cached: unique.length - toDraw.length, renderMs: performance.now() - started, cpuMs: (used.user + used.system) / 1000, fontSlices };
}

/**
 * Makes sure every planned card is in public/static/og: drawn when the cache folder does not have
 * it yet, copied otherwise (and its cache file touched, so pruning keeps cards in use). Cards no page uses any more are removed from public/static/og.
 */
export async function writeShareCards(cards: readonly PlannedCard[], planner: CardPlanner, options: { publicDir: string; cacheDir: string }): Promise<CardStats> {
  const { unique, ...stats } = await drawShareCards(cards, planner, options.cacheDir);
  const cached = (card: PlannedCard) => cachedCardFile(options.cacheDir, card);
  const outDir = path.join(options.publicDir, CARD_DIR);
  mkdirSync(outDir, { recursive: true });

  const keep = new Set(unique.map((card) => `${card.key}.png`));
  const now = new Date();
  // A card's name is its content hash: one already in public/ is the same picture.
  for (const card of unique) {
    const target = path.join(outDir, `${card.key}.png`);
    if (!existsSync(target)) copyFileSync(cached(card), target);
    utimesSync(cached(card), now, now);
  }
  for (const name of readdirSync(outDir)) if (!keep.has(name)) rmSync(path.join(outDir, name), { force: true });
  return stats;
}
