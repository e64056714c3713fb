/**
 * Site-wide accessibility audit (issue 17): axe-core (WCAG 2.1 A/AA and best practices) on every
 * HTML page of the build in light at 1440 px, on a sample plus every kind of page in dark and at
 * 390 px (support/audit-plan.ts), and on the interactive states a static page does not show:
 * mobile menu, docs mobile sidebar, navbar popovers, the search panel with results, the mobile
 * TOC, the copied state of a code block, the image zoom dialog, and the announcement bar. Any
 * violation fails, listed with rule, page, mode and target.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { STORAGE_KEYS } from '../../src/lib/storage';
import { AUDIT_MODES, MISSING_PATH, planAudit, type AuditMode } from './support/audit-plan';
import { axeAudit, builtPages, countByRule, formatFindings, inPool, type Finding } from './support/axe';
import { useBrowser, url } from './support/browser';
import { ready } from './support/ready';

jest.setTimeout(10 * 60_000);

/** Pages audited at the same time in the one browser (AXE_POOL; on 2 cores more only queues up). */
const POOL = Number(process.env.AXE_POOL ?? 3);

const session = useBrowser();

/** A context in `mode`: its viewport, its colour mode stored before any page script runs, the page's CSP bypassed so axe can be injected. */
async function modeContext(mode: AuditMode): Promise<BrowserContext> {
  const context = await session.newContext({ viewport: mode.viewport, bypassCSP: true });
  await context.addInitScript(
    ([key, theme]) => {
      try {
        window.localStorage.setItem(key as string, theme as string);
      } catch {
        /* storage blocked: the page stays light, which the theme check below reports */
      }
    },
    [STORAGE_KEYS.theme, mode.theme],
  );
  return context;
}

/** Opens `path` hydrated in `context`, checking the colour mode really is the mode's. */
async function openIn(context: BrowserContext, path: string, mode: AuditMode): Promise<Page> {
  const page = await context.newPage();
  await page.goto(url(path));
  await ready(page);
  const theme = await page.evaluate(() => document.documentElement.getAttribute('data-theme'));
  if (theme !== mode.theme) throw new Error(`${path} [${mode.name}]: data-theme is ${theme}`);
  return page;
}

function expectNone(findings: Finding[]): void {
  if (findings.length > 0) throw new Error(formatFindings(findings));
}

const mode = (name: string): AuditMode => {
  const found = AUDIT_MODES.find((m) => m.name === name);
  if (!found) throw new Error(`no audit mode ${name}`);
  return found;
};

describe('axe-core audit of every built page', () => {
  it('finds no violation on any page: all in light at 1440 px, samples and every kind of page in dark and at 390 px', async () => {
    const pages = builtPages();
    const paths = pages.map((p) => p.path);
    expect(paths).toEqual(expect.arrayContaining(['/', '/blog', '/404.html']));
    const tasks = planAudit(pages);
    const contexts = new Map<string, BrowserContext>();
    for (const m of AUDIT_MODES) contexts.set(m.name, await modeContext(m));

    const started = Date.now();
    const timings: Array<{ load: number; axe: number }> = [];
    const findings = (
      await inPool(tasks, POOL, async ({ page, mode: m }) => {
        const opened = Date.now();
        const tab = await openIn(contexts.get(m.name) as BrowserContext, page.url, m);
        const loaded = Date.now();
        try {
          return await axeAudit(tab, { page: page.path, mode: m.name });
        } finally {
          timings.push({ load: loaded - opened, axe: Date.now() - loaded });
          await tab.close();
        }
      })
    ).flat();
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    const perMode = AUDIT_MODES.map((m) => `${m.name}: ${tasks.filter((t) => t.mode === m).length}`).join(', ');
    const median = (key: 'load' | 'axe') => timings.map((t) => t[key]).sort((a, b) => a - b)[Math.floor(timings.length / 2)];
    console.log(
      `axe audit: ${pages.length} pages, ${tasks.length} page-modes (${perMode}), ${POOL} at a time, in ${seconds} s ` +
        `(median per page: load ${median('load')} ms, axe ${median('axe')} ms); violations by rule: ${JSON.stringify(countByRule(findings))}`,
    );
    // Every page in the first mode, every kind of page in each mode.
    expect(tasks.filter((t) => t.mode === AUDIT_MODES[0]).length).toBe(pages.length);
    for (const m of AUDIT_MODES) expect(new Set(tasks.filter((t) => t.mode === m).map((t) => t.page.kind))).toEqual(new Set(pages.map((p) => p.kind)));
    expectNone(findings);
  });
});

interface State {
  name: string;
  mode: string;
  path: string;
  /** Brings the page into the state; resolves once it is on screen and settled. */
  open: (page: Page) => Promise<void>;
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
  await page.getByTestId('search-results').getByRole('option').first().waitFor({ state: 'visible' });
  await page.waitForFunction(() => document.querySelector('[data-testid="search-navbar"] input')?.getAttribute('aria-expanded') === 'true');
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

const announcementBar = async (page: Page) => {
  await page.getByTestId('announcement-bar').waitFor({ state: 'visible' });
};

const STATES: State[] = ['light', 'dark'].flatMap((theme) => [
  { name: 'mobile menu', mode: `${theme} 390`, path: '/', open: mobileMenu },
  { name: 'docs mobile sidebar', mode: `${theme} 390`, path: '/docs/desktop/wing/Get start', open: docsSidebar },
  { name: 'mobile TOC', mode: `${theme} 390`, path: '/docs/mobile/binderceptor/sdk', open: mobileToc },
  ...['桌面端', '移动端', '服务', '博客'].map((label) => ({ name: `popover ${label}`, mode: `${theme} 1440`, path: '/blog', open: popover(label) })),
  { name: 'copied code block', mode: `${theme} 1440`, path: '/blog/binder', open: copiedCode },
  ...['1440', '390'].map((width) => ({ name: 'image zoom dialog', mode: `${theme} ${width}`, path: '/docs/desktop/wing/Introduce', open: imageZoomDialog })),
  { name: 'announcement bar', mode: `${theme} 1440`, path: MISSING_PATH, open: announcementBar },
]);

async function auditState(state: State): Promise<void> {
  const m = mode(state.mode);
  const page = await openIn(await modeContext(m), state.path, m);
  await state.open(page);
  expectNone(await axeAudit(page, { page: `${state.path} (${state.name})`, mode: m.name }));
}

describe('axe-core audit of interactive states', () => {
  it.each(STATES.map((s) => [`${s.name} [${s.mode}] on ${s.path}`, s] as const))('%s', async (_, state) => auditState(state));

  it.each(['light', 'dark'])('search panel with results [%s 1440] on /docs/intro', async (theme) =>
    auditState({ name: 'search panel with results', mode: `${theme} 1440`, path: '/docs/intro', open: searchResults }),
  );
});
