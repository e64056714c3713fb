/**
 * Share cards at build time: every doc and every post without a cover gets a 1200×630 PNG
 * (gatsby/exports/share-card-layout.ts lays it out; gatsby/exports/card-painter.cjs paints it with
 * satori, resvg and sharp). This module decides what to paint and where: a production build with
 * many new cards starts painting on a worker thread as soon as createPages has named them (startShareCards),
 * on the core Gatsby leaves idle while it runs queries and renders HTML, and onPostBuild waits only
 * for what is left; `gatsby develop` paints one card on request on its own thread. The font is
 * Noto Sans SC from @fontsource/noto-sans-sc — an npm package, so a fresh `npm install` has it:
 * its WOFF files are Google Fonts' unicode-range slices, and only the slices holding the
 * characters of the cards being painted are loaded. A character no slice has stops the build
 * naming the page, instead of drawing an empty box.
 *
 * Cards are named by a hash of their element tree, the font's and the renderers' versions, and
 * kept in the build cache (gatsby/cache.ts, outlives `gatsby clean`): a build paints only
 * new or changed cards.
 */
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, utimesSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { FONT_NAME, FONT_PACKAGE, MissingGlyphError, missingCharacters, parseFontFaces, sliceFor, withoutMissingEmoji, type FontSlice } from './font-slices';
import { readFrontmatter } from '../content/frontmatter';
import { CARD_DIR, CARD_SIZE, cardAlt, cardElement, cardText, type CardBrand, type CardNode } from './share-card-layout';
import type { CardInput, PlannedCard } from '../../src/lib/types/share-card';

export { MissingGlyphError };
/** Weights the template uses: 700 for the title, site name and labels, 400 for the rest. */
const WEIGHTS = [400, 700] as const;
/** The ellipsis satori draws when a title is clamped to three lines. */
const ALWAYS_DRAWN = '…';

const requireHere = createRequire(path.resolve('package.json'));
const packageDir = (name: string) => path.dirname(requireHere.resolve(`${name}/package.json`));
const packageVersion = (name: string) => (JSON.parse(readFileSync(path.join(packageDir(name), 'package.json'), 'utf8')) as { version: string }).version;

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
  const versions = { font: `${FONT_PACKAGE}@${packageVersion(FONT_PACKAGE)}`, satori: packageVersion('satori'), resvg: packageVersion('@resvg/resvg-js'), png: `sharp@${packageVersion('sharp')} rgb` };
  const allSlices = [...slices.values()].flat();
  // A title or label that is all emoji keeps them: the glyph check then names its page.
  const drawable = (text: string) => withoutMissingEmoji(text, allSlices) || text;
  return {
    brand: full,
    slices,
    plan(page, file, written) {
      const input: CardInput = { ...written, title: drawable(written.title), labels: written.labels.map(drawable) };
      const key = createHash('sha256')
        .update(JSON.stringify({ tree: cardElement(input, full), versions }))
        .digest('hex')
        .slice(0, 20);
      return { key, page, file, input, path: `${CARD_DIR}/${key}.png`, alt: cardAlt(input, full.siteName), ...CARD_SIZE };
    },
  };
}

/** The fonts satori needs for `text`: one entry per slice and weight, each under its own name (satori falls back between names, not between same-named entries). */
function fontsFor(text: string, slices: Map<number, FontSlice[]>): { fonts: PaintFont[]; family: string } {
  const fontDir = path.join(packageDir(FONT_PACKAGE), 'files');
  const fonts: PaintFont[] = [];
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
      fonts.push({ name, file: path.join(fontDir, slice.file), weight });
    }
  }
  return { fonts, family: [...names].map((name) => JSON.stringify(name)).join(', ') };
}

export interface CardStats {
  cards: number;
  rendered: number;
  cached: number;
  /** Wall time of painting the new cards, ms. */
  renderMs: number;
  /** Of which the build waited for at the end, ms (painting started early overlaps the rest of the build). */
  waitedMs: number;
  /** Painted on a worker thread (a build) or on the calling thread (develop, one card on request). */
  inWorker: boolean;
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

/** `:<line>` of a frontmatter field in a content file (relative to the site's folder), or '' when it has none. */
function frontmatterLine(file: string, key: string): string {
  try {
    const line = readFrontmatter(readFileSync(file, 'utf8')).places[key]?.line;
    return line ? `:${line}` : '';
  } catch {
    return '';
  }
}

/** What card-painter.cjs is given: plain data, so that it crosses to a worker thread. */
interface PaintFont {
  name: string;
  file: string;
  weight: number;
}
interface PaintOrder {
  root: string;
  jobs: Array<{ file: string; tree: CardNode }>;
  fonts: PaintFont[];
  width: number;
  height: number;
  inFlight: number;
}

/** The painter (plain CommonJS, gatsby/exports/card-painter.cjs) as a file, for a worker thread or require. */
const PAINTER = () => path.resolve('gatsby/exports/card-painter.cjs');

function paintOnWorker(order: PaintOrder): Promise<number> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(PAINTER(), { workerData: { paintOrder: order } });
    worker.once('message', (message: { painted?: number; error?: string }) => {
      void worker.terminate();
      if (message.error !== undefined) reject(new Error(`分享卡片绘制失败：${message.error}`));
      else resolve(message.painted ?? 0);
    });
    worker.once('error', reject);
  });
}

const paintHere = (order: PaintOrder): Promise<number> => (requireHere(PAINTER()) as { paintCards(order: PaintOrder): Promise<number> }).paintCards(order);

/**
 * Paints into the cache folder the cards it does not have yet (a card's name is its content hash),
 * on a worker thread or on this one. A character the font lacks stops it, naming every such card's page.
 */
export async function drawShareCards(cards: readonly PlannedCard[], planner: CardPlanner, cacheDir: string, { inWorker = false } = {}): Promise<CardStats & { unique: PlannedCard[] }> {
  const unique = [...new Map(cards.map((card) => [card.key, card])).values()];
  const allSlices = [...planner.slices.values()].flat();
  const problems = unique.flatMap((card) => {
    const missing = missingCharacters(cardText(card.input, planner.brand), allSlices);
    const list = missing.map((char) => `“${char}”（U+${(char.codePointAt(0) as number).toString(16).toUpperCase().padStart(4, '0')}）`).join('、');
    const inTitle = missing.some((char) => card.input.title.includes(char));
    return missing.length ? [`  - ${card.file}${frontmatterLine(card.file, inTitle ? 'title' : 'tags')}（${card.page}）：${list}`] : [];
  });
  if (problems.length) {
    throw new MissingGlyphError(`分享卡片无法生成：字体 ${FONT_NAME}（${FONT_PACKAGE}）没有下列字符的字形，画出来会是空方框。请改写标题或标签：\n${problems.join('\n')}`);
  }

  mkdirSync(cacheDir, { recursive: true });
  const toDraw = unique.filter((card) => !isWholePng(cachedCardFile(cacheDir, card)));
  const started = performance.now();
  let fontSlices = 0;
  if (toDraw.length) {
    const { fonts, family } = fontsFor(toDraw.map((card) => cardText(card.input, planner.brand)).join('') + ALWAYS_DRAWN, planner.slices);
    fontSlices = fonts.length;
    const order: PaintOrder = {
      root: path.resolve('.'),
      jobs: toDraw.map((card) => ({ file: cachedCardFile(cacheDir, card), tree: withFont(cardElement(card.input, planner.brand), family) })),
      fonts,
      ...CARD_SIZE,
      // Enough cards in flight to keep the thread pool busy while the next one is laid out.
      inFlight: 2 * Math.max(2, os.availableParallelism()),
    };
    await (inWorker ? paintOnWorker(order) : paintHere(order));
  }
  const renderMs = performance.now() - started;
  return { unique, cards: unique.length, rendered: toDraw.length, cached: unique.length - toDraw.length, renderMs, waitedMs: renderMs, inWorker, fontSlices };
}

/**
 * A build's cards, painted on a worker thread from the moment createPages has named them
 * (startShareCards) while Gatsby runs its queries, bundles and HTML on one core; writeShareCards
 * (onPostBuild) then waits only for what is left. Keyed by the cache folder and the cards' names.
 */
const early = new Map<string, { started: number; drawing: Promise<CardStats & { unique: PlannedCard[] }> }>();
const earlyKey = (cards: readonly PlannedCard[], cacheDir: string) => `${cacheDir}\n${[...new Set(cards.map((card) => card.key))].sort().join(',')}`;

/**
 * Below this many new cards a build paints them at the end on its own thread: a worker's start
 * (satori, resvg, sharp and the fonts loaded again) and the contention with webpack and the image
 * jobs that run both cores at that time made the real site's cold build slower than painting its
 * cards at the end (figures: docs/decisions/build-at-scale.md).
 */
export const EARLY_PAINT_MIN = 200;

export function startShareCards(cards: readonly PlannedCard[], planner: CardPlanner, cacheDir: string, minimum = EARLY_PAINT_MIN): void {
  early.clear();
  const unique = new Set(cards.filter((card) => !isWholePng(cachedCardFile(cacheDir, card))).map((card) => card.key));
  if (unique.size < minimum) return;
  const drawing = drawShareCards(cards, planner, cacheDir, { inWorker: true });
  // Its errors are reported where it is awaited (writeShareCards).
  drawing.catch(() => undefined);
  early.set(earlyKey(cards, cacheDir), { started: performance.now(), drawing });
}

async function drawForBuild(cards: readonly PlannedCard[], planner: CardPlanner, cacheDir: string): Promise<CardStats & { unique: PlannedCard[] }> {
  const key = earlyKey(cards, cacheDir);
  const started = early.get(key);
  if (!started) return drawShareCards(cards, planner, cacheDir);
  early.delete(key);
  const waiting = performance.now();
  const stats = await started.drawing;
  return { ...stats, waitedMs: performance.now() - waiting };
}

/**
 * Makes sure every planned card is in public/static/og: drawn when the cache folder does not have
 * it yet, copied otherwise (and its cache file touched, so pruning keeps cards in use). Cards no page uses any more are removed from public/static/og.
 */
export async function writeShareCards(cards: readonly PlannedCard[], planner: CardPlanner, options: { publicDir: string; cacheDir: string }): Promise<CardStats> {
  const { unique, ...stats } = await drawForBuild(cards, planner, options.cacheDir);
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
