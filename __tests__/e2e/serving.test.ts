/**
 * Serving (docs/deploy.md): the production nginx config (deploy/, scripts/nginx.mjs) serving the
 * build in public/ on loopback — statuses, canonical redirects, Gatsby's cache headers, the security
 * headers and CSP (header + per-page <meta> with the inline-script hashes), compression, and real
 * pages in Chromium with no CSP violation while navigating, switching theme and showing highlighted code.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import http from 'node:http';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { ConsoleMessage, Page } from 'playwright-core';
import { sitemapPaths } from './support/sitemap';
import { hydrated, useBrowser, url } from './support/browser';
import { idle } from './support/ready';
import { E2E_PORT, SITE_DIR } from './support/env';

jest.setTimeout(60_000);

const ROOT = path.resolve(__dirname, '../..');

/** deploy/http-rules.mjs is an ES module; jest runs CommonJS: read it through a child node. */
const RULES = JSON.parse(
  execFileSync(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      `import * as r from './deploy/http-rules.mjs';
       import { BROTLI_MODULE } from './scripts/nginx.mjs';
       import { existsSync } from 'node:fs';
       console.log(JSON.stringify({ security: r.SECURITY_HEADERS, headerCsp: r.headerCsp(), immutable: r.CACHE_IMMUTABLE,
         revalidate: r.CACHE_REVALIDATE, brotli: existsSync(BROTLI_MODULE) }));`,
    ],
    { cwd: ROOT, encoding: 'utf8' },
  ),
) as { security: Record<string, string>; headerCsp: string; immutable: string; revalidate: string; brotli: boolean };

interface Raw {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** One HTTP request without any client-side magic (no redirect following, no decompression). */
function raw(route: string, headers: Record<string, string> = {}): Promise<Raw> {
  // routes.txt types Chinese tags as text: send them percent-encoded, as a browser does.
  const path = route.replace(/[^\x21-\x7e]/g, (c) => encodeURIComponent(c));
  return new Promise((resolve, reject) => {
    const request = http.get({ host: '127.0.0.1', port: E2E_PORT, path, headers: { 'accept-encoding': 'identity', ...headers } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
    });
    request.on('error', reject);
  });
}

const text = (r: Raw) => r.body.toString('utf8');

function expectSecurityHeaders(r: Raw) {
  for (const [name, value] of Object.entries(RULES.security)) expect({ name, value: r.headers[name.toLowerCase()] }).toEqual({ name, value });
  expect(r.headers['content-security-policy']).toBe(RULES.headerCsp);
}

function directives(policy: string): Map<string, string[]> {
  return new Map(
    policy
      .split(';')
      .map((d) => d.trim())
      .filter(Boolean)
      .map((d) => d.split(/\s+/))
      .map(([name, ...sources]) => [name as string, sources]),
  );
}

/** The hashes of a page's inline executable scripts, computed here independently of csp-meta.mjs. */
function inlineScriptHashes(html: string): string[] {
  const out: string[] = [];
  for (const [, attrs, body] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    if (/\ssrc\s*=/.test(` ${attrs}`)) continue;
    const type = /\stype\s*=\s*"([^"]*)"/i.exec(` ${attrs}`)?.[1]?.toLowerCase() ?? '';
    if (!['', 'text/javascript', 'application/javascript', 'module'].includes(type)) continue;
    out.push(
      `'sha256-${createHash('sha256')
        .update(body as string)
        .digest('base64')}'`,
    );
  }
  return out;
}

function metaPolicy(html: string): string | null {
  return (
    /<meta http-equiv="Content-Security-Policy" content="([^"]*)"\s*\/?>/i
      .exec(html)?.[1]
      ?.replace(/&quot;/g, '"')
      .replace(/&amp;/g, '&') ?? null
  );
}

const SAMPLE_ROUTES = ['/', '/blog', '/blog/page/2', '/blog/binder', '/blog/tags/android', '/blog/archive', '/docs/desktop/wing/Introduce', '/docs/desktop/wing/Get%20start'];

describe('statuses', () => {
  // Every page of the build under test (the spec's routes on the real build: e2e-content/routes.test.ts).
  const pages = sitemapPaths(SITE_DIR);
  it('lists pages in the sitemap', () => expect(pages.length).toBeGreaterThan(20));
  it.each(pages)('%s answers 200', async (route) => {
    const r = await raw(route);
    expect(r.status).toBe(200);
    expect(r.headers['content-type']).toBe('text/html; charset=utf-8');
  });

  it.each(['/nope', '/blog/nope', '/docs/desktop/nope/deeper', '/static/nope.png', '/app-00000000000000000000.js', '/page-data/nope/page-data.json'])('%s is the not-found page with status 404', async (route) => {
    const r = await raw(route);
    expect(r.status).toBe(404);
    expect(r.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(text(r)).toContain('data-testid="not-found"');
    expect(r.headers['cache-control']).toBe(RULES.revalidate);
    expectSecurityHeaders(r);
  });

  it.each(['/_headers', '/_redirects'])('%s (for Netlify / Cloudflare Pages) is not served', async (route) => {
    expect((await raw(route)).status).toBe(404);
  });

  const redirects: Array<[string, string]> = [
    ['/blog/binder.html', '/blog/binder'],
    ['/blog/binder/index.html', '/blog/binder'],
    ['/blog/binder/', '/blog/binder'],
    ['/blog/binder//', '/blog/binder'],
    ['/blog/', '/blog'],
    ['/blog/index.html', '/blog'],
    ['/blog.html', '/blog'],
    ['/index.html', '/'],
    ['/docs/desktop/wing/Get%20start.html', '/docs/desktop/wing/Get%20start'],
    ['/docs/desktop/wing/Get%20start/', '/docs/desktop/wing/Get%20start'],
    ['/blog/tags/%E7%A9%BA%E5%A3%B3/index.html', '/blog/tags/%E7%A9%BA%E5%A3%B3'],
    ['/blog/tags/%E7%A9%BA%E5%A3%B3/', '/blog/tags/%E7%A9%BA%E5%A3%B3'],
    ['/blog/binder/?from=feed', '/blog/binder?from=feed'],
    ['/blog/binder.html?a=1&b=2', '/blog/binder?a=1&b=2'],
  ];
  it.each(redirects)('%s → 301 %s', async (from, to) => {
    const r = await raw(from);
    expect(r.status).toBe(301);
    const location = r.headers.location as string;
    expect(location).toBe(to); // relative, still percent-encoded, query kept
    expectSecurityHeaders(r);
    const target = await raw(location);
    expect(target.status).toBe(200);
  });

  it.each(['/%5Cevil.com/', '/%5C%5Cevil.com/index.html', '/%2F%2Fevil.com/', '//evil.com/', '/%5Cevil.com.html'])('%s never redirects to another host', async (hostile) => {
    const r = await raw(hostile);
    if (r.status === 301) expect(r.headers.location).toMatch(/^\/(?![/\\])/);
    else expect(r.status).toBe(404);
  });

  it('/404.html itself is served (hosts use it as the error page)', async () => {
    const r = await raw('/404.html');
    expect(r.status).toBe(200);
    expect(text(r)).toContain('data-testid="not-found"');
  });
});

describe('headers', () => {
  let home: string;
  beforeAll(async () => {
    home = text(await raw('/'));
  });

  it('hashed JS bundles and /static files are immutable for a year', async () => {
    const scripts = [...home.matchAll(/<script src="(\/[^"]+-[0-9a-f]{20}\.js)"/g)].map((m) => m[1] as string);
    expect(scripts.length).toBeGreaterThanOrEqual(3);
    for (const script of scripts) {
      const r = await raw(script);
      expect(r.status).toBe(200);
      expect(r.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(r.headers['content-type']).toMatch(/javascript/);
      expectSecurityHeaders(r);
    }
    const post = text(await raw('/blog/binder'));
    const image = /(\/static\/[0-9a-f]{32}\/[^"?\s]+)/.exec(post)?.[1];
    expect(image).toBeDefined();
    expect((await raw(image as string)).headers['cache-control']).toBe(RULES.immutable);
  });

  it.each([...SAMPLE_ROUTES, '/page-data/app-data.json', '/page-data/index/page-data.json', '/page-data/blog/binder/page-data.json', '/search/index.json', '/search/store.json'])(
    '%s must be revalidated (max-age=0) and carries the security headers',
    async (route) => {
      const r = await raw(route);
      expect(r.status).toBe(200);
      expect(r.headers['cache-control']).toBe('public, max-age=0, must-revalidate');
      expect(r.headers.etag).toBeDefined();
      expectSecurityHeaders(r);
    },
  );

  it('the CSP header forbids framing and leaves scripts to the page’s meta policy', () => {
    const header = directives(RULES.headerCsp);
    expect(header.get('frame-ancestors')).toEqual(["'none'"]);
    expect(header.has('script-src')).toBe(false);
    expect(header.has('default-src')).toBe(false);
  });

  it.each([...SAMPLE_ROUTES, '/nope', '/404.html'])('%s: its <meta> CSP lists exactly its inline scripts’ hashes, before any script', async (route) => {
    const html = text(await raw(route));
    const policy = metaPolicy(html);
    expect(policy).not.toBeNull();
    const meta = directives(policy as string);
    expect(meta.get('default-src')).toEqual(["'self'"]);
    expect(meta.get('object-src')).toEqual(["'none'"]);
    expect(meta.get('base-uri')).toEqual(["'self'"]);
    expect(meta.get('img-src')).toEqual(["'self'", 'data:']);
    expect(meta.get('connect-src')).toEqual(["'self'"]);
    const scriptSrc = meta.get('script-src') as string[];
    expect(scriptSrc).not.toContain("'unsafe-inline'");
    expect(scriptSrc).not.toContain("'unsafe-eval'");
    const hashes = inlineScriptHashes(html);
    expect(hashes.length).toBeGreaterThanOrEqual(3); // head script, chunk map, compilation hash, …
    expect([...scriptSrc].sort()).toEqual(["'self'", ...new Set(hashes)].sort());
    const metaAt = html.indexOf('<meta http-equiv="Content-Security-Policy"');
    expect(metaAt).toBeLessThan(html.search(/<script\b/i));
    expect(metaAt).toBeLessThan(html.search(/<style\b/i));
    expect(html.search(/<meta charSet="utf-8"\/>/i)).toBeLessThan(1024);
  });

  it('text is gzip-compressed for Accept-Encoding: gzip', async () => {
    for (const route of ['/blog/binder', '/page-data/blog/binder/page-data.json', (/<script src="(\/app-[^"]+\.js)"/.exec(home) as RegExpExecArray)[1] as string]) {
      const plain = await raw(route);
      const gz = await raw(route, { 'accept-encoding': 'gzip' });
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(gz.headers.vary).toMatch(/Accept-Encoding/i);
      expect(gunzipSync(gz.body).equals(plain.body)).toBe(true);
      expect(gz.body.length).toBeLessThan(plain.body.length / 2);
    }
  });

  // Debian's nginx has no built-in brotli; the module is the separate package
  // libnginx-mod-http-brotli-filter. scripts/nginx.mjs loads it when it is installed.
  (RULES.brotli ? it : it.skip)('text is brotli-compressed for Accept-Encoding: br (libnginx-mod-http-brotli-filter installed)', async () => {
    const plain = await raw('/blog/binder');
    const br = await raw('/blog/binder', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.body).equals(plain.body)).toBe(true);
  });
  (RULES.brotli ? it.skip : it)('without the brotli module, Accept-Encoding: br falls back to gzip', async () => {
    const r = await raw('/blog/binder', { 'accept-encoding': 'gzip, br' });
    expect(r.headers['content-encoding']).toBe('gzip');
  });
});

describe('Chromium: no CSP violation', () => {
  const session = useBrowser();

  /**
   * A page that records CSP violations (DOM events and console reports) and JS errors, in a warm
   * tab (the policy applies to every load alike, cached or not).
   */
  async function open(route: string): Promise<{ page: Page; problems: string[]; consoleErrors: string[] }> {
    const { context, page } = await session.tab();
    // Runs through the DevTools protocol, which CSP does not govern.
    await context.addInitScript(() => {
      const w = window as unknown as { __csp: string[] };
      w.__csp = [];
      document.addEventListener('securitypolicyviolation', (e) => w.__csp.push(`${e.effectiveDirective} blocked ${e.blockedURI || 'inline'} (${e.sourceFile}:${e.lineNumber})`));
    });
    const problems: string[] = [];
    const consoleErrors: string[] = [];
    page.on('console', (message: ConsoleMessage) => {
      if (/Content.Security.Policy|Refused to/i.test(message.text())) problems.push(`console: ${message.text()}`);
      // Chromium's own /favicon.ico request is not the page's doing.
      else if (message.type() === 'error' && !message.location().url.endsWith('/favicon.ico')) consoleErrors.push(`${message.text()} ${message.location().url}`);
    });
    page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
    await page.goto(url(route));
    await hydrated(page);
    return { page, problems, consoleErrors };
  }

  async function violations(page: Page, problems: string[]): Promise<string[]> {
    const events = await page.evaluate(() => (window as unknown as { __csp: string[] }).__csp);
    return [...problems, ...events];
  }

  it.each(['/', '/blog', '/blog/binder', '/docs/desktop/wing/Introduce', '/nope'])('%s loads, hydrates and reports no violation', async (route) => {
    const { page, problems, consoleErrors } = await open(route);
    // What the page put off until it was idle has run, and its violations (reported in a task of their own) are in.
    await idle(page);
    expect(await violations(page, problems)).toEqual([]);
    // The only console error allowed is the 404 status of the not-found page itself.
    expect(consoleErrors.filter((e) => !(route === '/nope' && /404/.test(e)))).toEqual([]);
    if (route === '/nope') await expect(page.getByTestId('not-found').count()).resolves.toBe(1);
  });

  it('client-side navigation, the theme toggle and highlighted code all work under the policy', async () => {
    const { page, problems } = await open('/');
    const requested: string[] = [];
    page.on('request', (request) => requested.push(new URL(request.url()).pathname));
    await page.evaluate(() => {
      (window as unknown as { __noReload: boolean }).__noReload = true;
    });

    // Navbar → blog list → archive → a post with code: Gatsby's router, no document load.
    await page.locator('header a[href="/blog"]').first().click();
    await page.waitForURL(url('/blog'));
    await page.locator('main a[href="/blog/archive"]').first().click();
    await page.waitForURL(url('/blog/archive'));
    await page.locator('main a[href="/blog/binder"]').first().click();
    await page.waitForURL(url('/blog/binder'));
    await page.waitForSelector('.code-pre .token', { timeout: 15_000 });
    expect(await page.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload)).toBe(true);
    // Code is highlighted at build time: no highlighting script is ever requested.
    expect(requested.some((p) => /highlight/.test(p))).toBe(false);
    expect(requested.some((p) => p === '/page-data/blog/binder/page-data.json')).toBe(true);
    expect(await page.locator('.code-pre .token').count()).toBeGreaterThan(10);

    // Theme toggle: the attribute flips and the stored choice survives a full load (head script).
    const before = await page.locator('html').getAttribute('data-theme');
    await page.getByTestId('color-mode-toggle').first().click();
    await expect(page.locator('html').getAttribute('data-theme')).resolves.not.toBe(before);
    const after = await page.locator('html').getAttribute('data-theme');
    await page.goto(url('/docs/desktop/wing/Introduce'));
    await hydrated(page);
    await expect(page.locator('html').getAttribute('data-theme')).resolves.toBe(after);

    // Back to a page seen before, through the router again.
    await page.goBack();
    await page.waitForURL(url('/blog/binder'));
    await page.waitForSelector('.code-pre .token');
    expect(await violations(page, problems)).toEqual([]);
  });

  it('a page whose inline script was changed after the build is blocked (the policy is enforced)', async () => {
    const { page } = await session.tab();
    const seen: string[] = [];
    page.on('console', (message) => seen.push(message.text()));
    // Same HTML as /blog/binder but one inline script altered: its hash no longer matches.
    await page.route(url('/blog/binder'), async (route) => {
      const response = await route.fetch();
      const html = (await response.text()).replace('window.pagePath="/blog/binder";', 'window.pagePath="/blog/binder";window.__tampered=1;');
      await route.fulfill({ response, body: html });
    });
    await page.goto(url('/blog/binder'));
    await page.waitForLoadState('load');
    expect(await page.evaluate(() => (window as unknown as { __tampered?: number }).__tampered)).toBeUndefined();
    expect(seen.some((t) => /Content Security Policy/i.test(t))).toBe(true);
  });
});
