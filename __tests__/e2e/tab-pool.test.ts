/**
 * The browser the tests share: it is the program scripts/chromium.cjs names for tests, and its
 * warm tabs (support/tab-pool.ts) come back from a test holding nothing of it; a tab that cannot be
 * cleaned is not lent again.
 */
import { existsSync, readdirSync, readFileSync, readlinkSync } from 'node:fs';
import path from 'node:path';
import type { BrowserContextOptions } from 'playwright-core';
import { CHROMIUM, TEST_CHROMIUM } from '../../scripts/chromium.cjs';
import { DESKTOP, PHONE, url, useBrowser, type KeptTab } from './support/browser';
import { BASE_URL } from './support/env';
import { ready } from './support/ready';
import { SHARED_TABS } from './support/chromium';
import { poolable, poolKey, TabPool } from './support/tab-pool';

const session = useBrowser();
const OPTIONS: BrowserContextOptions = { viewport: DESKTOP, locale: 'zh-CN' };

/** The programs (Linux /proc/<pid>/exe) of the processes below `ancestor`. */
function programsBelow(ancestor: number): string[] {
  const parents = new Map<number, number>();
  for (const entry of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      parents.set(Number(entry), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // The process ended meanwhile.
    }
  }
  const below = (pid: number): boolean => {
    for (let up = parents.get(pid); up !== undefined && up > 1; up = parents.get(up)) if (up === ancestor) return true;
    return false;
  };
  return [...parents.keys()].filter(below).flatMap((pid) => {
    try {
      return [readlinkSync(`/proc/${pid}/exe`)];
    } catch {
      return [];
    }
  });
}

describe('the browser', () => {
  // Debian's /usr/bin/chromium and /usr/bin/chromium-headless-shell are scripts that start
  // /usr/lib/chromium/<the same name>. Were the tests to start the full browser where the headless
  // shell is installed, nothing else would fail: they would only take more CPU. A browser named by
  // CHROMIUM_PATH may be a script starting a program of another name: then there is no choice to check.
  (process.env.CHROMIUM_PATH ? it.skip : it)('is the headless shell where it is installed, else the full Chromium, as scripts/chromium.cjs says', async () => {
    expect(TEST_CHROMIUM).toBe(existsSync('/usr/bin/chromium-headless-shell') ? '/usr/bin/chromium-headless-shell' : CHROMIUM);
    expect(session.browser.isConnected()).toBe(true);
    const programs = programsBelow(process.pid).map((program) => path.basename(program));
    expect(programs).toContain(path.basename(TEST_CHROMIUM));
    if (TEST_CHROMIUM !== CHROMIUM) expect(programs).not.toContain(path.basename(CHROMIUM));
  });
});

let pool: TabPool;
beforeEach(() => {
  pool = new TabPool(session.browser, () => BASE_URL);
});
afterEach(async () => {
  await pool.drain();
});

describe('tab pool', () => {
  it('lends the same tab again, with nothing left of the test that used it', async () => {
    const first = await pool.acquire(OPTIONS);
    const requests: string[] = [];
    first.page.on('request', (request) => requests.push(request.url()));
    await first.context.addInitScript(() => {
      (window as unknown as { leaked: boolean }).leaked = true;
    });
    await first.page.route('**/robots.txt', (route) => route.fulfill({ body: 'routed' }));
    await first.context.grantPermissions(['clipboard-read'], { origin: BASE_URL });
    await first.page.emulateMedia({ colorScheme: 'dark', reducedMotion: 'reduce' });
    await first.page.setViewportSize(PHONE);
    await first.page.goto(url('/docs/intro'));
    await ready(first.page);
    await first.page.evaluate(() => {
      localStorage.setItem('theme', 'dark');
      sessionStorage.setItem('left', 'behind');
    });
    await first.context.addCookies([{ name: 'c', value: '1', url: BASE_URL }]);
    await pool.release(first);

    const second = await pool.acquire(OPTIONS);
    expect(second.page).toBe(first.page);
    expect(second.page.url()).toBe('about:blank');
    const seen = requests.length;
    await second.page.goto(url('/docs/intro'));
    await ready(second.page);
    expect(requests.length).toBe(seen);
    await expect(second.page.evaluate(() => [localStorage.length, sessionStorage.length, document.cookie, 'leaked' in window])).resolves.toEqual([0, 0, '', false]);
    await expect(second.page.evaluate(() => [matchMedia('(prefers-color-scheme: dark)').matches, matchMedia('(prefers-reduced-motion: reduce)').matches, innerWidth])).resolves.toEqual([false, false, DESKTOP.width]);
    await expect(second.page.evaluate(() => navigator.permissions.query({ name: 'clipboard-read' as PermissionName }).then((p) => p.state))).resolves.not.toBe('granted');
    await expect(second.page.evaluate(() => document.documentElement.getAttribute('data-theme'))).resolves.toBe('light');
    await expect((await fetchText(second.page, '/robots.txt')).startsWith('routed')).toBe(false);
    await pool.release(second);
  });

  it('lends a tab whose session history grew long again, its history cleared (Chromium keeps only 50 entries)', async () => {
    const first = await pool.acquire(OPTIONS);
    await first.page.goto(url('/robots.txt'));
    // 40 entries of one document, each as the router makes them.
    await first.page.evaluate(() => {
      for (let i = 0; i < 40; i += 1) history.pushState({ key: String(i) }, '', `?entry=${i}`);
    });
    await expect(first.page.evaluate(() => history.length)).resolves.toBeGreaterThan(40);
    await pool.release(first);

    const second = await pool.acquire(OPTIONS);
    expect(second.page).toBe(first.page);
    await expect(second.page.evaluate(() => history.length)).resolves.toBe(1);
    await second.page.goto(url('/docs/intro'));
    await expect(second.page.evaluate(() => history.length)).resolves.toBe(2);
    await pool.release(second);
  });

  it('closes a tab the test made unfit (clock installed, second page opened) instead of lending it again', async () => {
    const clocked = await pool.acquire(OPTIONS);
    await clocked.page.clock.install();
    await pool.release(clocked);
    expect(clocked.page.isClosed()).toBe(true);

    const crowded = await pool.acquire(OPTIONS);
    await crowded.context.newPage();
    await pool.release(crowded);
    expect(crowded.page.isClosed()).toBe(true);
    const next = await pool.acquire(OPTIONS);
    expect(next.page).not.toBe(crowded.page);
    await pool.release(next);
  });

  it('keeps tabs apart by their context options, and pools only options it can reset', async () => {
    const desktop = await pool.acquire(OPTIONS);
    const noScript = await pool.acquire({ ...OPTIONS, javaScriptEnabled: false });
    expect(noScript.page).not.toBe(desktop.page);
    await pool.release(desktop);
    await pool.release(noScript);
    await expect(pool.acquire({ ...OPTIONS, javaScriptEnabled: false }).then((lease) => lease.page)).resolves.toBe(noScript.page);
    expect(poolKey({ locale: 'zh-CN', viewport: DESKTOP })).toBe(poolKey({ viewport: DESKTOP, locale: 'zh-CN' }));
    expect(poolKey({ ...OPTIONS, isMobile: true })).not.toBe(poolKey(OPTIONS));
    expect(poolable({ ...OPTIONS, colorScheme: 'dark', javaScriptEnabled: false })).toBe(true);
    expect(poolable({ ...OPTIONS, storageState: { cookies: [], origins: [] } })).toBe(false);
    expect(poolable({ ...OPTIONS, permissions: ['clipboard-read'] })).toBe(false);
  });
});

describe('tab pool, window size and media features', () => {
  it('lends a tab made for other ones, set to those the test asked for, and back again', async () => {
    const desktop = await pool.acquire(OPTIONS);
    await pool.release(desktop);
    const phone = await pool.acquire({ ...OPTIONS, viewport: PHONE, colorScheme: 'dark', reducedMotion: 'reduce' });
    expect(phone.page).toBe(desktop.page);
    await phone.page.goto(url('/docs/intro'));
    const seen = () =>
      phone.page.evaluate(() => [
        innerWidth,
        innerHeight,
        screen.width,
        matchMedia('(prefers-color-scheme: dark)').matches,
        matchMedia('(prefers-reduced-motion: reduce)').matches,
        matchMedia('(max-width: 996px)').matches,
      ]);
    await expect(seen()).resolves.toEqual([PHONE.width, PHONE.height, PHONE.width, true, true, true]);
    await pool.release(phone);

    const again = await pool.acquire(OPTIONS);
    expect(again.page).toBe(desktop.page);
    await again.page.goto(url('/docs/intro'));
    await expect(seen()).resolves.toEqual([DESKTOP.width, DESKTOP.height, DESKTOP.width, false, false, false]);
    await pool.release(again);
  });
});

async function fetchText(page: import('playwright-core').Page, path: string): Promise<string> {
  return page.evaluate((p) => fetch(p).then((r) => r.text()), path);
}

describe('a tab kept across tests (BrowserSession.keepTab(), as the audits keep theirs)', () => {
  let kept: KeptTab | undefined;
  afterAll(() => kept?.release());

  it('is left as it is when the test that took it ends', async () => {
    kept = await session.keepTab();
    await kept.page.goto(url('/docs/intro'));
    await ready(kept.page);
    await kept.page.evaluate(() => sessionStorage.setItem('kept', 'yes'));
  });

  it('still shows its page and storage in the next test, and goes back to the pool reset when released', async () => {
    const tab = kept as KeptTab;
    expect(tab.page.isClosed()).toBe(false);
    await expect(tab.page.evaluate(() => [location.pathname, sessionStorage.getItem('kept')])).resolves.toEqual(['/docs/intro', 'yes']);
    await tab.release();
    kept = undefined;
    expect(tab.page.isClosed()).toBe(false);
    expect(tab.page.url()).toBe('about:blank');
  });
});

describe('a fresh tab (session.tab() with fresh: true)', () => {
  it('is a page in a context of its own, never one of the pool’s, for tests of what a first visit fetches', async () => {
    const pooled = await session.tab();
    const fresh = await session.tab({}, { fresh: true });
    const workerPool = await (globalThis as unknown as Record<string, () => Promise<TabPool>>)[SHARED_TABS]?.();
    expect(fresh.context).not.toBe(pooled.context);
    expect(workerPool?.holds(pooled.context)).toBe(true);
    expect(workerPool?.holds(fresh.context)).toBe(false);
    expect(fresh.context.pages()).toEqual([fresh.page]);
  });
});
