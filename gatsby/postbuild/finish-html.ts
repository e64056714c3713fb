/**
 * The last pass over every HTML file Gatsby wrote (onPostBuild): repairs and moves that need the
 * finished page, each a pure function of the file's bytes.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pageHtmlFiles } from '../framework/internals';
import { hoistEmotionStyles } from './emotion-styles';

/**
 * Workaround for a React 18.3.1 server-rendering bug that hits Chinese pages: when a string does
 * not fit the 2,048-byte view of renderToPipeableStream, writeStringChunk flushes the whole view,
 * including the 1–2 unfilled bytes at its end (a 3-byte CJK character did not fit there). Those
 * zero bytes land in Gatsby's HTML between two complete characters, where browsers turn them into
 * U+FFFD and React then reports a hydration mismatch. Removing them restores the exact markup.
 */
export function stripNulBytes(buffer: Buffer): Buffer | null {
  let at = buffer.indexOf(0);
  if (at < 0) return null;
  // The runs between NUL bytes, copied once (not a callback per byte: pages are 50–150 KB).
  const runs: Buffer[] = [];
  let from = 0;
  while (at >= 0) {
    if (at > from) runs.push(buffer.subarray(from, at));
    from = at + 1;
    at = buffer.indexOf(0, from);
  }
  if (from < buffer.length) runs.push(buffer.subarray(from));
  return Buffer.concat(runs);
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
  /** Pages left alone: finished by an earlier build and not rewritten since (FinishOptions.isFinished). */
  unchanged: number;
  nulStripped: number;
  stylesHoisted: number;
  /** Files whose bytes changed and were written back. */
  written: number;
}

/**
 * A later step of the pass: a pure function of a page's finished HTML. Steps run in order, after
 * the repairs above; a step that needs the final markup (the CSP hashes of the inline scripts)
 * goes last. Other post-build work that reads every page joins here instead of reading public/
 * again.
 */
export interface HtmlStep {
  name: string;
  apply: (html: string, file: string) => string;
}

export interface FinishOptions {
  steps?: HtmlStep[];
  /** Called with every page's final HTML (e.g. to collect links and ids for the link report). */
  onPage?: (file: string, html: string) => void;
  /** True for a page already finished as it is (left alone, counted as unchanged). */
  isFinished?: (file: string) => boolean;
  /** Called once a page is finished (after it was written, if it was). */
  onFinished?: (file: string) => void;
}

/**
 * One pass over every page's HTML file in publicDir (pageHtmlFiles: not slice fragments, page
 * data or static files): read once, finishPage, the extra steps, `onPage`, written once if
 * anything changed.
 */
export function finishHtmlFiles(publicDir: string, options: FinishOptions = {}): FinishReport {
  const report: FinishReport = { pages: 0, unchanged: 0, nulStripped: 0, stylesHoisted: 0, written: 0 };
  for (const { file } of pageHtmlFiles(publicDir)) {
    const full = path.join(publicDir, file);
    if (options.isFinished?.(full)) {
      report.pages += 1;
      report.unchanged += 1;
      continue;
    }
    const raw = readFileSync(full);
    const page = finishPage(raw);
    report.pages += 1;
    if (page.nulStripped) report.nulStripped += 1;
    if (page.stylesHoisted) report.stylesHoisted += 1;
    let html = (page.html ?? raw).toString('utf8');
    for (const step of options.steps ?? []) html = step.apply(html, full);
    options.onPage?.(full, html);
    const bytes = Buffer.from(html, 'utf8');
    if (!bytes.equals(raw)) {
      writeFileSync(full, bytes);
      report.written += 1;
    }
    options.onFinished?.(full);
  }
  return report;
}
