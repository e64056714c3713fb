/**
 * Site-wide accessibility audit (docs/testing.md): axe-core (WCAG 2.1 A/AA and best practices) on every
 * HTML page of the build in light at 1440 px, on a sample plus pages covering every template and
 * every feature of content in dark and at 390 px (./audit-plan.ts; every content construct is a feature, so tabs,
 * callouts, titled and marked code and diagrams are audited in every mode), and on the interactive
 * states a static page does not show: mobile menu, docs mobile sidebar, navbar popovers, a tab set
 * with another tab chosen, the search panel with results, the search results page with results
 * and without, the words of a search marked on arrival, the mobile TOC, the copied state of a code
 * block, the image zoom dialog, the announcement bar and the progress bar of a slow navigation.
 * Any violation fails, listed with rule, page, mode and target.
 *
 * The page-modes are split between the a11y-pages-<n>.test.ts files, which jest runs in
 * parallel workers; the interactive states are a11y-states.test.ts.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { GATSBY_NAVIGATE } from '../../../src/lib/gatsby-runtime';
import { STORAGE_KEYS } from '../../../src/lib/storage';
import { AUDIT_MODES, MISSING_PATH, kindParts, planAudit, shardOfFile, shardTasks, type AuditMode, type AuditTask, type BuiltPage } from './audit-plan';
import { axeAudit, builtPages, countByRule, formatFindings, inPool, type Finding } from './axe';
import { useBrowser, url, type BrowserSession, type KeptTab } from './browser';
import { navigateClientSide, ready } from './ready';
import { boxShows } from './search-box';

/**
 * Pages audited at the same time by one test file (AXE_POOL). The suite runs several files in
 * parallel workers on two cores, so one at a time per file; more only queues up.
 */
const POOL = Number(process.env.AXE_POOL ?? 1);

/**
 * One tab that goes through the audit modes, reused page after page like a reader's browser: a
 * tab with the page's CSP bypassed (so axe can be injected), the mode's viewport set on the tab,
 * and its colour mode stored before any page script runs. A new context or tab per page or per
 * mode would cost far more than the page itself (figures: docs/decisions/e2e-tab-pool.md). The tab
 * is a warm one of the worker's pool (BrowserSession.keepTab()), kept across the owner's tests and
 * given back by close(). Switching to a mode of another colour needs a new document
 * (needsDocument()); another width alone is a window resize.
 */
export class ModeTabs {
  private kept?: Promise<KeptTab>;
  private mode?: AuditMode;
  private theme?: { dispose(): Promise<void> };

  constructor(private readonly session: Pick<BrowserSession, 'keepTab'>) {}

  /** The tab, set to `mode` (its viewport, and its colour mode for the next document). */
  async tab(mode: AuditMode): Promise<Page> {
    const { page } = await (this.kept ??= this.session.keepTab({ viewport: mode.viewport, bypassCSP: true }));
    if (this.mode !== mode) await this.switchTo(page, mode);
    return page;
  }

  /**
   * Whether the next page must be loaded as a new document: the tab has none yet, or the one it
   * shows is in another colour mode (the stored mode applies from the next document on).
   */
  async needsDocument(tab: Page, mode: AuditMode): Promise<boolean> {
    if (tab.url() === 'about:blank') return true;
    return (await tab.evaluate(() => document.documentElement.getAttribute('data-theme'))) !== mode.theme;
  }

  /** Gives the tab back (to the pool, which resets it) and forgets it. */
  async close(): Promise<void> {
    const kept = this.kept;
    this.kept = this.mode = this.theme = undefined;
    await kept?.then((tab) => tab.release()).catch(() => undefined);
  }

  private async switchTo(page: Page, mode: AuditMode): Promise<void> {
    if (this.mode?.theme !== mode.theme) {
      await this.theme?.dispose();
      this.theme = await page.context().addInitScript(
        ([key, theme]) => {
          try {
            window.localStorage.setItem(key as string, theme as string);
          } catch {
            /* storage blocked: the page stays light, which the theme check in load() reports */
          }
        },
        [STORAGE_KEYS.theme, mode.theme],
      );
    }
    const size = page.viewportSize();
    if (size?.width !== mode.viewport.width || size?.height !== mode.viewport.height) await page.setViewportSize(mode.viewport);
    this.mode = mode;
  }
}

/** Checks that the page really is in the mode: its colour mode and its width. */
async function expectMode(tab: Page, path: string, mode: AuditMode): Promise<void> {
  const [theme, width] = await tab.evaluate(() => [document.documentElement.getAttribute('data-theme'), window.innerWidth] as const);
  if (theme !== mode.theme) throw new Error(`${path} [${mode.name}]: data-theme is ${theme}`);
  if (width !== mode.viewport.width) throw new Error(`${path} [${mode.name}]: the window is ${width} px wide`);
}

/** Loads `path` in `tab` as a new document and waits until it is hydrated, checking the page really is in the mode. */
export async function load(tab: Page, path: string, mode: AuditMode): Promise<void> {
  await tab.goto(url(path));
  await ready(tab);
  await expectMode(tab, path, mode);
}

/**
 * Goes to `path` by client-side navigation from the page open in `tab`, checking the mode.
 * The pointer is moved off the page first: Chromium re-applies :hover when new content renders
 * under a still pointer (a document load does not), and a hover state left by the previous page's
 * interaction is not what the page audit looks at (the states file audits chosen states).
 * The page replaces the one before it in the tab's history: an audit walks through dozens of
 * pages, and a tab with a long history is not lent again (./tab-pool.ts).
 */
export async function visit(tab: Page, path: string, mode: AuditMode): Promise<void> {
  await tab.mouse.move(-1, -1);
  await navigateClientSide(tab, path, { replace: true });
  await expectMode(tab, path, mode);
}

function expectNone(findings: Finding[]): void {
  if (findings.length > 0) throw new Error(formatFindings(findings));
}

const modeNamed = (name: string): AuditMode => {
  const found = AUDIT_MODES.find((m) => m.name === name);
  if (!found) throw new Error(`no audit mode ${name}`);
  return found;
};

/**
 * The audit of the built pages, shard n of the a11y-pages-<n>.test.ts files (`testFile` is the
 * calling file's __filename). Every shard checks the whole plan's promises (every page in the
 * first mode, every template and feature in each mode), then audits its own share of the page-modes.
 * A lane keeps one tab (ModeTabs), set to each mode in turn, and goes from page to page in it: as
 * a new document where the plan says so (a page with a part no document before it had) or the tab is new or has
 * just changed colour mode, otherwise by client-side navigation, as a reader following links does.
 */
export function auditPagesShard(testFile: string): void {
  const { shard, count } = shardOfFile(path.basename(testFile), readdirSync(path.dirname(testFile)));
  const session = useBrowser();

  describe(`axe-core audit of the built pages, shard ${shard} of ${count}`, () => {
    it('finds no violation on any page: all in light at 1440 px, samples and every template and feature in dark and at 390 px', async () => {
      const pages = builtPages();
      const paths = pages.map((p) => p.path);
      expect(paths).toEqual(expect.arrayContaining(['/', '/blog', '/404.html']));
      const plan = planAudit(pages);
      // Every page in the first mode, every template and feature in each mode.
      expect(plan.filter((t) => t.mode === AUDIT_MODES[0]).length).toBe(pages.length);
      const partsOf = (list: BuiltPage[]) => new Set(list.flatMap((p) => kindParts(p.kind)));
      for (const m of AUDIT_MODES) expect(partsOf(plan.filter((t) => t.mode === m).map((t) => t.page))).toEqual(partsOf(pages));

      const tasks = shardTasks(plan, shard, count);
      const lanes = Array.from({ length: POOL }, () => new ModeTabs(session));
      const started = Date.now();
      const timings: Array<{ document: boolean; load: number; axe: number }> = [];
      try {
        const findings = (
          await inPool(tasks, POOL, async ({ page, mode: m, document }: AuditTask, lane) => {
            const opened = Date.now();
            const tabs = lanes[lane] as ModeTabs;
            const tab = await tabs.tab(m);
            const asDocument = document || (await tabs.needsDocument(tab, m));
            await (asDocument ? load : visit)(tab, page.url, m);
            const loaded = Date.now();
            try {
              return await axeAudit(tab, { page: page.path, mode: m.name });
            } finally {
              timings.push({ document: asDocument, load: loaded - opened, axe: Date.now() - loaded });
            }
          })
        ).flat();
        const seconds = ((Date.now() - started) / 1000).toFixed(1);
        const perMode = AUDIT_MODES.map((m) => `${m.name}: ${tasks.filter((t) => t.mode === m).length}`).join(', ');
        const median = (of: typeof timings, key: 'load' | 'axe') => of.map((t) => t[key]).sort((a, b) => a - b)[Math.floor(of.length / 2)] ?? 0;
        const documents = timings.filter((t) => t.document);
        const navigations = timings.filter((t) => !t.document);
        console.log(
          `axe audit, shard ${shard} of ${count}: ${tasks.length} of ${plan.length} page-modes of ${pages.length} pages (${perMode}), ${POOL} at a time, in ${seconds} s ` +
            `(median per page: ${documents.length} as documents: load ${median(documents, 'load')} ms, axe ${median(documents, 'axe')} ms; ` +
            `${navigations.length} by client-side navigation: ${median(navigations, 'load')} ms, axe ${median(navigations, 'axe')} ms); violations by rule: ${JSON.stringify(countByRule(findings))}`,
        );
        expectNone(findings);
      } finally {
        await Promise.all(lanes.map((tabs) => tabs.close()));
      }
    });
  });
}

interface State {
  name: string;
  mode: string;
  path: string;
  /** Brings the page into the state; resolves once it is on screen and settled. */
  open: (page: Page) => Promise<void>;
  /** Undoes what `open` left on the tab beyond its document (routes), after the audit. */
  close?: (page: Page) => Promise<void>;
}

/** Waits until every animation of the element matching `selector` has finished (colours are final). */
async function settled(page: Page, selector: string): Promise<void> {
  await page.waitForFunction((s) => {
    const el = document.querySelector(s);
    return el !== null && el.getAnimations({ subtree: true }).every((a) => a.playState === 'finished');
  }, selector);
}

const mobileMenu = async (page: Page) => {
  await page.getByTestId('mobile-menu-button').click();
  await page.getByTestId('mobile-menu').waitFor({ state: 'visible' });
  await settled(page, '[data-testid="mobile-menu"]');
  // Narrow phone: the sections are collapsible; open the first to audit its links too.
  const summary = page.locator('[data-testid="mobile-menu"] details summary').first();
  if (await summary.isVisible()) await summary.click();
};

const docsSidebar = async (page: Page) => {
  await page.getByTestId('mobile-sidebar-toggle').click();
  await page.getByTestId('mobile-sidebar-panel').waitFor({ state: 'visible' });
};

const popover = (label: string) => async (page: Page) => {
  await page.click(`[data-popover="${label}"] .menu-trigger`);
  await page.waitForSelector(`[data-popover="${label}"] .menu-content[data-state="open"]`, { state: 'visible' });
};

const searchResults = async (page: Page) => {
  const input = page.getByTestId('search-navbar').locator('input');
  await input.focus();
  await page.waitForFunction(() => document.querySelector('[data-testid="search-navbar"]')?.getAttribute('data-status') === 'ready');
  await input.fill('binder');
  await boxShows(page, 'search-navbar', 'binder');
  await page.getByTestId('search-results').getByRole('option').first().waitFor({ state: 'visible' });
  await page.waitForFunction(() => document.querySelector('[data-testid="search-navbar"] input')?.getAttribute('aria-expanded') === 'true');
};

/** The results page showing its results (filters, sub-results, "more"), or its advice when nothing matched. */
const searchPage = (testId: string) => async (page: Page) => {
  await page.getByTestId(testId).waitFor({ state: 'visible' });
};

/** A page reached from a search result: its words marked and the bar that clears them. */
const arrivalMarks = async (page: Page) => {
  await page.locator('main .markdown mark.search-mark').first().waitFor({ state: 'visible' });
  await page.getByRole('group', { name: '搜索词标记' }).waitFor({ state: 'visible' });
};

const mobileToc = async (page: Page) => {
  await page.getByTestId('mobile-toc').locator('summary').click();
  await page.getByTestId('mobile-toc').locator('[data-testid="toc"] a').first().waitFor({ state: 'visible' });
};

const copiedCode = async (page: Page) => {
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(page.url()).origin });
  await page.locator('.code-block [data-copy-button]').first().click();
  await page.waitForFunction(() => document.querySelector('.code-block [data-copy-button]')?.textContent?.includes('已复制'));
};

const imageZoomDialog = async (page: Page) => {
  await page.locator('article .markdown a.image-zoom').first().click();
  await page.waitForSelector('dialog.image-zoom-dialog[open] img');
  await page.waitForFunction(() => document.querySelector<HTMLImageElement>('dialog.image-zoom-dialog img')?.complete === true);
  await settled(page, 'dialog.image-zoom-dialog');
};

/**
 * A navigation slow enough for the progress bar: the next page's data held until the state closes.
 * The target is linked only from the closed navbar menus, so Gatsby has not prefetched it.
 */
const SLOW_TARGET = '/docs/desktop/wing/Introduce';
const PAGE_DATA = `**/page-data${SLOW_TARGET}/page-data.json`;
let releasePageData = () => {};
const progressBar = async (page: Page) => {
  const held = new Promise<void>((resolve) => {
    releasePageData = resolve;
  });
  await page.route(PAGE_DATA, async (route) => {
    await held;
    await route.continue().catch(() => undefined);
  });
  // Gatsby's navigate, named where every Gatsby-internal name lives (src/lib/gatsby-runtime.ts).
  await page.evaluate(([navigate, to]) => (window as unknown as Record<string, (to: string) => void>)[navigate]?.(to), [GATSBY_NAVIGATE, SLOW_TARGET] as const);
  await page.locator('#nprogress .bar').waitFor({ state: 'attached' });
  // Past the bar's fade-in (nprogress's first step, a 200 ms transition): set off from the left
  // edge, fully opaque, and no transition of it running.
  await page.waitForFunction(() => {
    const progress = document.getElementById('nprogress');
    const bar = progress?.querySelector<HTMLElement>('.bar');
    return progress && bar ? !bar.style.transform.includes('-100%') && getComputedStyle(progress).opacity === '1' && getComputedStyle(bar).opacity === '1' : false;
  });
  await settled(page, '#nprogress');
};
const releaseProgressBar = async (page: Page) => {
  releasePageData();
  await page.unroute(PAGE_DATA);
};

/** A tab set (support for ::: tabs) with another tab than the first chosen by a click: its selected, unselected and focused tabs. */
const otherTabChosen = async (page: Page) => {
  await page.waitForSelector('[data-tabs-ready]', { state: 'attached' });
  const tabsOfSet = page.locator('.tabs').first().getByRole('tab');
  const index = await tabsOfSet.evaluateAll((tabs) => tabs.findIndex((tab) => tab.getAttribute('aria-selected') === 'false'));
  if (index < 0) throw new Error(`${page.url()}: no tab set with an unselected tab`);
  await tabsOfSet.nth(index).click();
  await page.waitForFunction((i) => document.querySelector('.tabs')?.querySelectorAll('[role="tab"]')[i]?.getAttribute('aria-selected') === 'true', index);
};

const announcementBar = async (page: Page) => {
  await page.getByTestId('announcement-bar').waitFor({ state: 'visible' });
};

/** The interactive states, in light and in dark. */
export const STATES: State[] = ['light', 'dark'].flatMap((theme) => [
  { name: 'mobile menu', mode: `${theme} 390`, path: '/', open: mobileMenu },
  { name: 'docs mobile sidebar', mode: `${theme} 390`, path: '/docs/desktop/wing/Get start', open: docsSidebar },
  { name: 'mobile TOC', mode: `${theme} 390`, path: '/docs/mobile/binderceptor/sdk', open: mobileToc },
  ...['桌面端', '移动端', '服务', '博客'].map((label) => ({ name: `popover ${label}`, mode: `${theme} 1440`, path: '/blog', open: popover(label) })),
  { name: 'copied code block', mode: `${theme} 1440`, path: '/blog/binder', open: copiedCode },
  ...['1440', '390'].map((width) => ({ name: 'image zoom dialog', mode: `${theme} ${width}`, path: '/docs/desktop/wing/Introduce', open: imageZoomDialog })),
  ...['1440', '390'].map((width) => ({ name: 'tab set with another tab chosen', mode: `${theme} ${width}`, path: '/docs/desktop/tinyui/User%20guide', open: otherTabChosen })),
  { name: 'announcement bar', mode: `${theme} 1440`, path: MISSING_PATH, open: announcementBar },
  { name: 'navigation progress bar', mode: `${theme} 1440`, path: '/blog', open: progressBar, close: releaseProgressBar },
  { name: 'search panel with results', mode: `${theme} 1440`, path: '/docs/intro', open: searchResults },
  ...['1440', '390'].map((width) => ({ name: 'search page with results', mode: `${theme} ${width}`, path: '/search?q=binder', open: searchPage('search-page-results') })),
  { name: 'search page without results', mode: `${theme} 390`, path: '/search?q=zzqxj', open: searchPage('search-none') },
  { name: 'search words marked on arrival', mode: `${theme} 1440`, path: `/blog/binder?highlight=binder&highlight=${encodeURIComponent('拦截')}`, open: arrivalMarks },
]);

/**
 * Opens the state's page as a new document in `tabs` set to the state's mode (one tab reused from
 * state to state: every state starts from a fresh document), brings it into the state and audits it.
 */
export async function auditState(tabs: ModeTabs, state: State): Promise<void> {
  const m = modeNamed(state.mode);
  const tab = await tabs.tab(m);
  await load(tab, state.path, m);
  try {
    await state.open(tab);
    expectNone(await axeAudit(tab, { page: `${state.path} (${state.name})`, mode: m.name }));
  } finally {
    await state.close?.(tab);
  }
}
