#!/usr/bin/env node
// npm run bench:develop — the editor's loop, in a temporary copy of the project (what it times and
// how to compare two commits: docs/performance.md, "bench 脚本"). Each of --repeat rounds:
// 1. `gatsby clean`, `gatsby develop`: seconds until ready, until a doc page and its page data
//    answer, until Chromium has rendered it;
// 2. (first round) edits with that tab open, each timed from the write until the tab shows the new
//    text without a reload, then undone: a section appended to the doc's .mdx (--edits times; also
//    until the server's search files hold it), the footer's copyright in src/config/site.ts and a
//    line in Footer.tsx (--repeat times);
// 3. develop started again with the kept .cache.
// Every copy has its own .cache, public and build cache, emptied before each clean start (a fresh
// clone's first start); --keep-build-cache keeps the build cache instead (what `npm run clean`
// leaves), filled once before the first round. develop runs as in an editor's terminal (editorEnv).
//
// Options: --port <p>  --doc /docs/desktop/wing/Introduce  --repeat 3  --edits 5  --keep  --keep-build-cache
//          --compare <json of a run in a worktree of the other commit>  --json <file> (default .bench/develop.json)
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { arg, portArg, CHROMIUM, CHROMIUM_FLAGS, copyProject, median, ROOT, scriptEnv, table, treeStats } from './lib.mjs';

const port = await portArg('port');
const docPath = String(arg('doc', '/docs/desktop/wing/Introduce'));
const repeat = Math.max(1, Number(arg('repeat', 3)) || 1);
const mdxEdits = Math.max(1, Number(arg('edits', 5)) || 1);
const keep = arg('keep', false) === true;
const keepBuildCache = arg('keep-build-cache', false) === true;
const compare = typeof arg('compare') === 'string' ? path.resolve(String(arg('compare'))) : null;
/** How long after the tab showed an edit its search files may take (a develop that never updates search has no figure). */
const searchWaitMs = 10_000;
/** How long a start may take. */
const startTimeoutMs = 300_000;
/** How long a stopped develop may take to store its caches and exit before it is killed. */
const stopTimeoutMs = 30_000;
const jsonOut = path.resolve(String(arg('json', path.join(ROOT, '.bench', 'develop.json'))));
const gatsbyCli = (site) => path.join(site, 'node_modules', 'gatsby', 'cli.js');
const base = `http://127.0.0.1:${port}`;

if (!existsSync(path.join(ROOT, 'node_modules', 'gatsby', 'cli.js'))) throw new Error('找不到 node_modules/gatsby：请先 npm install');
if (!docPath.startsWith('/docs/')) throw new Error(`--doc 必须是文档页的路径（/docs/…），收到 ${docPath}`);
// ---------- edits, always undone ----------

/** Original text of every file an edit changed and has not restored yet. */
const pending = new Map();
function restoreAll() {
  for (const [file, text] of pending) writeFileSync(file, text);
  pending.clear();
}

/** The edits: a file of the copy and a pure function of its text that makes `token` appear on the doc page. */
function editsOf(site, docFile) {
  return [
    {
      name: '改 .mdx（追加一节）',
      file: docFile,
      times: mdxEdits,
      // A heading of its own: search's store keeps every section's heading (the search check).
      search: true,
      apply: (text, token) => `${text.trimEnd()}\n\n## ${token}\n\n性能测试追加的一节：编辑器保存之后，打开的页面不刷新就显示出来。\n`,
    },
    {
      name: '改 src/config/site.ts（页脚版权）',
      file: path.join(site, 'src', 'config', 'site.ts'),
      times: repeat,
      apply: (text, token) => text.replace(/(copyright:\s*`[^`]*)`/, `$1 ${token}\``),
    },
    {
      name: '改组件 Footer.tsx（加一行）',
      file: path.join(site, 'src', 'components', 'layout', 'Footer.tsx'),
      times: repeat,
      apply: (text, token) => text.replace(/<\/footer>/, `  <p>${token}</p>\n    </footer>`),
    },
  ];
}

// ---------- running gatsby develop ----------

let develop = null;
const copies = [];

/**
 * Stops develop (SIGTERM to its process group, as a terminal's Ctrl-C reaches every process) and
 * waits until it has exited: the next start must not read a cache webpack may still be writing.
 * SIGKILL after stopTimeoutMs.
 */
async function stopDevelop() {
  if (!develop) return;
  const { child } = develop;
  develop = null;
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  signalGroup(child, 'SIGTERM');
  const timer = setTimeout(() => signalGroup(child, 'SIGKILL'), stopTimeoutMs);
  await exited;
  clearTimeout(timer);
}

/** Tells develop to stop without waiting for it (the bench itself is being stopped). */
function stopDevelopNow() {
  if (!develop) return;
  signalGroup(develop.child, 'SIGTERM');
  develop = null;
}

/** Sends a signal to a child's whole process group (develop's workers too); a group already gone is fine. */
function signalGroup(child, signal) {
  try {
    process.kill(-child.pid, signal);
  } catch {
    /* gone */
  }
}

function cleanup() {
  restoreAll();
  stopDevelopNow();
  if (!keep) for (const { work } of copies) rmSync(work, { recursive: true, force: true });
}
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    cleanup();
    process.exit(130);
  });
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function fetchText(url) {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(30000) });
    return { status: res.status, text: await res.text() };
  } catch {
    return { status: 0, text: '' };
  }
}
const status = async (url) => (await fetchText(url)).status;

/**
 * The environment of an editor's terminal: without CI. Under CI (CI=1 and the like) Gatsby's
 * develop turns off Query on Demand and gatsby-plugin-sharp its lazy images, so it would run every
 * page's queries and every image job before it is ready, which is not what `npm run develop`
 * does on an editor's machine.
 */
const CI_VARIABLES = ['CI', 'CONTINUOUS_INTEGRATION', 'BUILD_NUMBER', 'RUN_ID', 'GITHUB_ACTIONS', 'GATSBY_CI'];
const editorEnv = Object.fromEntries(Object.entries(process.env).filter(([name]) => !CI_VARIABLES.includes(name)));

/** Starts `gatsby develop` in a copy; resolves once the doc page and its data answer. */
async function startDevelop({ work, site }, label) {
  const logFile = path.join(work, `develop-${label}.log`);
  writeFileSync(logFile, '');
  const started = performance.now();
  const seconds = () => (performance.now() - started) / 1000;
  const child = spawn(process.execPath, [gatsbyCli(site), 'develop', '--host', '127.0.0.1', '--port', String(port)], {
    cwd: site,
    detached: true, // own process group: stopping it stops the workers too
    // A build cache (gatsby/cache.ts) of the copy's own, empty at the first start.
    env: { ...editorEnv, NO_COLOR: '1', FORCE_COLOR: '0', GATSBY_TELEMETRY_DISABLED: '1', SITE_BUILD_CACHE: path.join(work, 'build-cache'), ...scriptEnv('develop', site) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const state = { child, log: '', readyS: null, exited: null, peakRss: 0, cpuS: 0 };
  develop = state;
  const onData = (d) => {
    // Plain text: without a terminal Gatsby still moves the cursor.
    // eslint-disable-next-line no-control-regex -- ESC starts the terminal's escape sequences
    const text = d.toString('utf8').replace(/\x1b\[[0-9;]*[A-Za-z]/g, '');
    state.log += text;
    writeFileSync(logFile, state.log);
    // Gatsby says "You can now view" before the development bundle is built: ready is both.
    if (state.readyS === null && /You can now view/.test(state.log) && /^success Building development bundle/m.test(state.log)) state.readyS = seconds();
  };
  child.stdout.on('data', onData);
  child.stderr.on('data', onData);
  child.on('exit', (code) => (state.exited = code));
  const sampler = setInterval(() => {
    const { total, cpu } = treeStats(child.pid);
    state.peakRss = Math.max(state.peakRss, total);
    state.cpuS = Math.max(state.cpuS, cpu);
  }, 250);
  state.stopSampling = () => clearInterval(sampler);

  const pageDataUrl = `${base}/page-data${encodeURI(decodeURIComponent(docPath))}/page-data.json`;
  let docS = null;
  while (docS === null) {
    if (state.exited !== null) throw new Error(`gatsby develop 退出了（${state.exited}）：\n${state.log.split('\n').slice(-20).join('\n')}`);
    if (performance.now() - started > startTimeoutMs) throw new Error(`gatsby develop ${startTimeoutMs / 1000} s 内没有就绪（日志 ${logFile}）`);
    if (state.readyS !== null && (await status(`${base}${docPath}`)) === 200 && (await status(pageDataUrl)) === 200) docS = seconds();
    else await sleep(100);
  }
  return { ...state, docS, logFile, seconds };
}

/** Opens the doc page in a new tab; the seconds since develop started when its heading is shown. */
async function renderDoc(browser, started) {
  const page = await browser.newPage();
  await page.goto(`${base}${docPath}`, { waitUntil: 'domcontentloaded', timeout: 120000 });
  await page.waitForSelector('main h1, article h1, h1', { timeout: 120000 });
  return { page, renderedS: started.seconds() };
}

/** A start's figures (printed as they come), with Gatsby's slowest phases. */
function startRow(state, renderedS) {
  console.log(` 就绪 ${state.readyS.toFixed(1)} s，文档页可访问 ${state.docS.toFixed(1)} s，浏览器渲染完成 ${renderedS.toFixed(1)} s`);
  return { readyS: state.readyS, docS: state.docS, renderedS, phases: slowPhases(state.log) };
}

/** Gatsby's `success <phase> - Ns` lines, slowest first. */
function slowPhases(log, top = 6) {
  const totals = new Map();
  for (const m of log.matchAll(/^success (.+?) - ([\d.]+)s/gm)) totals.set(m[1].trim(), (totals.get(m[1].trim()) ?? 0) + Number(m[2]));
  return [...totals]
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .map(([name, s]) => `${name} ${s.toFixed(1)}s`);
}

// ---------- the measurements ----------

/**
 * Seconds from t0 until the develop server's search files hold `token` (a heading: the store's
 * document chunks list every section's heading); null if not within the wait. store.json is the
 * manifest: each new build id's chunks (/search/<build>/d<k>.json, src/lib/search/shards.ts) are read once.
 */
async function searchHolds(token, t0, giveUpAt) {
  let read = '';
  while (performance.now() < giveUpAt()) {
    const { text } = await fetchText(`${base}/search/store.json`);
    let store = {};
    try {
      store = JSON.parse(text);
    } catch {
      // Not answered yet (the first build): asked again.
    }
    if (store.build && store.build !== read) {
      read = store.build;
      for (let k = 0; k * store.chunk < store.pages; k += 1) {
        const chunk = await fetchText(`${base}/search/${store.build}/d${k}.json`);
        if (chunk.text.includes(token)) return (performance.now() - t0) / 1000;
      }
    }
    await sleep(100);
  }
  return null;
}

/** Writes the edit, times until the open tab shows `token` (no reload), then undoes it. */
async function timeEdit(page, edit, site) {
  const original = readFileSync(edit.file, 'utf8');
  const token = `BENCH${Date.now().toString(36).toUpperCase()}`;
  const changed = edit.apply(original, token);
  if (changed === original) throw new Error(`${path.relative(site, edit.file)}：找不到要修改的位置`);
  await page.evaluate(() => {
    window.__benchNoReload = true;
  });
  pending.set(edit.file, original);
  const t0 = performance.now();
  writeFileSync(edit.file, changed);
  let shownAt = null;
  const search = edit.search ? searchHolds(token, t0, () => (shownAt ?? t0 + 60000) + searchWaitMs) : Promise.resolve(undefined);
  try {
    await page.waitForFunction((t) => document.body?.innerText.includes(t), token, { polling: 'raf', timeout: 60000 });
    shownAt = performance.now();
    const s = (shownAt - t0) / 1000;
    const reloaded = !(await page.evaluate(() => window.__benchNoReload === true));
    return { s, reloaded, searchS: await search };
  } finally {
    await search.catch(() => {});
    writeFileSync(edit.file, original);
    pending.delete(edit.file);
    await page.waitForFunction((t) => !document.body?.innerText.includes(t), token, { polling: 'raf', timeout: 60000 }).catch(() => {});
  }
}

/** Every round of one copy: clean start, edits (first round), kept-.cache start. */
async function measure(copy, label) {
  const docFile = path.join(copy.site, 'content', 'docs', `${decodeURIComponent(docPath.slice('/docs/'.length))}.mdx`);
  if (!existsSync(docFile)) throw new Error(`找不到 ${docPath} 的源文件 ${path.relative(copy.site, docFile)}`);
  const out = { label, cold: [], warm: [], edits: [] };
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS, headless: true });
  try {
    if (keepBuildCache) {
      process.stdout.write(`[${label}] 先启动一次，填好构建缓存（不计）…`);
      const fill = await startDevelop(copy, `${label}-fill`);
      await fetchText(`${base}/search/store.json`); // answered once the first search build is done
      fill.stopSampling();
      await stopDevelop();
      console.log(' 好了');
    }
    for (let round = 1; round <= repeat; round++) {
      spawnSync(process.execPath, [gatsbyCli(copy.site), 'clean'], { cwd: copy.site, stdio: 'ignore' });
      if (!keepBuildCache) rmSync(path.join(copy.work, 'build-cache'), { recursive: true, force: true });
      process.stdout.write(`[${label} ${round}/${repeat}] gatsby develop（clean 后）…`);
      const cold = await startDevelop(copy, `${label}-cold-${round}`);
      const { page, renderedS } = await renderDoc(browser, cold);
      const coldRow = startRow(cold, renderedS);
      if (round === 1) {
        // Search in use, as for a reader who opened it (the development server builds its files on the first request):
        // the edits' "search follows" figure needs them, and the first edit should not pay for the first build.
        await fetchText(`${base}/search/store.json`);
        for (const edit of editsOf(copy.site, docFile)) {
          const runs = [];
          for (let i = 0; i < edit.times; i++) {
            runs.push(await timeEdit(page, edit, copy.site));
            await sleep(500);
          }
          out.edits.push({ name: edit.name, search: edit.search === true, runs });
          const searchNote = edit.search ? `；搜索 ${runs.map((r) => (r.searchS == null ? `>${searchWaitMs / 1000}s` : r.searchS.toFixed(2))).join(' / ')} s` : '';
          console.log(`    ${edit.name}：${runs.map((r) => r.s.toFixed(2)).join(' / ')} s${searchNote}${runs.some((r) => r.reloaded) ? '（有整页刷新）' : ''}`);
        }
      }
      cold.stopSampling();
      out.cold.push({ ...coldRow, peakRss: cold.peakRss, cpuS: cold.cpuS });
      await page.close();
      await stopDevelop();
      process.stdout.write(`[${label} ${round}/${repeat}] gatsby develop（保留 .cache 再启动）…`);
      const again = await startDevelop(copy, `${label}-warm-${round}`);
      const shown = await renderDoc(browser, again);
      again.stopSampling();
      out.warm.push({ ...startRow(again, shown.renderedS), peakRss: again.peakRss, cpuS: again.cpuS });
      await shown.page.close();
      await stopDevelop();
    }
  } finally {
    await browser.close().catch(() => {});
  }
  return out;
}

// ---------- the table ----------

const med = (xs) => (xs.length ? median(xs) : null);
/** The figures an editor waits on (docs/performance.md), each a median over its runs (null: not measured / never). */
function figures(m) {
  if (!m) return {};
  const at = (rows, key) => med(rows.map((r) => r[key]).filter((v) => typeof v === 'number'));
  const edit = (re) => m.edits.find((e) => re.test(e.name));
  const runs = (e) => (e?.runs ?? []).map((r) => r.s);
  const mdx = edit(/\.mdx/);
  const searchRuns = mdx ? mdx.runs.map((r) => r.searchS) : [];
  return {
    coldReady: at(m.cold, 'readyS'),
    coldDoc: at(m.cold, 'docS'),
    coldRendered: at(m.cold, 'renderedS'),
    warmReady: at(m.warm, 'readyS'),
    warmDoc: at(m.warm, 'docS'),
    warmRendered: at(m.warm, 'renderedS'),
    mdx: med(runs(mdx)),
    config: med(runs(edit(/site\.ts/))),
    component: med(runs(edit(/Footer/))),
    // Every run must have found it: a develop that does not update search has no figure.
    search: searchRuns.length && searchRuns.every((s) => typeof s === 'number') ? med(searchRuns) : null,
    searchNote: `${searchRuns.filter((s) => typeof s === 'number').length}/${searchRuns.length} 次更新`,
    counts: { cold: m.cold.length, warm: m.warm.length, mdx: runs(mdx).length },
  };
}

function printTable(beforeRun, afterRun, [beforeLabel, afterLabel] = ['对照（--compare）', '这一次']) {
  const b = figures(beforeRun);
  const a = figures(afterRun);
  const f = (s) => (s === null || s === undefined ? '—' : s.toFixed(2));
  const rows = [
    ['clean 后启动 → 就绪', 'coldReady', ''],
    ['clean 后启动 → 文档页可访问', 'coldDoc', ''],
    ['clean 后启动 → 浏览器渲染出文档页', 'coldRendered', '≤ 15'],
    ['保留 .cache 再启动 → 就绪', 'warmReady', ''],
    ['保留 .cache 再启动 → 文档页可访问', 'warmDoc', ''],
    ['保留 .cache 再启动 → 浏览器渲染出文档页', 'warmRendered', '≤ 8'],
    [`改 .mdx → 打开的页面显示（${a.counts?.mdx ?? 0} 次中位数）`, 'mdx', '≤ 0.8'],
    ['改 src/config/site.ts → 页面显示', 'config', '≤ 1.0'],
    ['改组件 Footer.tsx → 页面显示', 'component', '≤ 1.0'],
    ['改 .mdx → 开发服务器的搜索文件含新内容', 'search', '≤ 2'],
  ];
  const headers = beforeRun ? ['测量（秒，中位数）', beforeLabel, afterLabel, '目标'] : ['测量（秒，中位数）', '秒', '目标'];
  table(
    headers,
    rows.map(([name, key, goal]) => (beforeRun ? [name, f(b[key]), f(a[key]), goal] : [name, f(a[key]), goal])),
  );
  console.log(`\nclean：${keepBuildCache ? '只 gatsby clean，保留构建缓存（npm run clean 的情形）' : 'gatsby clean，构建缓存也清空（全新克隆第一次启动的情形）'}`);
  console.log(
    `启动各 ${a.counts?.cold ?? 0} 次（clean）/ ${a.counts?.warm ?? 0} 次（保留 .cache）；搜索：${afterLabel} ${a.searchNote}${beforeRun ? `，${beforeLabel} ${b.searchNote}` : ''}（“—”：${searchWaitMs / 1000} s 内没有更新）`,
  );
}

const results = { date: new Date().toISOString(), cpus: os.cpus().length, load1: os.loadavg()[0], node: process.version, doc: docPath, port, repeat, keepBuildCache, before: null, after: null };
try {
  console.log(`机器：${os.cpus().length} 核 ${os.cpus()[0]?.model ?? ''}，Node ${process.version}，1 分钟负载 ${os.loadavg()[0].toFixed(1)}；文档页 ${docPath}；端口 ${port}\n`);
  if (compare) results.before = JSON.parse(readFileSync(compare, 'utf8')).after ?? JSON.parse(readFileSync(compare, 'utf8'));
  const copy = copyProject('iofomo-bench-develop-');
  copies.push(copy);
  results.after = await measure(copy, '改动后');

  console.log('\n## 开发服务器');
  printTable(results.before, results.after);
  const cold = results.after.cold[0];
  console.log(`\n进程树峰值 ${(Math.max(...results.after.cold.map((c) => c.peakRss)) / 2 ** 20).toFixed(0)} MB；第一次 clean 后启动到编辑结束 CPU ${cold.cpuS.toFixed(1)} s`);
  console.log(`clean 后最慢的阶段：${cold.phases.join('；')}`);
  if (results.after.warm[0]) console.log(`保留 .cache 再启动最慢的阶段：${results.after.warm[0].phases.join('；')}；CPU ${results.after.warm[0].cpuS.toFixed(1)} s`);
} catch (error) {
  console.error(`\n${error instanceof Error ? error.message : error}`);
  process.exitCode = 1;
} finally {
  cleanup();
  mkdirSync(path.dirname(jsonOut), { recursive: true });
  writeFileSync(jsonOut, JSON.stringify(results, null, 2));
  console.log(`\n明细：${path.relative(process.cwd(), jsonOut)}${keep ? `；临时目录保留在 ${copies.map((c) => c.work).join('、')}` : ''}`);
}
