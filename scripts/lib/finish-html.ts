/**
 * The last pass over every HTML file Gatsby wrote (onPostBuild): repairs and moves that need the
 * finished page, each a pure function of the file's bytes.
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { hoistEmotionStyles } from './emotion-styles';

/**
 * Workaround for a React 18.3.1 server-rendering bug that hits Chinese pages: when a string does
 * not fit the 2,048-byte view of renderToPipeableStream, writeStringChunk flushes the whole view,
 * including the 1–2 unfilled bytes at its end (a 3-byte CJK character did not fit there). Those
 * zero bytes land in Gatsby's HTML between two complete characters, where browsers turn them into
 * U+FFFD and React then reports a hydration mismatch. Removing them restores the exact markup.
 */
export function stripNulBytes(buffer: Buffer): Buffer | null {
  if (!buffer.includes(0)) return null;
  return Buffer.from(buffer.filter((byte) => byte !== 0));
}

export interface FinishedPage {
  html: Buffer | null;
  nulStripped: boolean;
  stylesHoisted: boolean;
}

/** One page: NUL bytes removed, then Emotion's body styles moved into <head>. */
export function finishPage(raw: Buffer): FinishedPage {
  const clean = stripNulBytes(raw);
  const hoisted = hoistEmotionStyles((clean ?? raw).toString('utf8'));
  return { html: hoisted === null ? clean : Buffer.from(hoisted, 'utf8'), nulStripped: clean !== null, stylesHoisted: hoisted !== null };
}

export interface FinishReport {
  pages: number;
  nulStripped: number;
  stylesHoisted: number;
}

/** Applies finishPage to every .html file under `dir` (not static/ or page-data/). */
export function finishHtmlFiles(dir: string, report: FinishReport = { pages: 0, nulStripped: 0, stylesHoisted: 0 }): FinishReport {
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) {
      if (name !== 'static' && name !== 'page-data') finishHtmlFiles(full, report);
    } else if (name.endsWith('.html')) {
      const page = finishPage(readFileSync(full));
      report.pages += 1;
      if (page.nulStripped) report.nulStripped += 1;
      if (page.stylesHoisted) report.stylesHoisted += 1;
      if (page.html) writeFileSync(full, page.html);
    }
  }
  return report;
}
