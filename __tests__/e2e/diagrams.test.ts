/**
 * ```mermaid diagrams (content/README.md, 图表) on a page of the fixture site's build: /blog/oneway has a sequence
 * diagram and a flowchart. The SVG is in the HTML (no JavaScript draws it, none is loaded for it),
 * visible, its labels are selectable text inside their shapes, its colours follow light and dark
 * with enough contrast, it is an image named for assistive technology with a text alternative
 * beside it, and axe finds nothing in either mode.
 */
import type { BrowserContextOptions, Page } from 'playwright-core';
import { contrastRatio, parseColor } from '../../src/theme/contrast';
import { STORAGE_KEYS } from '../../src/lib/storage';
import { load, ModeTabs } from './support/a11y';
import { axeAudit, formatFindings } from './support/axe';
import { DESKTOP, hydrated, PHONE, useBrowser, url } from './support/browser';

jest.setTimeout(120_000);

const PAGE = '/blog/oneway';
/** A post with the same template and no diagram: the JavaScript both load must be the same. */
const PLAIN = '/blog/binderservice';

const session = useBrowser();

/**
 * PAGE in `theme`, with the scripts it requests: in a warm tab, or as a first visit (`fresh`: a new
 * context, nothing cached) for the test that compares what two pages fetch.
 */
async function openIn(theme: 'light' | 'dark', options: BrowserContextOptions = {}, fresh = false): Promise<{ page: Page; scripts: string[] }> {
  const { context, page } = await session.tab({ bypassCSP: true, ...options }, { fresh });
  await context.addInitScript(
    ([key, value]) => {
      window.localStorage.setItem(key as string, value as string);
    },
    [STORAGE_KEYS.theme, theme],
  );
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  await page.goto(url(PAGE));
  if (options.javaScriptEnabled !== false) await hydrated(page);
  expect(await page.evaluate(() => document.documentElement.getAttribute('data-theme'))).toBe(options.javaScriptEnabled === false ? 'light' : theme);
  return { page, scripts };
}

/** Computed paint of the first sequence diagram's parts, as the browser resolves the theme variables. */
async function paints(page: Page) {
  return page.evaluate(() => {
    const svg = document.querySelector('figure.diagram[data-diagram="sequence"] svg') as SVGSVGElement;
    const style = (selector: string) => getComputedStyle(svg.querySelector(selector) as Element);
    return {
      page: getComputedStyle(document.body).backgroundColor,
      actorText: style('g.actor text').fill,
      actorFill: style('g.actor rect').fill,
      actorStroke: style('g.actor rect').stroke,
      messageText: style('g.message text').fill,
      messageLine: style('g.message line').stroke,
      lifeline: style('line.lifeline').stroke,
    };
  });
}

const rgb = (value: string) => {
  const m = /rgba?\(([\d.]+), ([\d.]+), ([\d.]+)/.exec(value);
  if (!m) throw new Error(`not an rgb colour: ${value}`);
  return parseColor(`rgb(${m[1]}, ${m[2]}, ${m[3]})`);
};

describe('diagrams on /blog/oneway', () => {
  it('are inline SVG in the served HTML, with their labels as text and the source nowhere', async () => {
    const html = await (await fetch(url(PAGE))).text();
    const figures = html.match(/<figure class="diagram" data-diagram="(sequence|flowchart)">[\s\S]*?<\/figure>/g) ?? [];
    expect(figures.map((f) => /data-diagram="(\w+)"/.exec(f)?.[1])).toEqual(['sequence', 'flowchart']);
    expect(figures[0]).toMatch(/<svg [^>]*role="img"[^>]*>[\s\S]*<text[^>]*>BR_TRANSACTION_COMPLETE<\/text>/);
    expect(html).not.toContain('sequenceDiagram');
  });

  it('load no JavaScript of their own: the page loads exactly the scripts of a post without a diagram', async () => {
    const { scripts } = await openIn('light', {}, true);
    const { page } = await session.tab({}, { fresh: true });
    const plain: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') plain.push(new URL(request.url()).pathname);
    });
    await page.goto(url(PLAIN));
    await hydrated(page);
    expect(scripts.length).toBeGreaterThan(0);
    expect([...new Set(scripts)].sort()).toEqual([...new Set(plain)].sort());
  });

  it('are visible images named for assistive technology, with a text alternative that opens', async () => {
    const { page } = await openIn('light');
    const drawing = page.getByRole('img', { name: '时序图：同步调用与 oneway 调用在客户端、驱动、服务端之间的时序' });
    await expect(drawing.isVisible()).resolves.toBe(true);
    const box = await drawing.boundingBox();
    expect(box?.width).toBeGreaterThan(300);
    expect(box?.height).toBeGreaterThan(200);
    await expect(page.getByRole('img', { name: /^流程图：驱动投递 oneway 事务的规则/ }).isVisible()).resolves.toBe(true);
    const summary = page.locator('figure.diagram[data-diagram="sequence"] summary');
    await summary.click();
    await expect(page.locator('figure.diagram[data-diagram="sequence"] details li', { hasText: '客户端线程 → Binder 驱动：BC_TRANSACTION' }).first().isVisible()).resolves.toBe(true);
  });

  it('have selectable labels that fit inside their shapes in the site fonts (Chinese included)', async () => {
    const { page } = await openIn('light');
    const result = await page.evaluate(() => {
      const texts = [...document.querySelectorAll('figure.diagram svg g.actor, figure.diagram svg g.node')].map((g) => {
        const shape = (g.querySelector('rect, polygon') as SVGGraphicsElement).getBBox();
        const text = (g.querySelector('text') as SVGTextElement).getBBox();
        return { label: g.textContent?.trim(), inside: text.x >= shape.x && text.x + text.width <= shape.x + shape.width && text.y >= shape.y && text.y + text.height <= shape.y + shape.height };
      });
      const label = [...document.querySelectorAll('figure.diagram svg text')].find((t) => t.textContent === '客户端线程') as SVGTextElement;
      const range = document.createRange();
      range.selectNodeContents(label);
      const selection = window.getSelection() as Selection;
      selection.removeAllRanges();
      selection.addRange(range);
      return { texts, selected: selection.toString() };
    });
    expect(result.selected).toBe('客户端线程');
    expect(result.texts.length).toBeGreaterThanOrEqual(9);
    expect(result.texts.filter((t) => !t.inside)).toEqual([]);
  });

  it('follow light and dark: the same SVG is painted from the theme, with text and lines in contrast', async () => {
    const light = await paints((await openIn('light')).page);
    const dark = await paints((await openIn('dark')).page);
    for (const part of ['actorText', 'actorFill', 'messageText', 'messageLine'] as const) expect(dark[part]).not.toBe(light[part]);
    for (const p of [light, dark]) {
      expect(contrastRatio(rgb(p.actorText), rgb(p.actorFill))).toBeGreaterThanOrEqual(4.5);
      expect(contrastRatio(rgb(p.messageText), rgb(p.page))).toBeGreaterThanOrEqual(4.5);
      for (const line of [p.messageLine, p.lifeline, p.actorStroke]) expect(contrastRatio(rgb(line), rgb(p.page))).toBeGreaterThanOrEqual(3);
    }
  });

  it('are drawn without JavaScript and on a phone', async () => {
    const { page } = await openIn('light', { javaScriptEnabled: false, viewport: PHONE });
    const box = await page.locator('figure.diagram[data-diagram="sequence"] svg').boundingBox();
    expect(box?.width).toBeGreaterThan(200);
    expect(box?.width).toBeLessThanOrEqual(PHONE.width);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  });

  it('give axe nothing to report, light and dark, desktop and phone', async () => {
    // One tab for the four modes, the page loaded as a new document in each (support/a11y.ts ModeTabs).
    const tabs = new ModeTabs(session);
    try {
      for (const theme of ['light', 'dark'] as const) {
        for (const viewport of [DESKTOP, PHONE]) {
          const mode = { name: `${theme} ${viewport.width}`, theme, viewport, every: 1 };
          const page = await tabs.tab(mode);
          await load(page, PAGE, mode);
          const findings = await axeAudit(page, { page: PAGE, mode: mode.name });
          if (findings.length) throw new Error(formatFindings(findings));
        }
      }
    } finally {
      await tabs.close();
    }
  });
});
