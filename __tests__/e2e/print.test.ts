/**
 * Posts and docs printed from Chromium to A4 PDF (page.pdf, as “save as PDF” does), in the light
 * and in the dark colour mode, read back with poppler's pdftotext and pdfinfo: the title, the date
 * or “最后更新于” line and every piece of the body are there (code lines whole, so not cut at the
 * page edge, with their titles; every tab panel with its label; table cells; diagram labels; an
 * external link's address after it); the site's chrome is not (navbar, announcement, sidebar,
 * table of contents, buttons, footer); no page ends on a heading; a short code block and a diagram
 * sit on one page; the text is dark on light in both modes. Pages are chosen by rule from public/:
 * the longest post, and docs (then posts) with code, a diagram, tabs and a table.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { pageDataFile, pageHtmlFiles } from '../../gatsby/framework/internals';
import { STORAGE_KEYS } from '../../src/lib/storage';
import { encodePath } from '../../src/lib/url-path';
import { hydrated, url, useBrowser } from './support/browser';
import { SITE_DIR } from './support/env';

jest.setTimeout(180_000);

const session = useBrowser();
const tmp = mkdtempSync(path.join(os.tmpdir(), 'print-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** Features of a page's HTML that printing must keep (the audit plan's markers). */
const FEATURES: ReadonlyArray<[string, RegExp]> = [
  ['code', /class="code-block"/],
  ['diagram', /<figure class="diagram"/],
  ['tabs', /class="tabs" data-tabs=/],
  ['table', /<table[\s>]/],
];

interface Candidate {
  path: string;
  kind: 'post' | 'doc';
  features: string[];
  size: number;
}

function candidates(): Candidate[] {
  return pageHtmlFiles(SITE_DIR).flatMap(({ path: p, file }) => {
    const { componentChunkName } = JSON.parse(readFileSync(pageDataFile(SITE_DIR, p), 'utf8')) as { componentChunkName: string };
    const kind = componentChunkName.endsWith('templates-post-tsx') ? 'post' : componentChunkName.endsWith('templates-doc-tsx') ? 'doc' : null;
    if (!kind) return [];
    const html = readFileSync(path.join(SITE_DIR, file), 'utf8');
    const body = html.slice(html.indexOf('<main'));
    return [{ path: p, kind, features: FEATURES.filter(([, re]) => re.test(body)).map(([name]) => name), size: body.length } as Candidate];
  });
}

/** The longest post, then docs (before posts) that bring the features not yet covered, most at a time. */
function choosePages(all: readonly Candidate[]): Candidate[] {
  const posts = all.filter((c) => c.kind === 'post');
  const chosen = [posts.reduce((a, b) => (b.size > a.size ? b : a))];
  const covered = new Set(chosen[0]?.kind === 'doc' ? chosen[0].features : []);
  const order = [...all].sort((a, b) => (a.kind === b.kind ? 0 : a.kind === 'doc' ? -1 : 1));
  for (;;) {
    const next = order.reduce<Candidate | null>((best, c) => {
      const gain = c.features.filter((f) => !covered.has(f)).length;
      return gain > 0 && (!best || gain > best.features.filter((f) => !covered.has(f)).length) ? c : best;
    }, null);
    if (!next) break;
    chosen.push(next);
    next.features.forEach((f) => covered.add(f));
  }
  return chosen;
}

/** What the page shows on screen, read before printing: the pieces that must print and the chrome that must not. */
interface Expected {
  title: string;
  dateLine: string;
  pieces: string[];
  /** Table cells: their lines may come out between other cells' lines. */
  cells: string[];
  headings: string[];
  shortCode: Array<[string, string]>;
  diagrams: string[][];
  chrome: string[];
}

async function expected(page: Page): Promise<Expected> {
  return page.evaluate(() => {
    const squash = (s: string | null | undefined) => (s ?? '').replace(/\s+/g, '');
    const body = document.querySelector('.markdown')?.cloneNode(true) as HTMLElement;
    // What print hides inside the body, and what it adds: an external link's address after its text.
    body.querySelectorAll('.code-header, .heading-anchor, .copy-button, .diagram-text, .tab-list, .visually-hidden').forEach((el) => el.remove());
    body.querySelectorAll('a[href^="http"]').forEach((a) => a.after(` (${a.getAttribute('href')})`));
    const cells = [...body.querySelectorAll('th, td')].map((el) => squash(el.textContent)).filter((t) => t.length > 0);
    body.querySelectorAll('table').forEach((el) => el.remove());
    const pieces = [...body.querySelectorAll('p, li:not(:has(ul, ol, p)), h2, h3, h4, .code-title, .tab-label')]
      .filter((el) => !el.closest('svg'))
      .map((el) => el.textContent ?? '')
      .concat([...body.querySelectorAll('pre')].flatMap((pre) => (pre.textContent ?? '').split('\n')))
      .map(squash)
      .filter((t) => t.length > 0);
    const codeBlocks = [...document.querySelectorAll('.markdown pre')].map((pre) => (pre.textContent ?? '').split('\n').map(squash).filter(Boolean));
    // What prints (the body with its link addresses, the head, the series box, related posts): chrome text found there proves nothing.
    const kept =
      squash([...document.querySelectorAll('main h1, main .post-head, [data-testid="last-updated"], [data-testid="series-box"], [data-testid="related-posts"]')].map((el) => (el as HTMLElement).innerText).join('\n')) +
      pieces.join('') +
      cells.join('');
    const chromeText = [
      '[data-testid="navbar"]',
      '[data-testid="announcement-bar"]',
      '[data-testid="footer"]',
      '[data-testid="toc"]',
      '[data-testid="doc-sidebar"]',
      '[data-testid="breadcrumbs"]',
      '[data-testid="markdown-links"]',
      '[data-testid="doc-pager"]',
      '[data-testid="edit-link"]',
    ].flatMap((selector) => [...document.querySelectorAll(selector)].flatMap((el) => (el as HTMLElement).innerText.split('\n')));
    return {
      title: squash(document.querySelector('main h1')?.textContent),
      dateLine: squash((document.querySelector('[data-testid="last-updated"]') ?? document.querySelector('main time'))?.textContent),
      pieces,
      cells,
      headings: [...document.querySelectorAll('.markdown h2, .markdown h3, .markdown h4')].map((h) => squash(h.textContent)).filter(Boolean),
      shortCode: codeBlocks.filter((lines) => lines.length >= 2 && lines.length <= 12).map((lines) => [lines[0], lines[lines.length - 1]] as [string, string]),
      diagrams: [...document.querySelectorAll('.markdown figure.diagram svg')].map((svg) => [...svg.querySelectorAll('text')].map((t) => squash(t.textContent)).filter(Boolean)),
      chrome: [...new Set(chromeText.map(squash))].filter((t) => t.length >= 2 && !kept.includes(t)),
    };
  });
}

/**
 * The PDF's text, one string per page with all white space removed, twice: in reading order (a
 * table cell's lines together) and as laid out (a code line's aligned comment on its line); and
 * its page count.
 */
function readPdf(pdf: Buffer, name: string): { pages: string[]; laidOut: string[]; count: number } {
  const file = path.join(tmp, `${name}.pdf`);
  writeFileSync(file, pdf);
  const count = Number(/^Pages:\s+(\d+)/m.exec(execFileSync('pdfinfo', [file], { encoding: 'utf8' }))?.[1]);
  const text = (...options: string[]) =>
    execFileSync('pdftotext', [...options, '-enc', 'UTF-8', file, '-'], { encoding: 'utf8' })
      .split('\f')
      .slice(0, count)
      .map((t) => t.replace(/\s+/g, ''));
  return { pages: text(), laidOut: text('-layout'), count };
}

async function printed(pagePath: string, mode: 'light' | 'dark'): Promise<{ want: Expected; pdf: ReturnType<typeof readPdf>; colours: { text: number[]; background: number[]; theme: string | null } }> {
  const { page, context } = await session.tab({ colorScheme: mode });
  await context.addInitScript(([key, value]) => localStorage.setItem(key, value), [STORAGE_KEYS.theme, mode] as const);
  await page.goto(url(encodePath(pagePath)));
  await hydrated(page);
  const want = await expected(page);
  await page.emulateMedia({ media: 'print' });
  const colours = await page.evaluate(() => {
    const rgb = (value: string) => (value.match(/[\d.]+/g) ?? []).slice(0, 3).map(Number);
    const paragraph = document.querySelector('.markdown p') ?? document.body;
    return { text: rgb(getComputedStyle(paragraph).color), background: rgb(getComputedStyle(document.body).backgroundColor), theme: document.documentElement.getAttribute('data-theme') };
  });
  const pdf = readPdf(await page.pdf({ format: 'A4' }), `${pagePath.replace(/\W+/g, '_')}-${mode}`);
  await page.emulateMedia({ media: null });
  return { want, pdf, colours };
}

/**
 * Whether `piece` is in `text` as at most four runs (a table cell wrapped over a few lines, other
 * cells' lines between), in order unless `anyOrder`: pdftotext puts a line's start after the rest
 * of it when bold or code at the start sits on a slightly lower baseline.
 */
function inFewLines(piece: string, text: string, { anyOrder = false } = {}): boolean {
  let rest = piece;
  let from = 0;
  for (let runs = 0; runs < 4 && rest; runs++) {
    let n = rest.length;
    while (n > 0 && text.indexOf(rest.slice(0, n), from) < 0) n--;
    if (n === 0) return false;
    if (!anyOrder) from = text.indexOf(rest.slice(0, n), from) + n;
    rest = rest.slice(n);
  }
  return rest === '';
}

/** Relative luminance (WCAG) of an sRGB colour. */
const luminance = ([r, g, b]: number[]) =>
  [r, g, b].map((v) => ((v as number) / 255 <= 0.03928 ? (v as number) / 255 / 12.92 : (((v as number) / 255 + 0.055) / 1.055) ** 2.4)).reduce((sum, v, i) => sum + v * ([0.2126, 0.7152, 0.0722][i] as number), 0);

const pages = choosePages(candidates());

describe('printing a post or a doc', () => {
  it('chooses a long post and pages with code, a diagram, tabs and a table', () => {
    expect(pages.length).toBeGreaterThan(1);
    const covered = new Set(pages.flatMap((p) => p.features));
    expect([...covered].sort()).toEqual(FEATURES.map(([name]) => name).sort());
  });

  describe.each(pages.map((p) => [`${p.kind} ${p.path} (${p.features.join(', ') || 'long'})`, p] as const))('%s', (_, candidate) => {
    it.each(['light', 'dark'] as const)('in the %s mode: the article whole, the chrome absent, nothing cut', async (mode) => {
      const { want, pdf, colours } = await printed(candidate.path, mode);
      const all = pdf.pages.join('');
      const laidOut = pdf.laidOut.join('');
      expect(pdf.count).toBeGreaterThan(0);
      expect(all).toContain(want.title);
      expect(want.dateLine.length).toBeGreaterThan(0);
      expect(all).toContain(want.dateLine);
      // Every piece of the body: code lines whole (wrapped, not cut), tab panels and labels, cells, link addresses.
      expect(want.pieces.length).toBeGreaterThan(0);
      expect(want.pieces.filter((piece) => !all.includes(piece) && !laidOut.includes(piece) && !inFewLines(piece, all, { anyOrder: true }))).toEqual([]);
      expect(want.cells.filter((cell) => !inFewLines(cell, all))).toEqual([]);
      // No chrome.
      expect(want.chrome.length).toBeGreaterThan(0);
      expect(want.chrome.filter((text) => all.includes(text) || laidOut.includes(text))).toEqual([]);
      // No page but the last ends on a heading; a short code block and a diagram sit on one page.
      expect(pdf.pages.slice(0, -1).filter((text) => want.headings.some((h) => text.endsWith(h)))).toEqual([]);
      for (const [first, last] of want.shortCode) expect([first, last, pdf.laidOut.some((text) => text.includes(first) && text.includes(last))]).toEqual([first, last, true]);
      for (const labels of want.diagrams) expect(pdf.pages.some((text) => labels.every((label) => text.includes(label)))).toBe(true);
      // Dark text on a light page, whichever mode the reader chose.
      expect(colours.theme).toBe(mode);
      expect(luminance(colours.text)).toBeLessThan(0.2);
      expect(luminance(colours.background)).toBeGreaterThan(0.8);
    });
  });

  it('prints the long post on more than one page, the same in both modes', async () => {
    const long = pages[0] as Candidate;
    const [light, dark] = [await printed(long.path, 'light'), await printed(long.path, 'dark')];
    expect(light.pdf.count).toBeGreaterThan(1);
    expect(dark.pdf.count).toBe(light.pdf.count);
    expect(dark.pdf.pages).toEqual(light.pdf.pages);
  });
});
