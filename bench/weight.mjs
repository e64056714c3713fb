#!/usr/bin/env node
// npm run bench:weight — what the browser actually loads on first visit to five page types.
//
// Serves a snapshot of the production build (public/, built first only if missing) with nginx on
// a free loopback port, opens each page in a fresh Chromium context (empty cache), waits for network
// idle plus a quiet period, and records every response: JS, CSS, HTML, page-data/app-data JSON.
// Sizes are the decoded body (raw) and zlib gzip of that body at level 6 (nginx's setting).
// Requests Gatsby makes for *other* pages (link prefetch of page-data/templates) are counted
// separately as "prefetch" and are not part of the first-load figures.
//
// Options: --root <dir> (default public/)  --port <p> (default: a free port)  --pages /a,/b  --mobile (412x823 viewport)
//          --quiet <ms> (wait after network idle, 6000)  --detail (module families of every JS chunk)  --json <file> (default .bench/weight.json)
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { arg, portArg, waitForQuietBuildDir, CHROMIUM, CHROMIUM_FLAGS, chunkComposition, chunkLabel, ensureBuild, kb, pagesFromArgs, ROOT, serveSnapshot, table, waitForServer } from './lib.mjs';
import { pageDataPath } from '../gatsby/framework/output.cjs';

const JS_BUDGET_GZ = 90 * 1024;
const QUIET_MS = Number(arg('quiet', 6000)); // after networkidle: Gatsby's idle-time prefetches start seconds later (docs/decisions/first-load-javascript.md)
const root = path.resolve(String(arg('root', path.join(ROOT, 'public'))));
const port = await portArg('port');
const mobile = arg('mobile', false) === true;
const detail = arg('detail', false) === true;
const jsonOut = path.resolve(String(arg('json', path.join(ROOT, '.bench', 'weight.json'))));
const pages = pagesFromArgs();

function category(url, resourceType, contentType) {
  const p = new URL(url).pathname;
  if (resourceType === 'document') return 'html';
  if (p.endsWith('.js') || resourceType === 'script') return 'js';
  if (p.endsWith('.css') || resourceType === 'stylesheet') return 'css';
  if (p.startsWith('/page-data/') && p.endsWith('.json')) return 'data';
  if (resourceType === 'image' || /^image\//.test(contentType)) return 'img';
  if (resourceType === 'font' || /^font\//.test(contentType)) return 'font';
  if (/html/.test(contentType)) return 'html';
  return 'other';
}

/** Inline <style> and <script> bytes in the HTML: global CSS inlined on every page shows up here. */
function inlineParts(html) {
  const sum = (re) => [...html.matchAll(re)].reduce((n, m) => n + Buffer.byteLength(m[1]), 0);
  return {
    inlineStyle: sum(/<style[^>]*>([\s\S]*?)<\/style>/g),
    inlineGlobalStyle: sum(/<style data-emotion="css-global[^"]*"[^>]*>([\s\S]*?)<\/style>/g),
    styleTags: (html.match(/<style[\s>]/g) ?? []).length,
    inlineScript: sum(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g),
  };
}

async function measure(browser, base, snapshotDir, page) {
  const context = await browser.newContext({
    viewport: mobile ? { width: 412, height: 823 } : { width: 1440, height: 900 },
    deviceScaleFactor: 1,
    locale: 'zh-CN',
    serviceWorkers: 'block',
  });
  const tab = await context.newPage();
  const pending = [];
  const records = [];
  const consoleErrors = [];
  tab.on('console', (msg) => {
    if (msg.type() === 'error') consoleErrors.push(msg.text());
  });
  tab.on('pageerror', (err) => consoleErrors.push(err.message));
  const ownDataPath = `/${pageDataPath(page.path)}`;
  tab.on('response', (response) => {
    pending.push(
      (async () => {
        const request = response.request();
        const url = response.url();
        if (!url.startsWith(base)) return;
        const headers = await request.allHeaders().catch(() => ({}));
        let body;
        try {
          body = await response.body();
        } catch {
          body = null; // e.g. redirects, aborted prefetches
        }
        const pathname = decodeURIComponent(new URL(url).pathname);
        // Chromium does not hand out bodies of <link rel=prefetch> responses: read the served file.
        if ((body === null || body.length === 0) && response.status() === 200) {
          const file = path.join(snapshotDir, pathname);
          body = existsSync(file) && statSync(file).isFile() ? readFileSync(file) : body;
        }
        if (body === null) return;
        const type = category(url, request.resourceType(), response.headers()['content-type'] ?? '');
        // Chromium marks <link rel=prefetch> with Sec-Purpose/Purpose: prefetch.
        let prefetch = /prefetch/i.test(headers['sec-purpose'] ?? headers.purpose ?? '');
        // Gatsby also fetches page-data of linked pages with fetch() on hover/idle: not this page's own.
        if (type === 'data' && pathname.startsWith('/page-data/') && pathname !== ownDataPath && !pathname.startsWith('/page-data/app-data') && !pathname.startsWith('/page-data/sq/')) prefetch = true;
        records.push({
          url: pathname,
          status: response.status(),
          type,
          prefetch,
          raw: body.length,
          gzip: gzipSync(body, { level: 6 }).length,
          ...(type === 'html' && response.status() === 200 ? inlineParts(body.toString('utf8')) : {}),
        });
      })(),
    );
  });
  const started = Date.now();
  await tab.goto(base + encodeURI(page.path), { waitUntil: 'networkidle', timeout: 60000 });
  await tab.waitForTimeout(QUIET_MS);
  await tab.waitForLoadState('networkidle', { timeout: 30000 }).catch(() => {});
  await Promise.all(pending);
  // Gatsby prefetches page-data with <link rel=prefetch> and then fetches it again (served from
  // cache): count each URL once.
  const seen = new Set();
  const unique = records.filter((r) => (seen.has(r.url) ? false : seen.add(r.url)));
  records.length = 0;
  records.push(...unique);
  const elapsed = Date.now() - started;
  await context.close();
  return { records, consoleErrors, elapsed };
}

function summarize(records) {
  const first = records.filter((r) => !r.prefetch);
  const pre = records.filter((r) => r.prefetch);
  const by = (list, type) => {
    const xs = list.filter((r) => r.type === type);
    return { count: xs.length, raw: xs.reduce((n, r) => n + r.raw, 0), gzip: xs.reduce((n, r) => n + r.gzip, 0) };
  };
  const html = first.find((r) => r.type === 'html' && r.status === 200) ?? null;
  return {
    js: by(first, 'js'),
    css: by(first, 'css'),
    html: by(first, 'html'),
    data: by(first, 'data'),
    img: by(first, 'img'),
    font: by(first, 'font'),
    other: by(first, 'other'),
    inlineStyle: html?.inlineStyle ?? 0,
    inlineGlobalStyle: html?.inlineGlobalStyle ?? 0,
    styleTags: html?.styleTags ?? 0,
    inlineScript: html?.inlineScript ?? 0,
    prefetch: { js: by(pre, 'js'), data: by(pre, 'data'), all: by(pre, 'js').count + by(pre, 'data').count },
  };
}

const compositionCache = new Map();
function familiesOf(snapshotDir, url) {
  if (!compositionCache.has(url)) compositionCache.set(url, chunkComposition(path.join(snapshotDir, url)) ?? []);
  return compositionCache.get(url);
}

/** True when a loaded chunk holds ≥ 1 KB of code from a module family matching `re`. */
function contains(snapshotDir, url, re) {
  return familiesOf(snapshotDir, url).some((f) => re.test(f.family) && f.bytes >= 1024);
}

function composition(snapshotDir, url) {
  const families = familiesOf(snapshotDir, url);
  if (!families?.length) return '';
  const total = families.reduce((n, f) => n + f.bytes, 0) || 1;
  return families
    .slice(0, detail ? 8 : 3)
    .filter((f) => f.bytes / total >= 0.05 || detail)
    .map((f) => `${f.family} ${Math.round((f.bytes / total) * 100)}%`)
    .join(', ');
}

ensureBuild(root);
if (root === path.join(ROOT, 'public')) await waitForQuietBuildDir();
const server = serveSnapshot(root, port);
let browser;
const results = [];
try {
  await waitForServer(server.base);
  browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_FLAGS });
  console.log(`构建：${root}（快照 ${server.dir}）  服务：${server.base}  视口：${mobile ? '412×823' : '1440×900'}  gzip：zlib level 6\n`);
  for (const page of pages) {
    const { records, consoleErrors, elapsed } = await measure(browser, server.base, server.dir, page);
    const s = summarize(records);
    results.push({ ...page, summary: s, records, consoleErrors, elapsed });

    console.log(`## ${page.name}  ${page.path}${s.js.gzip > JS_BUDGET_GZ ? `   ⚠ JS ${kb(s.js.gzip)} KB gzip > 90 KB` : ''}`);
    table(
      ['类型', '文件数', 'raw KB', 'gzip KB'],
      [
        ['JS', s.js.count, kb(s.js.raw), kb(s.js.gzip)],
        ['CSS', s.css.count, kb(s.css.raw), kb(s.css.gzip)],
        ['HTML', s.html.count, kb(s.html.raw), kb(s.html.gzip)],
        ['  其中内联 <style>', s.styleTags, kb(s.inlineStyle), ''],
        ['    其中全局样式', '', kb(s.inlineGlobalStyle), ''],
        ['  其中内联 <script>', '', kb(s.inlineScript), ''],
        ['page/app-data JSON', s.data.count, kb(s.data.raw), kb(s.data.gzip)],
        ['图片', s.img.count, kb(s.img.raw), kb(s.img.gzip)],
        ['字体', s.font.count, kb(s.font.raw), kb(s.font.gzip)],
        ['其他', s.other.count, kb(s.other.raw), kb(s.other.gzip)],
        ['预取（其他页面）', s.prefetch.all, kb(s.prefetch.js.raw + s.prefetch.data.raw), kb(s.prefetch.js.gzip + s.prefetch.data.gzip)],
      ],
    );
    const chunks = records.filter((r) => r.type === 'js').sort((a, b) => Number(a.prefetch) - Number(b.prefetch) || b.gzip - a.gzip);
    console.log('JS chunks（gzip KB；组成按 source map 估算）：');
    for (const r of chunks)
      console.log(
        `  ${r.prefetch ? '(预取) ' : ''}${chunkLabel(r.url)}  ${kb(r.gzip)}${(() => {
          const c = composition(server.dir, r.url);
          return c ? `  [${c}]` : '';
        })()}`,
      );
    const dataFiles = records.filter((r) => r.type === 'data' && !r.prefetch);
    if (dataFiles.length) console.log(`JSON：${dataFiles.map((r) => `${r.url} ${kb(r.raw)} KB`).join('；')}`);
    const hydration = consoleErrors.filter((e) => /Minified React error #(418|423|425)/.test(e));
    if (consoleErrors.length) console.log(`控制台错误 ${consoleErrors.length} 条${hydration.length ? `（其中水合错误 ${hydration.length} 条）` : ''}：\n  ${consoleErrors.map((e) => e.slice(0, 160)).join('\n  ')}`);
    console.log('');
  }

  console.log('## 汇总（首次加载，不含对其他页面的预取）');
  table(
    ['页面', 'JS 文件', 'JS raw KB', 'JS gzip KB', 'CSS gzip KB', 'HTML raw KB', 'HTML gzip KB', '内联 style KB', 'data KB', '预取 文件/gzip KB', '超 90 KB'],
    results.map(({ name, path: p, summary: s }) => [
      `${name} ${p}`,
      s.js.count,
      kb(s.js.raw),
      kb(s.js.gzip),
      kb(s.css.gzip),
      kb(s.html.raw),
      kb(s.html.gzip),
      kb(s.inlineStyle),
      kb(s.data.raw),
      `${s.prefetch.all} / ${kb(s.prefetch.js.gzip + s.prefetch.data.gzip)}`,
      s.js.gzip > JS_BUDGET_GZ ? '是' : '否',
    ]),
  );
  const has = (label) => results.filter((r) => r.records.some((x) => x.type === 'js' && !x.prefetch && chunkLabel(x.url) === label)).map((r) => r.path);
  console.log(`\nhighlight 块出现在：${has('highlight').join(' ') || '（无）'}`);
  const lazyHydrate = results
    .filter((r) => r.records.some((x) => x.type === 'js' && !x.prefetch && (contains(server.dir, x.url, /^react-dom\/server$|^gatsby-plugin-image$/) || /lazy-hydrate/.test(x.url))))
    .map((r) => r.path);
  console.log(`gatsby-plugin-image lazy-hydrate / react-dom/server 出现在：${lazyHydrate.join(' ') || '（无）'}`);
  // Search: a search box in the navbar is expected; the index/engine (flexsearch, pinyin-pro,
  // src/lib/search) should arrive only when the reader starts searching.
  const searchLines = results.map((r) => {
    const found = new Map();
    for (const x of r.records.filter((y) => y.type === 'js' && !y.prefetch)) {
      for (const f of familiesOf(server.dir, x.url)) if (/flexsearch|pinyin-pro|search/i.test(f.family) && f.bytes >= 512) found.set(f.family, (found.get(f.family) ?? 0) + f.bytes);
    }
    return found.size ? `${r.path}（${[...found].map(([f, b]) => `${f} ${kb(b)} KB raw`).join('，')}）` : null;
  });
  console.log(`搜索相关代码（首次加载）：${searchLines.filter(Boolean).join('；') || '（无）'}`);
  const engine = results.filter((r) => r.records.some((x) => x.type === 'js' && !x.prefetch && contains(server.dir, x.url, /^(flexsearch|pinyin-pro)$/)));
  console.log(`搜索引擎（flexsearch / pinyin-pro）首次加载出现在：${engine.map((r) => r.path).join(' ') || '（无）'}`);
  const over = results.filter((r) => r.summary.js.gzip > JS_BUDGET_GZ);
  console.log(over.length ? `⚠ 超过 90 KB gzip JS 的页面：${over.map((r) => r.path).join(' ')}` : '全部页面 JS ≤ 90 KB gzip');

  mkdirSync(path.dirname(jsonOut), { recursive: true });
  writeFileSync(jsonOut, JSON.stringify({ date: new Date().toISOString(), root, mobile, results }, null, 2));
  console.log(`\n明细（每个响应）：${path.relative(process.cwd(), jsonOut)}`);
} finally {
  await browser?.close();
  server.stop();
}
