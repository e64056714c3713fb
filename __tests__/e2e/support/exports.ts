import type { Page } from 'playwright-core';
import sharp from 'sharp';

/**
 * Helpers for the tests of the exports (Markdown versions, llms.txt, share cards; docs/architecture.md): llms.txt links, comparing a page's visible
 * text with its Markdown version, and checking share-card pixels.
 */

/** The [title](url) links of llms.txt, in order. */
export function llmsLinks(text: string): Array<{ title: string; url: string; description: string }> {
  return [...text.matchAll(/^- \[((?:\\.|[^\]\\])*)\]\(([^)\s]+)\)(?:: (.*))?$/gm)].map((m) => ({
    title: (m[1] as string).replace(/\\(.)/g, '$1'),
    url: m[2] as string,
    description: m[3] ?? '',
  }));
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', nbsp: ' ' };

/**
 * Text for comparing a page with its Markdown version: Markdown links/images reduced to their text, entities
 * decoded, then whitespace and the characters Markdown uses as syntax (or escapes) removed — the
 * same reduction on both sides, so `**粗体**` and 粗体, `a\|b` and a|b compare equal.
 */
export function comparable(text: string, markdown = false): string {
  // Link and image syntax is reduced on both sides: a code block may show Markdown as text.
  let out = text.replace(/!?\[((?:\\.|[^\]\\])*)\]\((?:[^()\s]|\([^()\s]*\))*\)/g, '$1');
  if (markdown) {
    out = out
      .replace(/&#x([0-9a-f]+);/gi, (_, hex: string) => String.fromCodePoint(parseInt(hex, 16)))
      .replace(/&#(\d+);/g, (_, dec: string) => String.fromCodePoint(Number(dec)))
      .replace(/&(amp|lt|gt|quot|nbsp);/g, (_, name: string) => ENTITIES[name] as string);
  }
  return out.replace(/[\s\\*_~`|>#+\-[\]!^]/g, '');
}

/**
 * The title and the text blocks of the article in a page's HTML as the server sends it (what a
 * reader without JavaScript sees), without the page's own chrome. The HTML is parsed in `page`
 * with DOMParser: the browser's own parser, but nothing loaded, laid out or painted, so a hundred
 * pages cost a fraction of loading them.
 */
export async function servedArticle(page: Page, html: string): Promise<{ title: string; pieces: string[] }> {
  return page.evaluate((source) => {
    const doc = new DOMParser().parseFromString(source, 'text/html');
    const title = doc.querySelector('article h1')?.textContent ?? '';
    const body = doc.querySelector('article .markdown');
    if (!body) return { title, pieces: [] };
    // A diagram's 文字版 is generated from its Mermaid source, which the Markdown version keeps as written.
    body.querySelectorAll('.heading-anchor, .code-header, [data-footnote-backref], #footnote-label, .diagram-text').forEach((el) => el.remove());
    // A file tree is drawn in the Markdown version (├── name  # note): each entry's name and note is a piece of its own.
    const treePieces = [...body.querySelectorAll('.file-tree .ft-name, .file-tree .ft-note')].map((el) => el.textContent ?? '');
    body.querySelectorAll('.file-tree').forEach((el) => el.remove());
    const pieces = [...body.querySelectorAll('p, li, th, td, h2, h3, h4, h5, h6, pre, summary, dt, dd')]
      .map((el) => el.textContent ?? '')
      .concat(treePieces)
      .filter((t) => t.trim() !== '');
    return { title, pieces };
  }, html);
}

export interface CardPixels {
  width: number;
  height: number;
  /** Share of pixels in the middle third that differ clearly from the card's corner colour. */
  inkInCentre: number;
  /** Whether the 40×40 square at the very centre holds more than one colour. */
  centreVaries: boolean;
}

/**
 * Decodes a card (its PNG bytes, as served) and measures the centre. In Node with sharp (libvips)
 * rather than on a canvas in a tab: the same pixels, without a page decoding and copying every
 * card of the build (1200×630 each) and walking them in JavaScript (CPU is what the e2e run waits on).
 */
export async function cardPixels(png: Uint8Array): Promise<CardPixels | string> {
  let decoded: { data: Buffer; info: { width: number; height: number; channels: number } };
  try {
    decoded = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  } catch {
    return 'not an image';
  }
  const { data, info } = decoded;
  const { width, height, channels } = info;
  const at = (x: number, y: number) => {
    const i = (Math.floor(y) * width + Math.floor(x)) * channels;
    return [data[i] as number, data[i + 1] as number, data[i + 2] as number];
  };
  const corner = at(width - 4, height / 2);
  const differs = (p: number[]) => p.some((v, i) => Math.abs(v - (corner[i] as number)) > 48);
  let ink = 0;
  let total = 0;
  for (let y = Math.floor(height / 3); y < (2 * height) / 3; y += 2) {
    for (let x = Math.floor(width / 3); x < (2 * width) / 3; x += 2) {
      total++;
      if (differs(at(x, y))) ink++;
    }
  }
  const colours = new Set<string>();
  for (let y = height / 2 - 20; y < height / 2 + 20; y++) for (let x = width / 2 - 20; x < width / 2 + 20; x++) colours.add(at(x, y).join());
  return { width, height, inkInCentre: ink / total, centreVaries: colours.size > 1 };
}
