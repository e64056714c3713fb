import type { Page } from 'playwright-core';

/**
 * Helpers for the "docs that travel" tests (issue 18): llms.txt links, comparing a page's visible
 * text with its Markdown twin, and checking share-card pixels in the browser.
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
 * Text for comparing a page with its twin: Markdown links/images reduced to their text, entities
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
 * pages cost a fraction of loading them (issue 25).
 */
export async function servedArticle(page: Page, html: string): Promise<{ title: string; pieces: string[] }> {
  return page.evaluate((source) => {
    const doc = new DOMParser().parseFromString(source, 'text/html');
    const title = doc.querySelector('article h1')?.textContent ?? '';
    const body = doc.querySelector('article .markdown');
    if (!body) return { title, pieces: [] };
    // A diagram's 文字版 is generated from its Mermaid source, which the twin keeps as written.
    body.querySelectorAll('.heading-anchor, .code-header, [data-footnote-backref], #footnote-label, .diagram-text').forEach((el) => el.remove());
    const pieces = [...body.querySelectorAll('p, li, th, td, h2, h3, h4, h5, h6, pre, summary, dt, dd')].map((el) => el.textContent ?? '').filter((t) => t.trim() !== '');
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

/** Loads PNGs (same origin) into a canvas in the page and measures the centre. */
export async function cardPixels(page: Page, urls: string[]): Promise<Record<string, CardPixels | string>> {
  return page.evaluate(async (list) => {
    const out: Record<string, CardPixels | string> = {};
    for (const src of list) {
      const image = new Image();
      image.src = src;
      try {
        await image.decode();
      } catch {
        out[src] = 'not an image';
        continue;
      }
      const canvas = document.createElement('canvas');
      canvas.width = image.naturalWidth;
      canvas.height = image.naturalHeight;
      const ctx = canvas.getContext('2d') as CanvasRenderingContext2D;
      ctx.drawImage(image, 0, 0);
      const data = ctx.getImageData(0, 0, canvas.width, canvas.height).data;
      const at = (x: number, y: number) => [...data.slice((y * canvas.width + x) * 4, (y * canvas.width + x) * 4 + 3)];
      const corner = at(canvas.width - 4, canvas.height / 2);
      const differs = (p: number[]) => p.some((v, i) => Math.abs(v - (corner[i] as number)) > 48);
      let ink = 0;
      let total = 0;
      for (let y = Math.floor(canvas.height / 3); y < (2 * canvas.height) / 3; y += 2) {
        for (let x = Math.floor(canvas.width / 3); x < (2 * canvas.width) / 3; x += 2) {
          total++;
          if (differs(at(x, y))) ink++;
        }
      }
      const colours = new Set<string>();
      for (let y = canvas.height / 2 - 20; y < canvas.height / 2 + 20; y++) for (let x = canvas.width / 2 - 20; x < canvas.width / 2 + 20; x++) colours.add(at(x, y).join());
      out[src] = { width: canvas.width, height: canvas.height, inkInCentre: ink / total, centreVaries: colours.size > 1 };
    }
    return out;
  }, urls);
}
